#pragma once

#include <QWidget>
#include <memory>
#include <optional>
#include <vector>

#include "lesson/Lesson.h"
#include "numeric/lesson/MixedPrecisionKind.h"
#include "numeric/MixedPrecision.h"

namespace mlsyslab::widgets {

class GradientHistogramPlot;

// The `mixed-precision` simulator: loss scaling, seen on a sample of synthetic gradients
// (numeric/MixedPrecision.h). A histogram of log10|g| shows the FP32 gradients and the scaled
// ones over the target format's regions (rounded to 0, subnormal, overflow); the readouts say
// how many become 0 without scaling and with the chosen S, how many overflow, and how many
// come back intact after dividing by S in FP32; a flow diagram shows where each step happens
// (FP32 master weights, FP16 forward/backward, FP32 update). Students move the scale slider
// (powers of two, 2^0 .. 2^24), try the slide's ×1000 and ×10000, jump to the largest scale
// without overflow, and switch FP16 / BF16. Every number comes from the engine.
//
// Child object names (tests rely on them): those of LossScaleControls (fp16Button,
// bf16Button, scaleSlider, scaleValue, scale1000Button, scale10000Button), of
// LossScalingReadouts (unscaledTitle, unscaledReadout, scaledTitle, scaledReadout,
// recoveredTitle, recoveredReadout, recoveredDetail, overflowNote, safeScaleButton),
// histogramPlot (GradientHistogramPlot) and masterWeightsFlow
// (MasterWeightsFlow).
class MixedPrecisionWidget : public QWidget {
    Q_OBJECT
public:
    explicit MixedPrecisionWidget(const lesson::kinds::MixedPrecisionState& initial,
                                  QWidget* parent = nullptr);
    ~MixedPrecisionWidget() override;

    lesson::kinds::MixedPrecisionState state() const;
    const std::vector<float>& gradients() const;
    // At S = 1 and at the chosen S, in the chosen format.
    const numeric::LossScalingResult& unscaledResult() const;
    const numeric::LossScalingResult& scaledResult() const;
    std::optional<int> largestSafeScaleExponent() const;
    GradientHistogramPlot* histogramPlot() const;

    // A scale outside the kind's range (numeric/lesson/MixedPrecisionKind.h) is ignored.
    void setLossScale(double scale);
    // fp16 or bf16 (mixedPrecisionFormats()); any other format is ignored.
    void setFormat(const numeric::FloatFormat& format);

signals:
    void stateChanged();

private:
    void recomputeForFormat();
    void recomputeForScale();
    void showResults();

    struct Parts;
    std::unique_ptr<Parts> parts_;
};

}  // namespace mlsyslab::widgets
