#pragma once

// What WarpGanttView's two source files share: where things go in the chart. Not for other views.
#include "gpu/WarpGanttView.h"

namespace mlsyslab::widgets {

struct WarpGanttView::Geometry {
    int labelWidth = 0;  // "S0 w12" column at the left
    int groupLabelWidth = 0;
    int axisHeight = 0;
    int headerHeight = 0;
    int groupGap = 0;
    int paneGap = 0;
    int rowHeight = 0;
    bool rowLabels = false;
    std::vector<int> paneTops;
};

namespace gantt {

// Cells at least this wide get a gap between them, so single cycles can be counted.
inline constexpr double kSeparateCellsFrom = 6.0;

// How many scheduler groups a run's rows form, and the index of a row's group.
int groupCount(const WarpTimeline& timeline);
int groupIndexOf(const WarpTimeline& timeline, int row);

}  // namespace gantt

}  // namespace mlsyslab::widgets
