#include "gpu/CoalescingView.h"

#include <QEvent>
#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>
#include <algorithm>
#include <cmath>

#include "common/ArrowHead.h"
#include "common/DisplayStyle.h"
#include "gpu/CoalescingViewLayout.h"
#include "gpu/GpuColors.h"

namespace mlsyslab::widgets {

namespace {

using gpu::kCacheLineBytes;
using gpu::kSectorBytes;
using gpu::LaneAccess;

using namespace coalescing_view;

using gpu::kWarpLanes;

QColor textOn(const QColor& fill) {
    return fill.lightness() >= 140 ? QColor(Qt::black) : QColor(Qt::white);
}

bool misaligned(const LaneAccess& access) { return access.byteAddress % access.bytes != 0; }

}  // namespace

CoalescingView::CoalescingView(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setMouseTracking(true);
}

void CoalescingView::setResult(std::optional<gpu::CoalescingResult> result) {
    result_ = std::move(result);
    update();
}

CoalescingView::Geometry CoalescingView::geometry() const {
    Geometry geometry;
    const double unit = QFontMetricsF(font()).height();
    geometry.unit = unit;
    geometry.laneTop = 1;
    geometry.laneHeight = kLaneHeightLines * unit;
    geometry.stripTop = geometry.laneTop + geometry.laneHeight + kArrowSpaceLines * unit;
    geometry.stripHeight = kStripHeightLines * unit;
    geometry.labelTop = geometry.stripTop + geometry.stripHeight + 0.2 * unit;
    geometry.legendTop = geometry.labelTop + kLabelHeightLines * unit + 0.3 * unit;
    geometry.height = geometry.legendTop + kLegendHeightLines * unit;

    if (!result_ || result_->lines.empty()) return geometry;
    // The touched lines, in order, with a gap wherever lines are left out (before the first
    // one too, unless it is the array's first line).
    const auto& lines = result_->lines;
    std::vector<Slot> places;
    if (lines.front() > 0) places.push_back({true, 0, 0, 0});
    for (std::size_t index = 0; index < lines.size(); ++index) {
        if (index > 0 && lines[index] != lines[index - 1] + 1) places.push_back({true, 0, 0, 0});
        places.push_back({false, lines[index], 0, 0});
    }
    const auto gaps =
        std::count_if(places.begin(), places.end(), [](const Slot& s) { return s.gap; });
    const double available = width() - 2.0;
    const double gapWidth = std::min(kGapWidthLines * unit, available / 8);
    const double lineWidth = (available - double(gaps) * gapWidth) / double(lines.size());
    double x = 1;
    for (Slot& slot : places) {
        slot.left = x;
        x += slot.gap ? gapWidth : lineWidth;
        slot.right = x;
    }
    geometry.places = std::move(places);
    return geometry;
}

const CoalescingView::Slot* CoalescingView::slotOfLine(const Geometry& geometry,
                                                       std::int64_t line) const {
    for (const Slot& slot : geometry.places) {
        if (!slot.gap && slot.line == line) return &slot;
    }
    return nullptr;
}

double CoalescingView::byteX(const Geometry& geometry, std::int64_t byteAddress) const {
    // The end of a line is the start of the next: look the byte up in its own line first.
    const Slot* slot = slotOfLine(geometry, byteAddress / kCacheLineBytes);
    if (slot == nullptr) slot = slotOfLine(geometry, byteAddress / kCacheLineBytes - 1);
    if (slot == nullptr) return 0;
    const double offset = double(byteAddress - slot->line * kCacheLineBytes);
    return slot->left + (slot->right - slot->left) * offset / double(kCacheLineBytes);
}

QRectF CoalescingView::laneRect(int lane) const {
    if (lane < 0 || lane >= kWarpLanes) return {};
    const Geometry shape = geometry();
    const double cell = (width() - 2.0) / kWarpLanes;
    const double gap = std::max(2.0, shape.unit / 6);
    return {1 + lane * cell, shape.laneTop, cell - gap, shape.laneHeight};
}

QPointF CoalescingView::arrowTip(int lane) const {
    if (!result_) return {};
    const Geometry shape = geometry();
    for (const LaneAccess& access : result_->lanes) {
        if (access.lane != lane) continue;
        const double first = byteX(shape, access.byteAddress);
        const double last = byteX(shape, access.byteAddress + access.bytes);
        return {(first + last) / 2, shape.stripTop};
    }
    return {};
}

QRectF CoalescingView::sectorRect(std::int64_t sector) const {
    const Geometry shape = geometry();
    const Slot* slot = slotOfLine(shape, sector * kSectorBytes / kCacheLineBytes);
    if (slot == nullptr) return {};
    const double left = byteX(shape, sector * kSectorBytes);
    const double right = left + (slot->right - slot->left) / kSectorsPerLine;
    return {left, shape.stripTop, right - left, shape.stripHeight};
}

QSize CoalescingView::sizeHint() const {
    const QFontMetrics metrics(font());
    const int cell = metrics.horizontalAdvance(QStringLiteral("31")) + metrics.height();
    return {cell * kWarpLanes, int(std::ceil(geometry().height)) + 2};
}

QSize CoalescingView::minimumSizeHint() const {
    // Narrow lanes draw their numbers in the small font (paintLanes).
    const QFontMetrics metrics(scaledFont(font(), kSmallFontScale));
    const int cell = metrics.horizontalAdvance(QStringLiteral("31")) + 4;
    return {cell * kWarpLanes, int(std::ceil(geometry().height)) + 2};
}

void CoalescingView::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    // Everything is sized in line heights: a new font is a new size.
    if (event->type() == QEvent::FontChange) updateGeometry();
}

