#include "memory/HitRatePlot.h"

#include <algorithm>
#include <cmath>

#include "common/ColorMix.h"
#include "common/DisplayStyle.h"
#include "memory/CacheSteps.h"
#include "memory/MemoryColors.h"

namespace mlsyslab::widgets {

namespace {
constexpr int kPreferredHeightLines = 13;
constexpr int kPreferredWidthCharacters = 44;
// A run longer than this is drawn from every n-th point: the curve is cumulative, so it does
// not change fast enough between neighbours for the thinning to show.
constexpr std::size_t kMostPoints = 4000;

// The whole run's curve: a third of the level's colour over the background.
constexpr double kWholeRunShare = 0.35;

MemoryRole levelRole(int level) {
    static constexpr MemoryRole kRoles[] = {MemoryRole::L1, MemoryRole::L2, MemoryRole::L3};
    return kRoles[std::clamp(level, 0, 2)];
}
}  // namespace

HitRatePlot::HitRatePlot(QWidget* parent)
    : QCustomPlot(parent), marker_(new QCPItemStraightLine(this)) {
    xAxis->setLabel(tr("access"));
    yAxis->setLabel(tr("hit rate so far (%)"));
    yAxis->setRange(0, 105);
    auto ticker = QSharedPointer<QCPAxisTickerFixed>::create();
    ticker->setTickStep(25);
    yAxis->setTicker(ticker);
    // The legend in a row of its own above the plot, so that it never hides a curve.
    legend->setVisible(true);
    axisRect()->insetLayout()->take(legend);
    plotLayout()->insertRow(0);
    plotLayout()->addElement(0, 0, legend);
    plotLayout()->setRowStretchFactor(0, 0.001);
    legend->setFillOrder(QCPLegend::foColumnsFirst);
    legend->setMargins(QMargins(4, 0, 4, 0));
    setToolTip(tr("Click to show the state after that access."));
    applyStyle();
}

void HitRatePlot::setSteps(const CacheSteps& steps) {
    clearGraphs();
    curves_.clear();
    accessCount_ = steps.accessCount();
    const std::size_t stride = std::max<std::size_t>(1, accessCount_ / kMostPoints);
    for (std::size_t level = 0; level < steps.config().levels.size(); ++level) {
        const std::vector<double>& rates = steps.hitRateHistory(level);
        Curve curve;
        for (std::size_t index = 0; index < rates.size(); ++index) {
            if (index % stride != 0 && index + 1 != rates.size()) continue;
            curve.accesses.push_back(double(index + 1));
            curve.percents.push_back(std::isnan(rates[index]) ? qQNaN() : rates[index] * 100.0);
        }
        // The whole run faintly, for where the curve is going; the accesses made so far on top.
        curve.whole = addGraph();
        curve.whole->setData(curve.accesses, curve.percents, true);
        curve.whole->removeFromLegend();
        curve.made = addGraph();
        curve.made->setName(QString::fromStdString(steps.config().levels[level].name));
        curves_.push_back(std::move(curve));
    }
    xAxis->setRange(0, std::max<double>(1.0, double(accessCount_)) + 0.5);
    applyStyle();
    setPosition(steps.position());
}

void HitRatePlot::setPosition(std::size_t position) {
    for (Curve& curve : curves_) {
        const auto end =
            std::upper_bound(curve.accesses.begin(), curve.accesses.end(), double(position));
        const auto count = end - curve.accesses.begin();
        curve.made->setData(curve.accesses.mid(0, count), curve.percents.mid(0, count), true);
    }
    marker_->point1->setCoords(double(position), 0);
    marker_->point2->setCoords(double(position), 1);
    // Drawn once the event loop runs, so that a fast run does not redraw every curve per access.
    replot(QCustomPlot::rpQueuedReplot);
}

double HitRatePlot::markerPosition() const { return marker_->point1->coords().x(); }

QSize HitRatePlot::sizeHint() const {
    const QFontMetrics metrics(font());
    return {metrics.horizontalAdvance(QLatin1Char('0')) * kPreferredWidthCharacters,
            metrics.height() * kPreferredHeightLines};
}

void HitRatePlot::applyStyle() {
    applyingStyle_ = true;
    const DisplayStyle style = displayStyleOf(*this);
    for (std::size_t level = 0; level < curves_.size(); ++level) {
        const QColor color = memoryColor(levelRole(int(level)), palette());
        curves_[level].made->setPen(QPen(color));
        curves_[level].whole->setPen(
            QPen(mixedColor(palette().color(QPalette::Base), color, kWholeRunShare)));
    }
    applyPlotStyle(*this, style);
    for (const Curve& curve : curves_) {
        QPen pen = curve.whole->pen();
        pen.setWidthF(std::max(1.0, style.plotPenWidth / 2));
        curve.whole->setPen(pen);
    }
    marker_->setPen(QPen(memoryColor(MemoryRole::Highlight, palette()), style.plotPenWidth * 1.5));
    legend->setBrush(Qt::NoBrush);
    legend->setTextColor(palette().color(QPalette::Text));
    legend->setBorderPen(Qt::NoPen);
    replot();
    applyingStyle_ = false;
}

void HitRatePlot::mousePressEvent(QMouseEvent* event) {
    QCustomPlot::mousePressEvent(event);
    if (accessCount_ == 0) return;
    const double access = xAxis->pixelToCoord(event->position().x());
    emit positionClicked(int(std::clamp<double>(std::lround(access), 0.0, double(accessCount_))));
}

void HitRatePlot::changeEvent(QEvent* event) {
    QCustomPlot::changeEvent(event);
    const bool styleChanged =
        event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange;
    if (styleChanged && !applyingStyle_) applyStyle();
}

}  // namespace mlsyslab::widgets
