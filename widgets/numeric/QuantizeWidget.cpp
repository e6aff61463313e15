#include "numeric/QuantizeWidget.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSignalBlocker>
#include <QVBoxLayout>
#include <algorithm>

#include "common/SimWidgetRegistry.h"
#include "common/DisplayStyle.h"
#include "numeric/ModelMemory.h"
#include "numeric/QuantizePlots.h"
#include "numeric/QuantizeText.h"
#include "numeric/WeightDistributions.h"

namespace mlsyslab::widgets {

namespace {

using lesson::kinds::QuantizeState;
using numeric::DistributionKind;
using numeric::Granularity;
using numeric::QuantizationScheme;
using numeric::QuantizedType;

// Smallest plot sizes in lines of text, so they grow with the font: the histogram tells the
// story, the error plot under it is its footnote. Together about as tall as the controls
// beside them, and narrow enough to fit the lesson column at a desk without scrolling.
constexpr int kHistogramLines = 10;
constexpr int kErrorLines = 7;
constexpr int kPlotWidthLines = 20;
constexpr double kValueScale = 1.1;
constexpr int kFp32Bytes = 4;

const QChar kMinusSign(0x2212);

QString integerText(long long value) {
    return QString::number(value).replace(QLatin1Char('-'), kMinusSign);
}

QString integerRangeText(int low, int high) {
    return low == high ? integerText(low)
                       : QStringLiteral("%1 … %2").arg(integerText(low), integerText(high));
}

// The slides' table type for a code type: the memory rule does not care about the sign.
numeric::ParameterType parameterTypeOf(QuantizedType type) {
    return numeric::bitCount(type) == 4 ? numeric::ParameterType::INT4
                                        : numeric::ParameterType::INT8;
}

// A state from code rather than a lesson may hold anything: keep it inside the kind's limits.
QuantizeState withinLimits(QuantizeState state) {
    state.count = std::clamp(state.count, 1, lesson::kinds::kQuantizeMaxCount);
    state.channels = std::clamp(state.channels, 1, lesson::kinds::kQuantizeMaxChannels);
    state.outlierFraction = std::clamp(state.outlierFraction, 0.0, 1.0);
    state.outlierScale =
        std::clamp(state.outlierScale, 1.0, lesson::kinds::kQuantizeMaxOutlierScale);
    return state;
}

template <typename Enum>
void selectData(QComboBox* selector, Enum value) {
    const QSignalBlocker blocker(selector);
    selector->setCurrentIndex(selector->findData(static_cast<int>(value)));
}

template <typename Enum>
Enum selectedData(const QComboBox* selector) {
    return static_cast<Enum>(selector->currentData().toInt());
}

}  // namespace

struct QuantizeWidget::Parts {
    QuantizeState state;
    std::vector<float> weights;
    numeric::QuantizedTensor tensor;
    numeric::ErrorStatistics statistics;

