#pragma once

#include <qcustomplot.h>

#include <QStringList>
#include <vector>

#include "memory/CacheTopology.h"
#include "memory/LatencyPlateaus.h"
#include "memory/LatencyProbe.h"

namespace mlsyslab::widgets {

// The measured staircase: nanoseconds per load (left axis, log scale, so every step shows as
// a step and L1's 1 ns is not crushed against DRAM's 100) against the working set (log 2
// scale, labelled 4 KiB, 16 KiB, ... every two octaves). Dashed vertical lines mark this
// machine's data caches at their sizes; each plateau is a thick bar in its level's colour
// (MemoryColors) with a label "L1 ≈ 1.2 ns" over "≈ 4 cycles", placed where it hides no point
// and no other label; the right axis reads the same heights
// in cycles once the clock is known. Points are added one by one as the probe measures them.
// Graph 0 holds the points.
class LatencyCurvePlot : public QCustomPlot {
    Q_OBJECT
public:
    explicit LatencyCurvePlot(QWidget* parent = nullptr);

    // The x range the curve will cover: 4 KiB to the largest working set.
    void setWorkingSetRange(std::uint64_t smallestBytes, std::uint64_t largestBytes);
    void setTopology(const memory::CacheTopology& topology);
    void setClock(double clockGHz);  // 0: not known, no cycles axis
    void clearMeasurement();         // points and plateaus
    void addPoint(const memory::LatencyPoint& point);
    void setPlateaus(const std::vector<memory::LevelLatency>& levels);

    int pointCount() const;
    // The plateaus' labels as shown, in level order, and the cache lines' labels.
    QStringList plateauLabels() const;
    QStringList cacheLabels() const;

    // Pens, fonts and colours for the widget's current font and palette (DisplayStyle.h).
    void restyle();

private:
    void rebuildCacheMarks();
    void rebuildPlateauMarks();
    // The plateau labels' heights, in pixels from their bars (after every layout).
    void placePlateauLabels();
    // The pixel rectangle of a label anchored at `anchorX` with its bottom at `bottom`.
    QRectF labelRect(const QCPItemText& text, double anchorX, double bottom) const;
    void fitValueRange();
    void updateCyclesAxis();

    std::uint64_t smallestBytes_ = 4096;
    std::uint64_t largestBytes_ = 256ull << 20;
    memory::CacheTopology topology_;
    double clockGHz_ = 0.0;
    std::vector<memory::LatencyPoint> points_;
    std::vector<memory::LevelLatency> plateaus_;
    std::vector<QCPAbstractItem*> cacheItems_;
    std::vector<QCPItemText*> cacheTexts_;
    std::vector<QCPAbstractItem*> plateauItems_;
    std::vector<QCPItemText*> plateauTexts_;
};

}  // namespace mlsyslab::widgets
