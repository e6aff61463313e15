#pragma once

#include <qcustomplot.h>

#include <vector>

namespace mlsyslab::widgets {

// Text labels pinned beside points of a log-log plot, kept apart. Points of a benchmark often
// sit close (three rungs at the same size, 20 % apart in speed), and labels that overlap cannot
// be read from the back of a lecture hall. So after every layout (QCustomPlot::afterLayout) each
// label is placed beside its point, vertically centred on it, and then labels are pushed apart
// from top to bottom so that none overlaps the one above, and back up from the bottom edge so
// none leaves the plot; a label that would stick out past the left or right edge is moved in.
struct AnchoredLabel {
    QCPItemText* text = nullptr;
    double x = 0.0;  // the point, in plot coordinates
    double y = 0.0;
    bool leftOfPoint = false;
};

// `gapPixels`: between the point and the label's near edge.
void placeLabelsApart(const QCustomPlot& plot, const std::vector<AnchoredLabel>& labels,
                      double gapPixels);

}  // namespace mlsyslab::widgets
