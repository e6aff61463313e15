#pragma once

#include <qcustomplot.h>

#include <map>
#include <optional>
#include <vector>

#include "memory/LectureLatencies.h"

namespace mlsyslab::widgets {

// The latency ladder: one row per level of the hierarchy, registers at the top and the SSD at
// the bottom, each with a horizontal bar as long as its latency in cycles on a log scale (so 1
// and 10,000 fit one picture: a linear scale would show one long SSD bar and five invisible
// ones). Solid bars are the lecture's figures (memory/LectureLatencies.h), in each level's
// colour (MemoryColors); once measured, a pale bar under each shows this machine's latency,
// and the rows the probe cannot measure (registers, SSD) say "not measured". The text at each
// bar's end gives the cycles and, with the analogy on, how long that would be if one cycle took
// one second.
class LatencyLadderPlot : public QCustomPlot {
    Q_OBJECT
public:
    struct Measured {
        double nanoseconds = 0.0;
        double cycles = 0.0;  // 0 when the clock is not known
    };

    explicit LatencyLadderPlot(QWidget* parent = nullptr);

    void setLevels(const std::vector<memory::HierarchyLevel>& levels);  // rows, top first
    void setAnalogy(bool shown);
    // Whether the measured row is drawn (false: the lecture's bars alone).
    void setMeasuredShown(bool shown);
    // This machine's latency of a level; nothing: not measured (yet).
    void setMeasured(const std::map<memory::HierarchyLevel, Measured>& measured);
    // While a measurement runs, a measurable level without a value reads "measuring…"; after
    // it, "not measured", as registers and the SSD always do.
    void setMeasuring(bool running);

    // The texts at the bars' ends, for a level shown ("" when it has none).
    QString lectureLabel(memory::HierarchyLevel level) const;
    QString measuredLabel(memory::HierarchyLevel level) const;
    std::vector<memory::HierarchyLevel> levels() const { return levels_; }
    std::optional<Measured> measured(memory::HierarchyLevel level) const;

    // Pens, fonts, colours and the height for the widget's current font and palette.
    void restyle();

private:
    void rebuild();
    // The cycle axis ends where the widest bar text still fits (after every layout).
    void fitRangeToLabels();
    // Tall enough for every row's text at the current font: taller once measured bars join.
    void fitHeightToRows();

    std::vector<memory::HierarchyLevel> levels_;
    bool analogy_ = true;
    bool measuredShown_ = false;
    bool measuring_ = false;
    std::map<memory::HierarchyLevel, Measured> measured_;
    std::map<memory::HierarchyLevel, QCPItemText*> lectureTexts_;
    std::map<memory::HierarchyLevel, QCPItemText*> measuredTexts_;
    std::vector<QCPBars*> lectureBars_;
    std::vector<QCPBars*> measuredBars_;
};

// "Registers", "L1 cache", "L2 cache", "L3 cache", "RAM", "SSD".
QString hierarchyLevelName(memory::HierarchyLevel level);
// The lecture's bar text: "4 cycles", with the analogy "4 cycles · 4 s".
QString lectureLatencyText(double cycles, bool analogy);
// A measured bar's text: "4.2 cycles · 1.2 ns" (with the analogy "… · 4.2 s"), or
// "1.2 ns" when the clock is not known.
QString measuredLatencyText(double nanoseconds, double cycles, bool analogy);

}  // namespace mlsyslab::widgets