void CoalescingView::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const Geometry shape = geometry();
    paintStrip(painter, shape);
    paintArrows(painter, shape);
    paintLanes(painter, shape);
    paintLegend(painter, shape);
}

void CoalescingView::paintLanes(QPainter& painter, const Geometry& shape) const {
    const QPalette& colors = palette();
    const QColor active = activeLaneColor(colors);
    const QColor idle = idleLaneColor(colors);
    std::vector<const LaneAccess*> accesses(kWarpLanes, nullptr);
    if (result_) {
        for (const LaneAccess& access : result_->lanes) {
            if (access.lane >= 0 && access.lane < kWarpLanes)
                accesses[std::size_t(access.lane)] = &access;
        }
    }
    QFont number = font();
    number.setBold(true);
    const double cell = laneRect(0).width();
    if (QFontMetricsF(number).horizontalAdvance(QStringLiteral("31")) > cell * 0.9) {
        number = scaledFont(number, kSmallFontScale);
    }
    painter.setFont(number);
    for (int lane = 0; lane < kWarpLanes; ++lane) {
        const QRectF box = laneRect(lane);
        const LaneAccess* access = accesses[std::size_t(lane)];
        const QColor fill = access != nullptr ? active : idle;
        painter.setPen(Qt::NoPen);
        painter.setBrush(fill);
        painter.drawRoundedRect(box, shape.unit / 6, shape.unit / 6);
        if (access != nullptr && misaligned(*access)) {
            // CUDA would fault on this lane's load: outline it in the error colour.
            painter.setPen(QPen(errorColor(colors), std::max(2.0, shape.unit / 8)));
            painter.setBrush(Qt::NoBrush);
            painter.drawRoundedRect(box.adjusted(1, 1, -1, -1), shape.unit / 6, shape.unit / 6);
        }
        painter.setPen(access != nullptr ? textOn(fill) : colors.color(QPalette::PlaceholderText));
        painter.drawText(box, Qt::AlignCenter, QString::number(lane));
    }
}

void CoalescingView::paintArrows(QPainter& painter, const Geometry& shape) const {
    if (!result_) return;
    const QPalette& colors = palette();
    QColor ink = activeLaneColor(colors);
    const double penWidth = std::max(1.5, shape.unit / 10);
    for (const LaneAccess& access : result_->lanes) {
        const QRectF box = laneRect(access.lane);
        const QPointF start(box.center().x(), box.bottom() + 1);
        const QPointF tip = arrowTip(access.lane);
        painter.setPen(QPen(misaligned(access) ? errorColor(colors) : ink, penWidth, Qt::SolidLine,
                            Qt::RoundCap));
        painter.drawLine(start, tip - (tip - start) /
                                          std::hypot((tip - start).x(), (tip - start).y()) *
                                          (0.45 * shape.unit));
        drawArrowHead(painter, tip, tip - start, 0.5 * shape.unit);
    }
}

QString CoalescingView::toolTipAt(QPointF point) const {
    if (!result_) return {};
    for (const LaneAccess& access : result_->lanes) {
        if (!laneRect(access.lane).contains(point)) continue;
        QString text = tr("Lane %1 reads bytes %2\u2013%3")
                           .arg(access.lane)
                           .arg(access.byteAddress)
                           .arg(access.byteAddress + access.bytes - 1);
        if (misaligned(access)) {
            text += tr(" (not a multiple of %1: CUDA would refuse this load)").arg(access.bytes);
        }
        return text;
    }
    for (const std::int64_t sector : result_->sectors) {
        if (!sectorRect(sector).contains(point)) continue;
        QStringList lanes;
        for (const LaneAccess& access : result_->lanes) {
            const std::int64_t first = sector * kSectorBytes;
            if (access.byteAddress <= first + kSectorBytes - 1 &&
                access.byteAddress + access.bytes - 1 >= first) {
                lanes << QString::number(access.lane);
            }
        }
        return tr("Sector %1: bytes %2\u2013%3, moved for lanes %4")
            .arg(sector)
            .arg(sector * kSectorBytes)
            .arg(sector * kSectorBytes + kSectorBytes - 1)
            .arg(lanes.join(QStringLiteral(", ")));
    }
    return {};
}

bool CoalescingView::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty()) {
            QToolTip::hideText();
        } else {
            QToolTip::showText(help->globalPos(), text, this);
        }
        return true;
    }
    return QWidget::event(event);
}

}  // namespace mlsyslab::widgets
