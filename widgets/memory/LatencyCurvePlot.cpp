#include "memory/LatencyCurvePlot.h"

#include <algorithm>
#include <climits>
#include <cmath>

#include "common/DisplayStyle.h"
#include "memory/MemoryColors.h"
#include "memory/ProbeText.h"

namespace mlsyslab::widgets {

namespace {

// Room around the data: a point is never on the frame, a label never on the curve.
constexpr double kSizeMargin = 1.19;     // a quarter octave each side
constexpr double kFloorFactor = 1.6;     // below the fastest point
constexpr double kHeadroomFactor = 5.0;  // above the slowest: room for its plateau's label
constexpr double kEmptyLowNanoseconds = 0.5;
constexpr double kEmptyHighNanoseconds = 300.0;
constexpr double kPlateauOverhang = 1.12;      // the bar reaches a little past its first and last
constexpr double kLabelGapPixels = 4.0;        // between a plateau's bar and its label
constexpr double kEdgeShare = 0.22;            // labels this close to a side align to that side
constexpr double kPointDiameterLines = 0.5;    // scatter discs, half a line of text across
constexpr std::uint64_t kLabelledOctaves = 2;  // size labels every 2 octaves: 4 KiB, 16 KiB...

MemoryRole roleOfLevel(int level) {
    switch (level) {
        case 1:
            return MemoryRole::L1;
        case 2:
            return MemoryRole::L2;
        default:
            return MemoryRole::L3;
    }
}

MemoryRole roleOfPlateau(const std::string& name) {
    if (name == "L1") return MemoryRole::L1;
    if (name == "L2") return MemoryRole::L2;
    if (name == "DRAM") return MemoryRole::Dram;
    return MemoryRole::L3;
}

QString cacheName(const memory::CacheInfo& cache) { return QStringLiteral("L%1").arg(cache.level); }

}  // namespace

LatencyCurvePlot::LatencyCurvePlot(QWidget* parent) : QCustomPlot(parent) {
    setObjectName(QStringLiteral("latencyPlot"));
    addGraph();
    graph(0)->setLineStyle(QCPGraph::lsLine);
    xAxis->setScaleType(QCPAxis::stLogarithmic);
    xAxis->setLabel(tr("working set (log scale)"));
    yAxis->setScaleType(QCPAxis::stLogarithmic);
    yAxis->setLabel(tr("ns per load (log scale)"));
    auto nanosecondTicker = QSharedPointer<QCPAxisTickerLog>::create();
    nanosecondTicker->setSubTickCount(8);
    yAxis->setTicker(nanosecondTicker);
    yAxis->setNumberFormat(QStringLiteral("g"));
    yAxis2->setScaleType(QCPAxis::stLogarithmic);
    auto cycleTicker = QSharedPointer<QCPAxisTickerLog>::create();
    cycleTicker->setSubTickCount(8);
    yAxis2->setTicker(cycleTicker);
    yAxis2->setNumberFormat(QStringLiteral("g"));
    yAxis2->setLabel(tr("cycles per load"));
    setWorkingSetRange(smallestBytes_, largestBytes_);
    fitValueRange();
    restyle();
    connect(this, &QCustomPlot::afterLayout, this, &LatencyCurvePlot::placePlateauLabels);
}

void LatencyCurvePlot::setWorkingSetRange(std::uint64_t smallestBytes, std::uint64_t largestBytes) {
    smallestBytes_ = std::max<std::uint64_t>(smallestBytes, 1);
    largestBytes_ = std::max(largestBytes, smallestBytes_ * 2);
    xAxis->setRange(double(smallestBytes_) / kSizeMargin, double(largestBytes_) * kSizeMargin);
    // A tick at every power of two, a label every second octave from the smallest.
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    const auto firstPower = std::uint64_t(std::ceil(std::log2(double(smallestBytes_)) - 1e-9));
    for (std::uint64_t power = firstPower; power < 63; ++power) {
        const std::uint64_t bytes = std::uint64_t{1} << power;
        if (double(bytes) > double(largestBytes_) * kSizeMargin) break;
        const bool labelled = (power - firstPower) % kLabelledOctaves == 0;
        ticker->addTick(double(bytes), labelled ? byteSizeText(bytes) : QString());
    }
    xAxis->setTicker(ticker);
    rebuildCacheMarks();
    replot(rpQueuedReplot);
}

void LatencyCurvePlot::setTopology(const memory::CacheTopology& topology) {
    topology_ = topology;
    rebuildCacheMarks();
    replot(rpQueuedReplot);
}

void LatencyCurvePlot::setClock(double clockGHz) {
    clockGHz_ = clockGHz;
    updateCyclesAxis();
    rebuildPlateauMarks();
    replot(rpQueuedReplot);
}

void LatencyCurvePlot::clearMeasurement() {
    points_.clear();
    plateaus_.clear();
    graph(0)->data()->clear();
    rebuildPlateauMarks();
    fitValueRange();
    replot(rpQueuedReplot);
}

void LatencyCurvePlot::addPoint(const memory::LatencyPoint& point) {
    points_.push_back(point);
    graph(0)->addData(double(point.workingSetBytes), point.nanosecondsPerLoad);
    fitValueRange();
    replot(rpQueuedReplot);
}

void LatencyCurvePlot::setPlateaus(const std::vector<memory::LevelLatency>& levels) {
    plateaus_ = levels;
    rebuildPlateauMarks();
    replot(rpQueuedReplot);
}

int LatencyCurvePlot::pointCount() const { return int(points_.size()); }

QStringList LatencyCurvePlot::plateauLabels() const {
    QStringList labels;
    for (const QCPItemText* text : plateauTexts_) labels.append(text->text());
    return labels;
}

QStringList LatencyCurvePlot::cacheLabels() const {
    QStringList labels;
    for (const QCPItemText* text : cacheTexts_) labels.append(text->text());
    return labels;
}

void LatencyCurvePlot::fitValueRange() {
    double low = kEmptyLowNanoseconds;
    double high = kEmptyHighNanoseconds;
    if (!points_.empty()) {
        const auto [fastest, slowest] = std::minmax_element(
            points_.begin(), points_.end(), [](const auto& left, const auto& right) {
                return left.nanosecondsPerLoad < right.nanosecondsPerLoad;
            });
        low = std::min(kEmptyLowNanoseconds * 1.6, fastest->nanosecondsPerLoad / kFloorFactor);
        high = std::max(20.0, slowest->nanosecondsPerLoad * kHeadroomFactor);
    }
    yAxis->setRange(low, high);
    updateCyclesAxis();
}

void LatencyCurvePlot::updateCyclesAxis() {
    // Always there, so the plot keeps its width (and the last size label its room) when the
    // clock arrives; its numbers only once the clock is known.
    yAxis2->setVisible(true);
    yAxis2->setTickLabels(clockGHz_ > 0.0);
    yAxis2->setTicks(clockGHz_ > 0.0);
    if (clockGHz_ > 0.0) {
        yAxis2->setRange(yAxis->range().lower * clockGHz_, yAxis->range().upper * clockGHz_);
        yAxis2->setLabel(tr("cycles per load at %1 GHz").arg(clockGHz_, 0, 'f', 2));
    } else {
        yAxis2->setLabel(tr("cycles per load"));
    }
}

void LatencyCurvePlot::rebuildCacheMarks() {
    for (QCPAbstractItem* item : cacheItems_) removeItem(item);
    cacheItems_.clear();
    cacheTexts_.clear();
    for (const memory::CacheInfo& cache : topology_.dataCaches()) {
        if (double(cache.sizeBytes) > double(largestBytes_) * kSizeMargin) continue;
        auto* line = new QCPItemStraightLine(this);
        line->point1->setCoords(double(cache.sizeBytes), 1.0);
        line->point2->setCoords(double(cache.sizeBytes), 2.0);
        line->setProperty("level", cache.level);
        line->setSelectable(false);
        auto* text = new QCPItemText(this);
        text->position->setTypeX(QCPItemPosition::ptPlotCoords);
        text->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        text->position->setCoords(double(cache.sizeBytes), 0.01);
        // Right of its line, or left of it near the right edge, so the label is never cut off.
        const double share = (std::log(double(cache.sizeBytes)) - std::log(xAxis->range().lower)) /
                             (std::log(xAxis->range().upper) - std::log(xAxis->range().lower));
        text->setPositionAlignment((share > 1.0 - kEdgeShare ? Qt::AlignRight : Qt::AlignLeft) |
                                   Qt::AlignTop);
        text->setText(QStringLiteral("%1 %2").arg(cacheName(cache), byteSizeText(cache.sizeBytes)));
        text->setProperty("level", cache.level);
        text->setSelectable(false);
        cacheItems_.push_back(line);
        cacheItems_.push_back(text);
        cacheTexts_.push_back(text);
    }
    restyle();
}

void LatencyCurvePlot::rebuildPlateauMarks() {
    for (QCPAbstractItem* item : plateauItems_) removeItem(item);
    plateauItems_.clear();
    plateauTexts_.clear();
    const double logLow = std::log(xAxis->range().lower);
    const double logSpan = std::log(xAxis->range().upper) - logLow;
    for (const memory::LevelLatency& level : plateaus_) {
        const double from = double(level.fromBytes) / kPlateauOverhang;
        const double to = double(level.toBytes) * kPlateauOverhang;
        auto* bar = new QCPItemLine(this);
        bar->start->setCoords(from, level.nanoseconds);
        bar->end->setCoords(to, level.nanoseconds);
        bar->setProperty("plateau", QString::fromStdString(level.name));
        bar->setSelectable(false);
        auto* text = new QCPItemText(this);
        // Centred over its bar, or aligned to the bar's outer end near a side of the plot, so
        // it is never cut off; its height is set after each layout (placePlateauLabels).
        const double middle = std::sqrt(from * to);
        const double share = (std::log(middle) - logLow) / logSpan;
        double anchor = middle;
        Qt::Alignment horizontal = Qt::AlignHCenter;
        if (share < kEdgeShare) {
            anchor = from;
            horizontal = Qt::AlignLeft;
        } else if (share > 1.0 - kEdgeShare) {
            anchor = to;
            horizontal = Qt::AlignRight;
        }
        text->position->setCoords(anchor, level.nanoseconds);
        text->setPositionAlignment(horizontal | Qt::AlignBottom);
        text->setTextAlignment(horizontal);
        // Two short lines rather than one long one: a label about as wide as an L1 plateau.
        QString label = QStringLiteral("%1 ≈ %2").arg(QString::fromStdString(level.name),
                                                      nanosecondsText(level.nanoseconds));
        if (clockGHz_ > 0.0) {
            label += QStringLiteral("\n≈ %1").arg(cyclesText(level.nanoseconds * clockGHz_));
        }
        text->setText(label);
        text->setProperty("plateau", QString::fromStdString(level.name));
        text->setProperty("nanoseconds", level.nanoseconds);
        text->setSelectable(false);
        plateauItems_.push_back(bar);
        plateauItems_.push_back(text);
        plateauTexts_.push_back(text);
    }
    restyle();
}

QRectF LatencyCurvePlot::labelRect(const QCPItemText& text, double anchorX, double bottom) const {
    const QFontMetricsF metrics(text.font());
    const QMargins padding = text.padding();
    const QRectF textBounds =
        metrics.boundingRect(QRectF(0, 0, 1e6, 1e6), Qt::AlignLeft, text.text());
    const double width = textBounds.width() + padding.left() + padding.right();
    const double height = textBounds.height() + padding.top() + padding.bottom();
    double left = anchorX - width / 2.0;
    if (text.positionAlignment() & Qt::AlignLeft) left = anchorX;
    if (text.positionAlignment() & Qt::AlignRight) left = anchorX - width;
    return {left, bottom - height, width, height};
}

void LatencyCurvePlot::placePlateauLabels() {
    // Each label goes to the first place, from just above its bar, just below it, then higher
    // and lower, that covers neither a measured point nor another label and stays inside the
    // plot: on a machine whose L3 is small or shared, its plateau sits close to DRAM's, and
    // the labels must not hide the points that show it.
    const QRectF inside = axisRect()->rect();
    std::vector<QRectF> taken;
    for (const QCPItemText* text : cacheTexts_) {
        const double top = inside.top() + inside.height() * text->position->coords().y();
        taken.push_back(labelRect(*text, xAxis->coordToPixel(text->position->coords().x()),
                                  top + QFontMetricsF(text->font()).height()));
    }
    const double pointRadius = fontMetrics().height() * kPointDiameterLines / 2.0;
    std::vector<QPointF> pointPixels;
    for (const memory::LatencyPoint& point : points_) {
        pointPixels.emplace_back(xAxis->coordToPixel(double(point.workingSetBytes)),
                                 yAxis->coordToPixel(point.nanosecondsPerLoad));
    }
    const double barHalfWidth = displayStyleOf(*this).plotPenWidth * 1.5;
    for (QCPItemText* text : plateauTexts_) {
        const double barPixel = yAxis->coordToPixel(text->property("nanoseconds").toDouble());
        const double anchorX = xAxis->coordToPixel(text->position->coords().x());
        const double height = labelRect(*text, anchorX, 0.0).height();
        const double above = barPixel - barHalfWidth - kLabelGapPixels;
        const double below = barPixel + barHalfWidth + kLabelGapPixels + height;
        const double candidates[] = {above,
                                     below,
                                     above - height,
                                     below + height,
                                     above - 2 * height,
                                     below + 2 * height,
                                     above - 3 * height};
        double bestBottom = above;
        int bestCost = INT_MAX;
        for (const double bottom : candidates) {
            const QRectF rect = labelRect(*text, anchorX, bottom);
            if (!inside.contains(rect)) continue;
            const QRectF padded =
                rect.adjusted(-pointRadius, -pointRadius, pointRadius, pointRadius);
            int cost = 0;
            for (const QPointF& point : pointPixels) cost += padded.contains(point) ? 1 : 0;
            for (const QRectF& other : taken) cost += other.intersects(rect) ? 1000 : 0;
            if (cost < bestCost) {
                bestCost = cost;
                bestBottom = bottom;
            }
            if (cost == 0) break;
        }
        text->position->setCoords(text->position->coords().x(), yAxis->pixelToCoord(bestBottom));
        taken.push_back(labelRect(*text, anchorX, bestBottom));
    }
}

void LatencyCurvePlot::restyle() {
    const DisplayStyle style = displayStyleOf(*this);
    const QPalette palette = paletteFor(style, this->palette());
    applyPlotStyle(*this, style);
    const QColor ink = palette.color(QPalette::Text);
    QPen curvePen(ink, style.plotPenWidth);
    graph(0)->setPen(curvePen);
    const double pointSize = fontMetrics().height() * kPointDiameterLines;
    graph(0)->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssDisc, ink, palette.color(QPalette::Base), pointSize));
    QFont labelFont = font();
    QFont plateauFont = font();
    plateauFont.setBold(true);
    QColor labelBackground = palette.color(QPalette::Base);
    labelBackground.setAlpha(225);
    for (QCPAbstractItem* item : cacheItems_) {
        const MemoryRole role = roleOfLevel(item->property("level").toInt());
        if (auto* line = qobject_cast<QCPItemStraightLine*>(item)) {
            line->setPen(QPen(memoryColor(role, palette), style.plotPenWidth, Qt::DashLine));
        }
    }
    for (QCPItemText* text : cacheTexts_) {
        text->setFont(labelFont);
        text->setColor(memoryColor(roleOfLevel(text->property("level").toInt()), palette));
        text->setPadding(QMargins(4, 0, 4, 0));
    }
    for (QCPAbstractItem* item : plateauItems_) {
        const MemoryRole role = roleOfPlateau(item->property("plateau").toString().toStdString());
        if (auto* bar = qobject_cast<QCPItemLine*>(item)) {
            QPen pen(memoryColor(role, palette), style.plotPenWidth * 3.0);
            pen.setCapStyle(Qt::FlatCap);
            bar->setPen(pen);
        }
    }
    for (QCPItemText* text : plateauTexts_) {
        const MemoryRole role = roleOfPlateau(text->property("plateau").toString().toStdString());
        text->setFont(plateauFont);
        text->setColor(memoryColor(role, palette));
        text->setBrush(labelBackground);
        text->setPadding(QMargins(3, 1, 3, 1));
    }
    replot(rpQueuedReplot);
}

}  // namespace mlsyslab::widgets
