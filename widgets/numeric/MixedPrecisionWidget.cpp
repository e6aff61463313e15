#include "numeric/MixedPrecisionWidget.h"

#include <QHBoxLayout>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "common/SimWidgetRegistry.h"
#include "numeric/GradientHistogramPlot.h"
#include "numeric/LossScaleControls.h"
#include "numeric/LossScalingReadouts.h"
#include "numeric/MasterWeightsFlow.h"
#include "numeric/MixedPrecisionText.h"

namespace mlsyslab::widgets {

namespace {

using lesson::kinds::MixedPrecisionState;
using numeric::FloatFormat;

// A quarter decade per bin: about 80 bins over the default axis, smooth at 10000 gradients.
constexpr double kBinWidthDecades = 0.25;
// Margin around the data on the x axis, in decades.
constexpr double kAxisMarginDecades = 0.5;
// The safe-scale search: wide enough for any state the kind allows in either format
// (log10|g| from -30 to 20 and BF16's 2^128 range).
constexpr int kSafeSearchLowestExponent = -150;
constexpr int kSafeSearchHighestExponent = 300;

int formatIndexOf(const FloatFormat& format) {
    const auto formats = lesson::kinds::mixedPrecisionFormats();
    const auto found = std::find(formats.begin(), formats.end(), format);
    return found == formats.end() ? -1 : int(found - formats.begin());
}

}  // namespace

struct MixedPrecisionWidget::Parts {
    MixedPrecisionState state;
    std::vector<float> gradients;
    std::optional<numeric::Log10Span> span;
    numeric::LossScalingResult unscaled;
    numeric::LossScalingResult scaled;
    std::optional<int> safeExponent;
    LossScaleControls* controls = nullptr;
    GradientHistogramPlot* plot = nullptr;
    LossScalingReadouts* readouts = nullptr;
    MasterWeightsFlow* flow = nullptr;

