#include "numeric/QuantizePlots.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

#include "numeric/QuantizeText.h"
#include "numeric/ValueHistograms.h"

namespace mlsyslab::widgets {

namespace {

// Enough points to show the sawtooth of the error; a million would only slow the drawing.
constexpr std::size_t kMaxErrorPoints = 20000;
// Before-histogram bins: never too coarse to show a shape, never finer than a screen shows.
constexpr int kMinBins = 30;
constexpr int kMaxBins = 240;
// Level ticks hang under the axis, this fraction of the plot's height.
constexpr double kLevelTickHeight = 0.06;
constexpr double kOpaqueTickGapPixels = 8.0;  // level ticks this far apart are drawn solid
constexpr double kRangePadding = 0.03;
constexpr double kHeadroom = 1.12;
constexpr double kErrorHeadroom = 1.35;
// Okabe & Ito (2008), "Color Universal Design": blue, vermillion; sky blue, orange on dark.
const QColor kBlue(0x00, 0x72, 0xB2);
const QColor kVermillion(0xD5, 0x5E, 0x00);
const QColor kSkyBlue(0x56, 0xB4, 0xE9);
const QColor kOrange(0xE6, 0x9F, 0x00);

enum HistogramGraph { kBeforeGraph = 0, kAfterGraph = 1, kLevelsGraph = 2 };
enum ErrorGraph { kErrorGraph = 0, kUpperBoundGraph = 1, kLowerBoundGraph = 2 };

bool isDark(const QPalette& palette) { return palette.color(QPalette::Base).lightness() < 128; }

// A legend inside the axes covers data wherever it goes (a uniform histogram fills the top
// edge, the errors fill the whole band), so it gets a row of its own above them, entries side
// by side.
void placeLegendAbove(QCustomPlot& plot) {
    plot.legend->setVisible(true);
    plot.legend->setBrush(Qt::NoBrush);
    plot.legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    plot.axisRect()->insetLayout()->take(plot.legend);
    plot.plotLayout()->insertRow(0);
    plot.plotLayout()->addElement(0, 0, plot.legend);
    plot.plotLayout()->setRowStretchFactor(0, 0.001);  // as tall as the legend, no more
}

}  // namespace

QuantizePlots::QuantizePlots(QCustomPlot* histogram, QCustomPlot* error)
    : histogram_(histogram), error_(error) {
    for (int graph = 0; graph < 3; ++graph) {
        histogram_->addGraph();
        error_->addGraph();
    }
    histogram_->graph(kAfterGraph)->setLineStyle(QCPGraph::lsImpulse);
    histogram_->graph(kBeforeGraph)->setLineStyle(QCPGraph::lsStepCenter);
    histogram_->graph(kLevelsGraph)->setLineStyle(QCPGraph::lsImpulse);
    // Crisp one-pixel ticks: 255 antialiased ones a pixel or two apart smear into grey.
    histogram_->graph(kLevelsGraph)->setAntialiased(false);
    histogram_->xAxis->setLabel(tr("weight value"));
    histogram_->yAxis->setLabel(tr("density"));

    error_->graph(kErrorGraph)->setLineStyle(QCPGraph::lsNone);
    error_->graph(kErrorGraph)->setName(tr("error of each weight"));
    for (const int bound : {kUpperBoundGraph, kLowerBoundGraph}) {
        error_->graph(bound)->setLineStyle(QCPGraph::lsLine);
    }
    error_->graph(kLowerBoundGraph)->removeFromLegend();
    error_->xAxis->setLabel(tr("weight value x"));
    error_->yAxis->setLabel(tr("error x′ − x"));
    // A short plot: fewer ticks keep their labels apart in presentation type.
    error_->yAxis->ticker()->setTickCount(4);
    for (QCustomPlot* plot : {histogram_, error_}) placeLegendAbove(*plot);
    stemWidthConnection_ = QObject::connect(histogram_, &QCustomPlot::afterLayout, histogram_,
                                            [this] { fitPensToWidth(); });
}

// The plots may outlive this object by a moment (the widget's children are deleted after its
// members), so a late relayout must not call back into it.
QuantizePlots::~QuantizePlots() { QObject::disconnect(stemWidthConnection_); }

void QuantizePlots::show(std::span<const float> weights, const numeric::QuantizedTensor& tensor,
                         numeric::QuantizedType type) {
    const bool perTensor = tensor.channels.size() == 1;
    const std::vector<double> levels =
        perTensor ? numeric::quantizationLevels(tensor.channels.front().parameters)
                  : std::vector<double>();
    // One x range for both plots: the data and, per tensor, every level (unused ones too).
    double low = 0.0, high = 0.0;
    if (!weights.empty()) {
        const auto [lowest, highest] = std::minmax_element(weights.begin(), weights.end());
        low = *lowest;
        high = *highest;
    }
    if (!levels.empty()) {
        low = std::min(low, levels.front());
        high = std::max(high, levels.back());
    }
    if (!(high > low)) {
        low -= 1.0;
        high += 1.0;
    }
    showHistogram(weights, tensor, levels, quantizedTypeDisplayName(type), {low, high});
    showErrors(weights, tensor, {low, high});
    fitLegends();
    const double padding = (high - low) * kRangePadding;
    for (QCustomPlot* plot : {histogram_, error_})
        plot->xAxis->setRange(low - padding, high + padding);
    alignLeftMargins();
}

void QuantizePlots::showHistogram(std::span<const float> weights,
                                  const numeric::QuantizedTensor& tensor,
                                  const std::vector<double>& levels, const QString& typeName,
                                  QCPRange range) {
    const bool perTensor = tensor.channels.size() == 1;
    const int bins =
        numeric::freedmanDiaconisBinCount(weights, range.lower, range.upper, kMinBins, kMaxBins);
    const double binWidth = range.size() / bins;
    // Bars per level when every row's levels are at least a bin apart; else levels share bins
    // (ValueHistograms.h says why).
    stemMode_ = std::all_of(tensor.channels.begin(), tensor.channels.end(), [&](const auto& row) {
        return numeric::levelsPerBin(row.parameters, binWidth) == 1;
    });
    const auto before =
        perTensor && !stemMode_
            ? numeric::cellAlignedHistogram(weights, tensor.channels.front().parameters, binWidth)
            : numeric::densityHistogram(weights, range.lower, range.upper, bins);
    QVector<double> binCenters, binDensities;
    double top = 0.0;
    for (std::size_t bin = 0; bin < before.densities.size(); ++bin) {
        binCenters.push_back(before.binCenter(bin));
        binDensities.push_back(before.densities[bin]);
        top = std::max(top, before.densities[bin]);
    }
    histogram_->graph(kBeforeGraph)->setData(binCenters, binDensities, true);
    histogram_->graph(kBeforeGraph)->setName(tr("before: FP32"));

    QVector<double> afterKeys, afterDensities;
    if (stemMode_) {
        for (const auto& level : numeric::occupiedLevels(tensor)) {
            afterKeys.push_back(level.value);
            afterDensities.push_back(level.density);
        }
    } else {
        const auto step = numeric::quantizedDensity(tensor, binWidth);
        afterKeys = QVector<double>(step.edges.begin(), step.edges.end());
        afterDensities = QVector<double>(step.densities.begin(), step.densities.end());
        if (!afterKeys.isEmpty()) afterDensities.push_back(0.0);  // the last edge closes it
    }
    for (const double density : afterDensities) top = std::max(top, density);
    if (!(top > 0.0)) top = 1.0;
    QCPGraph* after = histogram_->graph(kAfterGraph);
    after->setLineStyle(stemMode_ ? QCPGraph::lsImpulse : QCPGraph::lsStepLeft);
    after->setData(afterKeys, afterDensities, true);
    after->setName(perTensor ? tr("after: %1").arg(typeName)
                             : tr("after: %1, levels per row").arg(typeName));
    levelSpacing_ = 0.0;
    for (const auto& row : tensor.channels) {
        const double scale = row.parameters.scale;
        levelSpacing_ = levelSpacing_ == 0.0 ? scale : std::min(levelSpacing_, scale);
    }

    QCPGraph* levelsGraph = histogram_->graph(kLevelsGraph);
    levelsGraph->setData(QVector<double>(levels.begin(), levels.end()),
                         QVector<double>(qsizetype(levels.size()), -kLevelTickHeight * top), true);
    levelsGraph->setName(tr("its %1 levels").arg(levels.size()));
    levelsGraph->setVisible(perTensor);
    if (perTensor) {
        levelsGraph->addToLegend();
    } else {
        levelsGraph->removeFromLegend();
    }
    histogram_->yAxis->setRange(perTensor ? -1.6 * kLevelTickHeight * top : 0.0, top * kHeadroom);
    fitPensToWidth();
}

void QuantizePlots::showErrors(std::span<const float> weights,
                               const numeric::QuantizedTensor& tensor, QCPRange range) {
    // A sample of the weights, evenly spaced so that it is the same every time.
    const std::size_t stride =
        std::max<std::size_t>(1, (weights.size() + kMaxErrorPoints - 1) / kMaxErrorPoints);
    QVector<double> errorKeys, errorValues;
    for (std::size_t index = 0; index < weights.size(); index += stride) {
        errorKeys.push_back(weights[index]);
        errorValues.push_back(double(tensor.dequantized[index]) - double(weights[index]));
    }
    error_->graph(kErrorGraph)->setData(errorKeys, errorValues);
    double largestScale = 0.0;
    for (const auto& row : tensor.channels) {
        largestScale = std::max(largestScale, row.parameters.scale);
    }
    const double halfStep = largestScale / 2;
    const double padding = range.size() * kRangePadding;
    const QVector<double> ends = {range.lower - padding, range.upper + padding};
    error_->graph(kUpperBoundGraph)->setData(ends, {halfStep, halfStep}, true);
    error_->graph(kLowerBoundGraph)->setData(ends, {-halfStep, -halfStep}, true);
    error_->graph(kUpperBoundGraph)
        ->setName(tensor.channels.size() == 1 ? tr("± half a step (scale / 2)")
                                              : tr("± half the largest step"));
    error_->yAxis->setRange(-halfStep * kErrorHeadroom, halfStep * kErrorHeadroom);
}

void QuantizePlots::restyle(const QWidget& owner) {
    style_ = displayStyleOf(owner);
    const QPalette palette = paletteFor(style_, owner.palette());
    const bool dark = isDark(palette);
    const QColor beforeColor = dark ? kSkyBlue : kBlue;
    const QColor afterColor = dark ? kOrange : kVermillion;
    const QColor inkColor = palette.color(QPalette::Text);
    const int lineHeight = QFontMetrics(owner.font()).height();

    QColor fill = beforeColor;
    fill.setAlpha(60);
    histogram_->graph(kBeforeGraph)->setPen(QPen(beforeColor));
    histogram_->graph(kBeforeGraph)->setBrush(fill);
    histogram_->graph(kAfterGraph)->setPen(QPen(afterColor));
    histogram_->graph(kLevelsGraph)->setPen(QPen(inkColor));
    error_->graph(kErrorGraph)->setPen(QPen(afterColor));
    // Dots grow with the type: about a fifth of a line of text.
    error_->graph(kErrorGraph)
        ->setScatterStyle(
            QCPScatterStyle(QCPScatterStyle::ssDisc, afterColor, std::max(3, lineHeight / 5)));
    for (const int bound : {kUpperBoundGraph, kLowerBoundGraph}) {
        error_->graph(bound)->setPen(QPen(inkColor, 1.0, Qt::DashLine));
    }
    for (QCustomPlot* plot : {histogram_, error_}) {
        // Set, not inherited: the owner hears of a change before its children do, and
        // applyPlotStyle reads the plot's own palette and font.
        plot->setPalette(palette);
        plot->setFont(owner.font());
        applyPlotStyle(*plot, style_);
        plot->legend->setTextColor(inkColor);
        plot->legend->setBorderPen(Qt::NoPen);
        plot->legend->setIconSize(lineHeight * 3 / 2, lineHeight / 2);
    }
    // applyPlotStyle gives every graph the style's pen; thin ones where many lines sit close.
    histogram_->graph(kLevelsGraph)->setPen(QPen(inkColor, style_.presentation ? 1.5 : 1.0));
    QPen errorPen = error_->graph(kErrorGraph)->pen();
    errorPen.setWidthF(1.0);
    error_->graph(kErrorGraph)->setPen(errorPen);
    fitPensToWidth();
    fitLegends();
    alignLeftMargins();
}

void QuantizePlots::fitPensToWidth() {
    // Half the gap between neighbouring levels, so stems stay apart, from 1 px up to three
    // curve pens (int4's 15 levels get bars); a step line has the curve pen.
    const double pixelsPerUnit =
        histogram_->axisRect()->width() / std::max(1e-300, histogram_->xAxis->range().size());
    const double width =
        stemMode_ ? std::clamp(0.45 * levelSpacing_ * pixelsPerUnit, 1.0, 3.0 * style_.plotPenWidth)
                  : style_.plotPenWidth;
    QPen pen = histogram_->graph(kAfterGraph)->pen();
    pen.setWidthF(width);
    pen.setCapStyle(Qt::FlatCap);
    // A step line often lies exactly on the histogram's (nothing was lost at that zoom):
    // dashes let the line under it show.
    pen.setStyle(stemMode_ ? Qt::SolidLine : Qt::DashLine);
    histogram_->graph(kAfterGraph)->setPen(pen);
    // Level ticks fade as they crowd: 255 of them a pixel apart would be a black bar that
    // outweighs the data; a grey band still says "levels everywhere".
    const double tickGapPixels = levelSpacing_ * pixelsPerUnit;
    QPen tickPen = histogram_->graph(kLevelsGraph)->pen();
    QColor tickColor = tickPen.color();
    tickColor.setAlphaF(float(std::clamp(tickGapPixels / kOpaqueTickGapPixels, 0.3, 1.0)));
    tickPen.setColor(tickColor);
    histogram_->graph(kLevelsGraph)->setPen(tickPen);
}

void QuantizePlots::fitLegends() {
    // All entries in one row when they fit the plot's width, else two per row, else one.
    for (QCustomPlot* plot : {histogram_, error_}) {
        QCPLegend* legend = plot->legend;
        for (const int perRow : {legend->itemCount(), 2, 1}) {
            legend->setWrap(perRow);
            legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);  // rearranges the entries
            if (legend->minimumOuterSizeHint().width() <= plot->width()) break;
        }
    }
}

void QuantizePlots::alignLeftMargins() {
    // Both plots share the x axis only when their axis rects start at the same pixel; their
    // y tick labels differ in width, so give both the wider margin.
    for (QCustomPlot* plot : {histogram_, error_}) {
        plot->axisRect()->setMinimumMargins(QMargins(0, 0, 0, 0));
        plot->replot();
    }
    const int left =
        std::max(histogram_->axisRect()->margins().left(), error_->axisRect()->margins().left());
    for (QCustomPlot* plot : {histogram_, error_}) {
        plot->axisRect()->setMinimumMargins(QMargins(left, 0, 0, 0));
        plot->replot();
    }
}

}  // namespace mlsyslab::widgets