    QComboBox* distributionSelector = nullptr;
    QComboBox* typeSelector = nullptr;
    QComboBox* schemeSelector = nullptr;
    QComboBox* granularitySelector = nullptr;
    QPushButton* newSampleButton = nullptr;
    QLabel* sampleLabel = nullptr;
    std::vector<QLabel*> values;  // the readouts, drawn a little larger and bold
    QLabel* scaleValue = nullptr;
    QLabel* zeroPointValue = nullptr;
    QLabel* levelsValue = nullptr;
    QLabel* maxErrorValue = nullptr;
    QLabel* mseValue = nullptr;
    QLabel* sqnrValue = nullptr;
    QLabel* memoryValue = nullptr;
    QLabel* memorySavingValue = nullptr;
    QLabel* parameterBytesValue = nullptr;
    QLabel* modelMemoryValue = nullptr;
    QCustomPlot* histogramPlot = nullptr;
    QCustomPlot* errorPlot = nullptr;
    std::unique_ptr<QuantizePlots> plots;
};

QuantizeWidget::QuantizeWidget(const QuantizeState& initial, QWidget* parent)
    : QWidget(parent), parts_(std::make_unique<Parts>()) {
    parts_->state = withinLimits(initial);
    auto* outer = new QHBoxLayout(this);
    auto* left = new QVBoxLayout;
    outer->addLayout(left, 0);  // as wide as its text; the plots take the rest
    buildControls(left);
    buildReadouts(left);
    left->addStretch(1);
    auto* right = new QVBoxLayout;
    outer->addLayout(right, 1);
    buildPlots(right);
    applyStyle();
    refresh();
}

void QuantizeWidget::buildControls(QVBoxLayout* column) {
    Parts& parts = *parts_;
    const auto selector = [&](const char* name) {
        auto* box = new QComboBox(this);
        box->setObjectName(QLatin1String(name));
        return box;
    };
    parts.distributionSelector = selector("distributionSelector");
    parts.distributionSelector->addItem(tr("Normal"), int(DistributionKind::Normal));
    parts.distributionSelector->addItem(tr("Uniform"), int(DistributionKind::Uniform));
    parts.distributionSelector->addItem(tr("Normal + outliers"), int(DistributionKind::Outliers));
    parts.typeSelector = selector("typeSelector");
    for (const QuantizedType type : numeric::kQuantizedTypes) {
        parts.typeSelector->addItem(quantizedTypeDisplayName(type), int(type));
    }
    parts.schemeSelector = selector("schemeSelector");
    parts.schemeSelector->addItem(tr("Symmetric"), int(QuantizationScheme::Symmetric));
    parts.schemeSelector->addItem(tr("Affine"), int(QuantizationScheme::Affine));
    parts.granularitySelector = selector("granularitySelector");
    parts.granularitySelector->addItem(tr("Tensor"), int(Granularity::PerTensor));
    parts.granularitySelector->addItem(QString(), int(Granularity::PerChannel));  // by refresh()
    // Connected only now: adding the first item to a box selects it, before the other boxes
    // exist.
    for (QComboBox* box : {parts.distributionSelector, parts.typeSelector, parts.schemeSelector,
                           parts.granularitySelector}) {
        connect(box, &QComboBox::currentIndexChanged, this, &QuantizeWidget::applyControls);
    }
    auto* form = new QFormLayout;
    form->addRow(tr("Weights:"), parts.distributionSelector);
    form->addRow(tr("Type:"), parts.typeSelector);
    form->addRow(tr("Scheme:"), parts.schemeSelector);
    form->addRow(tr("Scale per:"), parts.granularitySelector);
    column->addLayout(form);

    auto* sampleRow = new QHBoxLayout;
    parts.newSampleButton = new QPushButton(tr("New sample"), this);
    parts.newSampleButton->setObjectName(QStringLiteral("newSampleButton"));
    connect(parts.newSampleButton, &QPushButton::clicked, this, [this] {
        QuantizeState next = parts_->state;
        ++next.seed;  // wraps at 2^64, as the seed range does
        setState(next);
    });
    parts.sampleLabel = new QLabel(this);
    parts.sampleLabel->setObjectName(QStringLiteral("sampleLabel"));
    sampleRow->addWidget(parts.newSampleButton);
    sampleRow->addWidget(parts.sampleLabel, 1);
    column->addLayout(sampleRow);
}

void QuantizeWidget::buildReadouts(QVBoxLayout* column) {
    Parts& parts = *parts_;
    const auto valueLabel = [&](const char* objectName) {
        auto* value = new QLabel(this);
        value->setObjectName(QLatin1String(objectName));
        value->setTextInteractionFlags(Qt::TextSelectableByMouse);
        parts.values.push_back(value);
        return value;
    };
    auto* form = new QFormLayout;
    const auto readout = [&](const QString& name, const char* objectName) {
        QLabel* value = valueLabel(objectName);
        form->addRow(name, value);
        return value;
    };
    parts.scaleValue = readout(tr("Scale:"), "scaleValue");
    parts.zeroPointValue = readout(tr("Zero point:"), "zeroPointValue");
    parts.levelsValue = readout(tr("Levels used:"), "levelsValue");
    parts.maxErrorValue = readout(tr("Largest error:"), "maxErrorValue");
    parts.mseValue = readout(tr("MSE:"), "mseValue");
    parts.sqnrValue = readout(tr("SQNR:"), "sqnrValue");
    parts.mseValue->setToolTip(
        tr("Mean squared error: the average of (x′ − x)² over all weights."));
    parts.sqnrValue->setToolTip(
        tr("Signal-to-quantization-noise ratio: 10 log10(Σx² / Σ(x′ − x)²). Each bit adds "
           "about 6 dB."));
    column->addLayout(form);
    column->addSpacing(fontMetrics().height() / 2);

    // The memory lines are the longest: they get the column's whole width.
    column->addWidget(new QLabel(tr("Memory"), this));
    for (const auto& [line, objectName] :
         {std::pair{&parts.memoryValue, "memoryValue"},
          std::pair{&parts.memorySavingValue, "memorySavingValue"},
          std::pair{&parts.parameterBytesValue, "parameterBytesValue"},
          std::pair{&parts.modelMemoryValue, "modelMemoryValue"}}) {
        *line = valueLabel(objectName);
        column->addWidget(*line);
    }
}

void QuantizeWidget::buildPlots(QVBoxLayout* column) {
    Parts& parts = *parts_;
    parts.histogramPlot = new QCustomPlot(this);
    parts.histogramPlot->setObjectName(QStringLiteral("histogramPlot"));
    parts.errorPlot = new QCustomPlot(this);
    parts.errorPlot->setObjectName(QStringLiteral("errorPlot"));
    column->addWidget(parts.histogramPlot, kHistogramLines);
    column->addWidget(parts.errorPlot, kErrorLines);
    parts.plots = std::make_unique<QuantizePlots>(parts.histogramPlot, parts.errorPlot);
}

QuantizeWidget::~QuantizeWidget() = default;

QuantizeState QuantizeWidget::state() const { return parts_->state; }
const std::vector<float>& QuantizeWidget::weights() const { return parts_->weights; }
const numeric::QuantizedTensor& QuantizeWidget::quantized() const { return parts_->tensor; }
numeric::ErrorStatistics QuantizeWidget::statistics() const { return parts_->statistics; }

void QuantizeWidget::setState(const QuantizeState& requested) {
    const QuantizeState state = withinLimits(requested);
    if (state == parts_->state) return;
    parts_->state = state;
    refresh();
    emit stateChanged();
}

void QuantizeWidget::applyControls() {
    const Parts& parts = *parts_;
    QuantizeState next = parts.state;
    next.distribution = selectedData<DistributionKind>(parts.distributionSelector);
    next.dtype = selectedData<QuantizedType>(parts.typeSelector);
    next.scheme = selectedData<QuantizationScheme>(parts.schemeSelector);
    next.granularity = selectedData<Granularity>(parts.granularitySelector);
    setState(next);
}

void QuantizeWidget::refresh() {
    Parts& parts = *parts_;
    const QuantizeState& state = parts.state;
    selectData(parts.distributionSelector, state.distribution);
    selectData(parts.typeSelector, state.dtype);
    selectData(parts.schemeSelector, state.scheme);
    selectData(parts.granularitySelector, state.granularity);
    // The rows a matrix of `count` weights can have: never more than the weights.
    parts.granularitySelector->setItemText(
        1, tr("Channel (%1 rows)").arg(std::clamp(state.channels, 1, std::max(state.count, 1))));

    parts.weights = numeric::generateWeights(lesson::kinds::weightDistributionOf(state),
                                             static_cast<std::size_t>(state.count), state.seed);
    parts.tensor = numeric::quantizeTensor(parts.weights, lesson::kinds::quantizationSpecOf(state));
    parts.statistics = numeric::errorStatistics(parts.weights, parts.tensor.dequantized);
    parts.sampleLabel->setText(
        tr("%1 weights, sample %2")
            .arg(QLocale().toString(state.count), QString::number(state.seed)));
    showReadouts();
    parts.plots->show(parts.weights, parts.tensor, state.dtype);
}

void QuantizeWidget::showReadouts() {
    Parts& parts = *parts_;
    const QuantizeState& state = parts.state;
    const auto& rows = parts.tensor.channels;
    const auto [minScale, maxScale] =
        std::minmax_element(rows.begin(), rows.end(), [](const auto& left, const auto& right) {
            return left.parameters.scale < right.parameters.scale;
        });
    const auto [minZero, maxZero] =
        std::minmax_element(rows.begin(), rows.end(), [](const auto& left, const auto& right) {
            return left.parameters.zeroPoint < right.parameters.zeroPoint;
        });
    parts.scaleValue->setText(
        quantizeRangeText(minScale->parameters.scale, maxScale->parameters.scale));
    parts.zeroPointValue->setText(
        integerRangeText(minZero->parameters.zeroPoint, maxZero->parameters.zeroPoint));
    int fewestUsed = rows.front().parameters.codes.count();
    int mostUsed = 0;
    for (std::size_t row = 0; row < rows.size(); ++row) {
        const int used = numeric::usedCodeCount(parts.tensor, row);
        fewestUsed = std::min(fewestUsed, used);
        mostUsed = std::max(mostUsed, used);
    }
    const int available = rows.front().parameters.codes.count();
    parts.levelsValue->setText(
        rows.size() == 1
            ? tr("%1 of %2").arg(mostUsed).arg(available)
            : tr("%1 of %2 per row").arg(integerRangeText(fewestUsed, mostUsed)).arg(available));
    parts.maxErrorValue->setText(quantizeNumberText(parts.statistics.maxAbsoluteError));
    parts.mseValue->setText(quantizeNumberText(parts.statistics.meanSquaredError));
    parts.sqnrValue->setText(sqnrText(parts.statistics.sqnrDecibels));

    const QString typeName = quantizedTypeDisplayName(state.dtype);
    const auto count = static_cast<std::size_t>(state.count);
    const std::size_t fp32Bytes = count * kFp32Bytes;
    const std::size_t codeBytes = numeric::codeStorageBytes(count, state.dtype);
    parts.memoryValue->setText(
        tr("FP32 %1 → %2 %3")
            .arg(storageBytesText(fp32Bytes), typeName, storageBytesText(codeBytes)));
    parts.memorySavingValue->setText(
        tr("%1 smaller, %2 saved")
            .arg(ratioText(double(fp32Bytes) / double(codeBytes)),
                 percentText(100.0 * (1.0 - double(codeBytes) / double(fp32Bytes)))));
    const std::size_t parameterBytes =
        numeric::parameterStorageBytes(lesson::kinds::quantizationSpecOf(state), rows.size());
    const bool affine = state.scheme == QuantizationScheme::Affine;
    parts.parameterBytesValue->setText(
        rows.size() == 1
            ? (affine ? tr("+ %1 for the scale and zero point") : tr("+ %1 for the scale"))
                  .arg(storageBytesText(parameterBytes))
            : (affine ? tr("+ %1 for %2 scales and zero points") : tr("+ %1 for %2 scales"))
                  .arg(storageBytesText(parameterBytes))
                  .arg(rows.size()));
    const numeric::ModelSize& model = numeric::kLlama3_8B;
    parts.modelMemoryValue->setText(
        tr("%1: %2 → %3")
            .arg(QString::fromUtf8(model.name.data(), qsizetype(model.name.size())),
                 modelBytesText(
                     numeric::modelBytes(model.parameterCount, numeric::ParameterType::FP32)),
                 modelBytesText(
                     numeric::modelBytes(model.parameterCount, parameterTypeOf(state.dtype)))));
}

void QuantizeWidget::applyStyle() {
    Parts& parts = *parts_;
    QFont valueFont = scaledFont(font(), kValueScale);
    valueFont.setBold(true);
    for (QLabel* value : parts.values) value->setFont(valueFont);
    const int lineHeight = fontMetrics().height();
    const int plotWidth = kPlotWidthLines * lineHeight;
    parts.histogramPlot->setMinimumSize(plotWidth, kHistogramLines * lineHeight);
    parts.errorPlot->setMinimumSize(plotWidth, kErrorLines * lineHeight);
    parts.plots->restyle(*this);
}

void QuantizeWidget::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    // The layout has already given the plots their new size.
    parts_->plots->fitLegends();
    parts_->histogramPlot->replot(QCustomPlot::rpQueuedReplot);
    parts_->errorPlot->replot(QCustomPlot::rpQueuedReplot);
}

void QuantizeWidget::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange) {
        applyStyle();
    }
}

namespace {
const SimView kView(lesson::kinds::quantizeKind, createWidget<QuantizeWidget>);
}  // namespace

}  // namespace mlsyslab::widgets