    explicit Parts(MixedPrecisionState initial) : state(std::move(initial)) {}
};

MixedPrecisionWidget::MixedPrecisionWidget(const MixedPrecisionState& initial, QWidget* parent)
    : QWidget(parent), parts_(std::make_unique<Parts>(initial)) {
    Parts& parts = *parts_;
    parts.gradients = numeric::generateGradients(parts.state.distribution,
                                                 std::size_t(parts.state.count), parts.state.seed);
    parts.span = numeric::log10MagnitudeSpan(parts.gradients);

    auto* outer = new QVBoxLayout(this);
    parts.controls = new LossScaleControls(this);
    outer->addWidget(parts.controls);
    auto* middle = new QHBoxLayout;
    parts.plot = new GradientHistogramPlot(this);
    parts.plot->setObjectName(QStringLiteral("histogramPlot"));
    middle->addWidget(parts.plot, 1);
    parts.readouts = new LossScalingReadouts(this);
    middle->addWidget(parts.readouts, 0);
    outer->addLayout(middle, 1);
    parts.flow = new MasterWeightsFlow(this);
    parts.flow->setObjectName(QStringLiteral("masterWeightsFlow"));
    outer->addWidget(parts.flow);

    connect(parts.controls, &LossScaleControls::formatIndexChosen, this, [this](int index) {
        const auto formats = lesson::kinds::mixedPrecisionFormats();
        if (index >= 0 && index < int(formats.size())) setFormat(formats[std::size_t(index)]);
    });
    connect(parts.controls, &LossScaleControls::scaleChosen, this,
            &MixedPrecisionWidget::setLossScale);
    connect(parts.readouts, &LossScalingReadouts::safeScaleChosen, this,
            &MixedPrecisionWidget::setLossScale);
    recomputeForFormat();
    recomputeForScale();
    showResults();
}

MixedPrecisionWidget::~MixedPrecisionWidget() = default;

MixedPrecisionState MixedPrecisionWidget::state() const { return parts_->state; }

const std::vector<float>& MixedPrecisionWidget::gradients() const { return parts_->gradients; }

const numeric::LossScalingResult& MixedPrecisionWidget::unscaledResult() const {
    return parts_->unscaled;
}

const numeric::LossScalingResult& MixedPrecisionWidget::scaledResult() const {
    return parts_->scaled;
}

std::optional<int> MixedPrecisionWidget::largestSafeScaleExponent() const {
    return parts_->safeExponent;
}

GradientHistogramPlot* MixedPrecisionWidget::histogramPlot() const { return parts_->plot; }

void MixedPrecisionWidget::setLossScale(double scale) {
    Parts& parts = *parts_;
    if (!(scale >= lesson::kinds::kMixedPrecisionMinLossScale &&
          scale <= lesson::kinds::kMixedPrecisionMaxLossScale)) {
        return;
    }
    if (scale == parts.state.lossScale) return;
    parts.state.lossScale = scale;
    recomputeForScale();
    showResults();
    emit stateChanged();
}

void MixedPrecisionWidget::setFormat(const FloatFormat& format) {
    Parts& parts = *parts_;
    if (formatIndexOf(format) < 0 || format == parts.state.format) return;
    parts.state.format = format;
    recomputeForFormat();
    recomputeForScale();
    showResults();
    emit stateChanged();
}

void MixedPrecisionWidget::recomputeForFormat() {
    Parts& parts = *parts_;
    parts.unscaled = numeric::simulateLossScaling(parts.state.format, parts.gradients, 1.0);
    parts.safeExponent = numeric::largestSafeScaleExponent(
        parts.state.format, parts.gradients, kSafeSearchLowestExponent, kSafeSearchHighestExponent);
}

void MixedPrecisionWidget::recomputeForScale() {
    Parts& parts = *parts_;
    parts.scaled =
        numeric::simulateLossScaling(parts.state.format, parts.gradients, parts.state.lossScale);
}

void MixedPrecisionWidget::showResults() {
    Parts& parts = *parts_;
    const MixedPrecisionState& state = parts.state;
    const QString formatName = formatDisplayName(state.format);
    parts.controls->showFormatIndex(formatIndexOf(state.format));
    parts.controls->showScale(state.lossScale);

    LossScalingReadouts::Results results{state.format, parts.unscaled, parts.scaled,
                                         parts.safeExponent, false};
    results.safeExponentOnSlider = parts.safeExponent && *parts.safeExponent >= 0 &&
                                   *parts.safeExponent <= LossScaleControls::kLargestExponent;
    parts.readouts->showResults(results);
    // "×2²⁴" rather than "×16777216": the boxes are narrow.
    const QString power = powerOfTwoText(state.lossScale);
    parts.flow->setStep(formatName,
                        power.isEmpty() ? scaleText(state.lossScale) : QStringLiteral("×") + power,
                        parts.scaled.countOf(numeric::GradientFate::Overflow) > 0);

    // The axis holds the gradients both unscaled and at the slider's largest scale (or a
    // larger one from the lesson), so it stays put while the slider moves.
    const numeric::Log10Span span = parts.span.value_or(numeric::Log10Span{-8.0, -2.0});
    const double scaleDecades = std::log10(state.lossScale);
    const double sliderDecades = LossScaleControls::kLargestExponent * std::log10(2.0);
    GradientHistogramData data;
    data.axisLow = std::floor(span.smallest + std::min(0.0, scaleDecades) - kAxisMarginDecades);
    data.axisHigh =
        std::ceil(span.largest + std::max(sliderDecades, scaleDecades) + kAxisMarginDecades);
    const int bins =
        std::max(1, int(std::lround((data.axisHigh - data.axisLow) / kBinWidthDecades)));
    data.unscaled =
        numeric::log10Histogram(parts.gradients, 1.0, data.axisLow, data.axisHigh, bins);
    data.scaled = numeric::log10Histogram(parts.gradients, state.lossScale, data.axisLow,
                                          data.axisHigh, bins);
    data.thresholds = numeric::formatThresholds(state.format);
    data.formatName = formatName;
    data.scaleText = scaleText(state.lossScale);
    parts.plot->showData(data);
}

namespace {
const SimView kView(lesson::kinds::mixedPrecisionKind, createWidget<MixedPrecisionWidget>);
}  // namespace

}  // namespace mlsyslab::widgets
