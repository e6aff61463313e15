#include "numeric/GradientHistogramPlot.h"

#include <algorithm>
#include <cmath>

#include "common/DisplayStyle.h"
#include "numeric/FloatColors.h"
#include "numeric/MixedPrecisionText.h"

namespace mlsyslab::widgets {

namespace {

// Tints light enough that bars and the outline stay readable over them, strong enough to
// survive a projector (alpha out of 255).
constexpr int kRegionAlpha = 46;
constexpr int kBarAlpha = 90;
constexpr int kGridAlpha = 70;
// Tall enough for the region labels, a readable histogram and the tick labels.
constexpr int kMinimumHeightLines = 14;
// Head room above the tallest bar for the region labels, as a fraction of the tallest bar.
constexpr double kHeadRoom = 0.3;
// Decades per tick label: every decade on a short axis, every second or fifth on longer ones,
// so that the labels never crowd at presentation size.
constexpr double kEveryDecadeUpTo = 10.0;
constexpr double kEverySecondDecadeUpTo = 24.0;
QColor withAlpha(QColor color, int alpha) {
    color.setAlpha(alpha);
    return color;
}

double log10Of(double value) { return std::log10(value); }

// "65504", "3.4e38": the largest finite value, as the top axis labels it.
QString largestValueText(double value) {
    return value < 1e6 ? QString::number(value, 'f', 0) : shortNumberText(value);
}

// Integer powers of two print as "2⁻²⁴".
QString thresholdText(double value) {
    int exponent = 0;
    if (std::frexp(value, &exponent) == 0.5) return powerOfTwoExponentText(exponent - 1);
    return shortNumberText(value);
}

QSharedPointer<QCPAxisTickerText> decadeTicker(double low, double high) {
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    const double span = high - low;
    const int step = span <= kEveryDecadeUpTo ? 1 : span <= kEverySecondDecadeUpTo ? 2 : 5;
    const int first = int(std::ceil(low / step)) * step;
    for (int exponent = first; exponent <= high; exponent += step) {
        ticker->addTick(exponent, decadeText(exponent));
    }
    return ticker;
}

}  // namespace

GradientHistogramPlot::GradientHistogramPlot(QWidget* parent) : QCustomPlot(parent) {
    unscaledBars_ = new QCPBars(xAxis, yAxis);
    scaledOutline_ = addGraph(xAxis, yAxis);
    scaledOutline_->setLineStyle(QCPGraph::lsStepCenter);
    for (auto*& region : regions_) {
        region = new QCPItemRect(this);
        for (QCPItemPosition* corner : {region->topLeft, region->bottomRight}) {
            corner->setTypeX(QCPItemPosition::ptPlotCoords);
            corner->setTypeY(QCPItemPosition::ptAxisRectRatio);
            corner->setAxisRect(axisRect());
        }
        region->setPen(Qt::NoPen);
        region->setLayer(QStringLiteral("background"));
    }
    for (auto*& label : regionLabels_) {
        label = new QCPItemText(this);
        label->position->setTypeX(QCPItemPosition::ptPlotCoords);
        label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        label->position->setAxisRect(axisRect());
        label->setPositionAlignment(Qt::AlignTop | Qt::AlignHCenter);
    }
    regionLabels_[ZeroRegion]->setText(tr("rounds to 0"));
    regionLabels_[SubnormalRegion]->setText(tr("subnormal"));
    regionLabels_[OverflowRegion]->setText(tr("overflow\n→ ∞"));
    for (auto*& line : thresholdLines_) line = new QCPItemStraightLine(this);
    offAxisNote_ = new QCPItemText(this);
    offAxisNote_->position->setType(QCPItemPosition::ptAxisRectRatio);
    offAxisNote_->position->setAxisRect(axisRect());
    offAxisNote_->position->setCoords(0.5, 0.03);
    offAxisNote_->setPositionAlignment(Qt::AlignTop | Qt::AlignHCenter);

    xAxis->setLabel(tr("gradient magnitude |g| (log scale)"));
    yAxis->setLabel(tr("share of gradients (%)"));
    xAxis2->setVisible(true);
    xAxis2->setTickLabels(true);
    xAxis2->setSubTicks(false);
    // The legend gets a row of its own above the plot, where it hides no bars, kept to the
    // left by an empty element that takes the rest of the row.
    auto* legendRow = new QCPLayoutGrid;
    plotLayout()->insertRow(0);
    plotLayout()->addElement(0, 0, legendRow);
    plotLayout()->setRowStretchFactor(0, 0.001);
    legendRow->addElement(0, 0, legend);
    legendRow->addElement(0, 1, new QCPLayoutElement(this));
    legend->setVisible(true);
    legend->setFillOrder(QCPLegend::foColumnsFirst);
    legend->setBorderPen(Qt::NoPen);
    legend->setBrush(Qt::NoBrush);
    applyStyle();
}

void GradientHistogramPlot::showData(const GradientHistogramData& data) {
    data_ = data;
    const auto& unscaled = data.unscaled;
    QVector<double> centers;
    QVector<double> unscaledPercents;
    for (std::size_t bin = 0; bin < unscaled.shares.size(); ++bin) {
        centers << unscaled.binCenter(bin);
        unscaledPercents << 100.0 * unscaled.shares[bin];
    }
    unscaledBars_->setData(centers, unscaledPercents, true);
    unscaledBars_->setWidth(unscaled.binWidth);
    unscaledBars_->setName(tr("FP32 gradients"));

    // The outline starts and ends on the axis, so it reads as one closed shape.
    const auto& scaled = data.scaled;
    QVector<double> outlineX{scaled.low - scaled.binWidth / 2};
    QVector<double> outlineY{0.0};
    double tallest = 0.0;
    for (const double percent : unscaledPercents) tallest = std::max(tallest, percent);
    for (std::size_t bin = 0; bin < scaled.shares.size(); ++bin) {
        outlineX << scaled.binCenter(bin);
        outlineY << 100.0 * scaled.shares[bin];
        tallest = std::max(tallest, outlineY.back());
    }
    outlineX << scaled.binCenter(scaled.shares.size());
    outlineY << 0.0;
    scaledOutline_->setData(outlineX, outlineY, true);
    scaledOutline_->setName(tr("%1, then cast to %2").arg(data.scaleText, data.formatName));
    fitLegend();

    xAxis->setRange(data.axisLow, data.axisHigh);
    xAxis->setTicker(decadeTicker(data.axisLow, data.axisHigh));
    xAxis2->setRange(data.axisLow, data.axisHigh);
    yAxis->setRange(0.0, std::max(tallest, 1e-9) * (1.0 + kHeadRoom));
    placeRegions();
    replot();
}

void GradientHistogramPlot::placeRegions() {
    const auto& limits = data_.thresholds;
    const double low = data_.axisLow;
    const double high = data_.axisHigh;
    const double bounds[RegionCount][2] = {
        {low, log10Of(limits.flushToZeroUpTo)},
        {log10Of(limits.flushToZeroUpTo), log10Of(limits.normalFrom)},
        {log10Of(limits.overflowFrom), high},
    };
    for (int region = 0; region < RegionCount; ++region) {
        // Clipped to the axis, so that each label sits in the middle of what is seen.
        const double left = std::clamp(bounds[region][0], low, high);
        const double right = std::clamp(bounds[region][1], low, high);
        const bool visible = right > left;
        regions_[region]->setVisible(visible);
        regions_[region]->topLeft->setCoords(left, 0.0);
        regions_[region]->bottomRight->setCoords(right, 1.0);
        regionLabels_[region]->setVisible(visible);
        regionLabels_[region]->position->setCoords((left + right) / 2, 0.03);
    }

    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    const double marks[] = {limits.smallestSubnormal, limits.smallestNormal, limits.largestFinite};
    for (std::size_t index = 0; index < thresholdLines_.size(); ++index) {
        const double position = log10Of(marks[index]);
        thresholdLines_[index]->point1->setCoords(position, 0.0);
        thresholdLines_[index]->point2->setCoords(position, 1.0);
        thresholdLines_[index]->setVisible(position >= low && position <= high);
        ticker->addTick(position, index + 1 == thresholdLines_.size()
                                      ? largestValueText(marks[index])
                                      : thresholdText(marks[index]));
    }
    xAxis2->setTicker(ticker);

    const bool nothingInView =
        log10Of(limits.flushToZeroUpTo) < low && log10Of(limits.overflowFrom) > high;
    offAxisNote_->setVisible(nothingInView);
    offAxisNote_->setText(tr("%1 rounds to 0 only below %2 and overflows only from %3:\n"
                             "both far off this axis")
                              .arg(data_.formatName, shortNumberText(limits.flushToZeroUpTo),
                                   shortNumberText(limits.overflowFrom)));
}

void GradientHistogramPlot::fitLegend() {
    legend->setMaximumSize(QSize(QWIDGETSIZE_MAX, QWIDGETSIZE_MAX));
    legend->setMaximumSize(legend->minimumOuterSizeHint());
}

int GradientHistogramPlot::visibleRegionCount() const {
    return int(std::count_if(regions_.begin(), regions_.end(),
                             [](const QCPItemRect* region) { return region->visible(); }));
}

void GradientHistogramPlot::applyStyle() {
    applyingStyle_ = true;
    const DisplayStyle style = displayStyleOf(*this);
    applyPlotStyle(*this, style);
    const QPalette& colors = palette();
    const QColor ink = colors.color(QPalette::Text);
    const QColor lost = errorColor(colors);
    const QColor subnormal = floatClassColor(numeric::FloatClass::Subnormal, colors);
    const QColor regionColors[RegionCount] = {lost, subnormal, lost};
    QFont labelFont = font();
    labelFont.setBold(true);
    for (int region = 0; region < RegionCount; ++region) {
        regions_[region]->setBrush(withAlpha(regionColors[region], kRegionAlpha));
        regionLabels_[region]->setColor(regionColors[region]);
        regionLabels_[region]->setFont(labelFont);
    }
    offAxisNote_->setColor(ink);
    offAxisNote_->setFont(font());
    const double thinPen = style.presentation ? 2.0 : 1.0;
    for (auto* line : thresholdLines_) line->setPen(QPen(ink, thinPen, Qt::DashLine));
    unscaledBars_->setPen(Qt::NoPen);
    unscaledBars_->setBrush(withAlpha(colors.color(QPalette::Text), kBarAlpha));
    scaledOutline_->setPen(QPen(colors.color(QPalette::Highlight), style.plotPenWidth));
    // Faint grid lines: the desk default is a dotted grey that glares on dark palettes.
    for (QCPAxis* axis : {xAxis, yAxis}) {
        axis->grid()->setPen(QPen(withAlpha(ink, kGridAlpha), 1.0, Qt::DotLine));
    }
    const QPen axisPen(ink, thinPen);
    xAxis2->setBasePen(axisPen);
    xAxis2->setTickPen(axisPen);
    xAxis2->setTickLabelColor(ink);
    xAxis2->setTickLabelFont(labelFont);
    legend->setTextColor(ink);
    fitLegend();
    setMinimumHeight(fontMetrics().height() * kMinimumHeightLines);
    replot();
    applyingStyle_ = false;
}

void GradientHistogramPlot::changeEvent(QEvent* event) {
    QCustomPlot::changeEvent(event);
    const bool styleChanged =
        event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange;
    // applyPlotStyle sets fonts and colours on the plot's parts, not on the widget, so it
    // cannot recurse; the flag guards against a future change that would.
    if (styleChanged && !applyingStyle_) applyStyle();
}

}  // namespace mlsyslab::widgets
