#include "gpu/OccupancyCurvePlot.h"

#include <algorithm>

#include "common/DisplayStyle.h"
#include "gpu/GpuColors.h"

namespace mlsyslab::widgets {

namespace {

constexpr int kPreferredHeightLines = 15;
constexpr int kPreferredWidthCharacters = 36;
constexpr double kTopPct = 105;
constexpr double kBottomPct = -4;
constexpr int kYAxisWidthLines = 6;

// The current point: a colour far from the curve's blue on either background.
QColor markerColor(const QPalette& palette) {
    return palette.color(QPalette::Base).lightness() >= 128 ? QColor(0xC2, 0x18, 0x5B)
                                                            : QColor(0xF4, 0x8F, 0xB1);
}

}  // namespace

OccupancyCurvePlot::OccupancyCurvePlot(const QString& xLabel, QWidget* parent)
    : QCustomPlot(parent) {
    xAxis->setLabel(xLabel);
    yAxis->setLabel(tr("occupancy (%)"));
    // A little below 0, so that a point at 0% shows whole rather than cut by the axis.
    yAxis->setRange(kBottomPct, kTopPct);
    auto ticker = QSharedPointer<QCPAxisTickerFixed>::create();
    ticker->setTickStep(25);
    yAxis->setTicker(ticker);
    line_ = addGraph();
    marker_ = addGraph();
    marker_->setLineStyle(QCPGraph::lsNone);
    drop_ = new QCPItemLine(this);
    setToolTip(
        tr("Occupancy as this resource varies and the others stay as set. The dot is "
           "the kernel as it is; click to move it."));
    applyStyle();
}

void OccupancyCurvePlot::setCurve(const gpu::OccupancyCurve& curve, double currentX,
                                  double currentPct) {
    curve_ = curve;
    current_ = QPointF(currentX, currentPct);
    line_->setData(QVector<double>(curve.x.begin(), curve.x.end()),
                   QVector<double>(curve.occupancyPct.begin(), curve.occupancyPct.end()), true);
    // Few points (one per warp): dots on the line, as the calculator draws them.
    line_->setScatterStyle(curve.x.size() <= 64 ? QCPScatterStyle::ssDisc
                                                : QCPScatterStyle::ssNone);
    marker_->setData({currentX}, {currentPct});
    drop_->start->setCoords(currentX, kBottomPct);
    drop_->end->setCoords(currentX, currentPct);
    const double last = curve.x.empty() ? 1 : std::max(curve.x.back(), currentX);
    xAxis->setRange(0, last * 1.02 + 1e-9);
    applyStyle();
}

QSize OccupancyCurvePlot::sizeHint() const {
    const QFontMetrics metrics(font());
    return {metrics.horizontalAdvance(QLatin1Char('0')) * kPreferredWidthCharacters,
            metrics.height() * kPreferredHeightLines};
}

QSize OccupancyCurvePlot::minimumSizeHint() const {
    // The x axis's label in full, beside the y axis's numbers and label.
    const QFontMetrics metrics(font());
    const int width = metrics.horizontalAdvance(xAxis->label()) +
                      metrics.height() * kYAxisWidthLines;
    return {width, metrics.height() * kPreferredHeightLines * 2 / 3};
}

void OccupancyCurvePlot::applyStyle() {
    applyingStyle_ = true;
    const DisplayStyle style = displayStyleOf(*this);
    line_->setPen(QPen(activeLaneColor(palette())));
    marker_->setPen(QPen(markerColor(palette())));
    applyPlotStyle(*this, style);
    const double dot = QFontMetricsF(font()).height() * 0.8;
    marker_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, markerColor(palette()),
                                             markerColor(palette()), dot));
    if (line_->scatterStyle().shape() != QCPScatterStyle::ssNone) {
        line_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, dot / 3));
    }
    QPen dashed(markerColor(palette()), style.plotPenWidth, Qt::DashLine);
    drop_->setPen(dashed);
    replot();
    applyingStyle_ = false;
}

void OccupancyCurvePlot::mousePressEvent(QMouseEvent* event) {
    QCustomPlot::mousePressEvent(event);
    if (curve_.x.empty()) return;
    const double x = xAxis->pixelToCoord(event->position().x());
    emit xClicked(std::clamp(x, curve_.x.front(), curve_.x.back()));
}

void OccupancyCurvePlot::changeEvent(QEvent* event) {
    QCustomPlot::changeEvent(event);
    const bool styleChanged =
        event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange;
    if (styleChanged && !applyingStyle_) applyStyle();
}

}  // namespace mlsyslab::widgets
