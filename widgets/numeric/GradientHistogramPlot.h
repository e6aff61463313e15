#pragma once

#include <qcustomplot.h>

#include <QString>
#include <array>

#include "numeric/MixedPrecision.h"

namespace mlsyslab::widgets {

// What the gradient histogram shows. Every number comes from the engine
// (numeric/MixedPrecision.h); the plot only draws it.
struct GradientHistogramData {
    numeric::Log10Histogram unscaled;  // the FP32 gradients
    numeric::Log10Histogram scaled;    // the same, times the loss scale
    numeric::FormatThresholds thresholds;
    QString formatName;      // "FP16"
    QString scaleText;       // "×1024"
    double axisLow = -10.0;  // the x axis, in decades
    double axisHigh = 5.0;
};

// A histogram of log10|gradient|: the FP32 gradients as grey bars and the scaled ones as a
// bold outline, over the target format's regions, shaded: rounded to 0, subnormal (fewer
// digits) and overflow to infinity, with the format's smallest subnormal, smallest normal and
// largest value marked on a second axis along the top. As the loss scale grows, the outline
// slides right, out of the zero region and, too far, into the overflow one.
//
// The shading follows round to nearest, ties to even exactly (numeric::FormatThresholds): FP16
// flushes to 0 only below 2^-25, half its smallest subnormal; values between round up to it.
// Graph 0 is the scaled outline; plottables() also holds the bars.
class GradientHistogramPlot : public QCustomPlot {
    Q_OBJECT
public:
    explicit GradientHistogramPlot(QWidget* parent = nullptr);

    void showData(const GradientHistogramData& data);
    const GradientHistogramData& data() const { return data_; }

    QCPBars* unscaledBars() const { return unscaledBars_; }
    QCPGraph* scaledOutline() const { return scaledOutline_; }
    // The shaded regions that are at least partly on the axis: zero, subnormal, overflow.
    int visibleRegionCount() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    enum Region { ZeroRegion, SubnormalRegion, OverflowRegion, RegionCount };

    void placeRegions();
    // Shrinks the legend to its entries, so that it sits at the left of its row.
    void fitLegend();
    void applyStyle();

    GradientHistogramData data_;
    QCPBars* unscaledBars_ = nullptr;
    QCPGraph* scaledOutline_ = nullptr;
    std::array<QCPItemRect*, RegionCount> regions_{};
    std::array<QCPItemText*, RegionCount> regionLabels_{};
    std::array<QCPItemStraightLine*, 3> thresholdLines_{};
    QCPItemText* offAxisNote_ = nullptr;
    bool applyingStyle_ = false;
};

}  // namespace mlsyslab::widgets
