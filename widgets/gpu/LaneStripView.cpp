#include "gpu/LaneStripView.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

#include "common/DisplayStyle.h"
#include "gpu/GpuColors.h"
#include "gpu/LaneCells.h"

namespace mlsyslab::widgets {

namespace {

bool hasLane(std::uint32_t mask, int lane) { return ((mask >> lane) & 1u) != 0; }

// Dark text on a light fill, light text on a dark one.
QColor textOn(const QColor& fill) {
    return fill.lightness() >= 140 ? QColor(Qt::black) : QColor(Qt::white);
}

}  // namespace

LaneStripView::LaneStripView(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setMouseTracking(true);
}

void LaneStripView::setLanes(std::uint32_t activeMask, std::uint32_t existingMask,
                             int firstThread) {
    activeMask_ = activeMask;
    existingMask_ = existingMask;
    firstThread_ = firstThread;
    update();
}

int LaneStripView::lanesPerRow(int width) const {
    // Each cell must hold a two-digit lane number with a little room around it.
    const int leastCell =
        fontMetrics().horizontalAdvance(QStringLiteral("31")) + fontMetrics().height() / 4;
    return width >= leastCell * gpu::kWarpLanes ? gpu::kWarpLanes : gpu::kWarpLanes / 2;
}

int LaneStripView::cellHeight() const { return fontMetrics().height() * 8 / 5; }

int LaneStripView::heightForWidth(int width) const {
    const int rows = gpu::kWarpLanes / lanesPerRow(width);
    return rows * cellHeight() + (rows - 1) * (fontMetrics().height() / 4);
}

QSize LaneStripView::sizeHint() const {
    const int cell = fontMetrics().horizontalAdvance(QStringLiteral("31")) + fontMetrics().height();
    return {cell * gpu::kWarpLanes, heightForWidth(cell * gpu::kWarpLanes)};
}

QSize LaneStripView::minimumSizeHint() const {
    const int cell =
        fontMetrics().horizontalAdvance(QStringLiteral("31")) + fontMetrics().height() / 4;
    return {cell * gpu::kWarpLanes / 2, heightForWidth(cell * gpu::kWarpLanes / 2)};
}

QRect LaneStripView::laneRect(int lane) const {
    const int perRow = lanesPerRow(width());
    const int row = lane / perRow;
    const int column = lane % perRow;
    const double cellWidth = double(width()) / perRow;
    const int gap = std::max(2, fontMetrics().height() / 6);
    const int left = int(column * cellWidth);
    const int right = int((column + 1) * cellWidth) - gap;
    const int top = row * (cellHeight() + fontMetrics().height() / 4);
    return {left, top, right - left, cellHeight()};
}

void LaneStripView::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QPalette& colors = palette();
    const QColor active = activeLaneColor(colors);
    const QColor idle = idleLaneColor(colors);
    QFont bold = font();
    bold.setBold(true);
    const double penWidth = displayStyleOf(*this).presentation ? 2.0 : 1.0;
    for (int lane = 0; lane < gpu::kWarpLanes; ++lane) {
        const QRectF cell = QRectF(laneRect(lane)).adjusted(0.5, 0.5, -0.5, -0.5);
        const double radius = cell.height() / 8;
        if (!hasLane(existingMask_, lane)) {
            painter.setPen(QPen(idle.darker(130), penWidth, Qt::DotLine));
            painter.setBrush(Qt::NoBrush);
            painter.drawRoundedRect(cell, radius, radius);
            continue;
        }
        const bool runs = hasLane(activeMask_, lane);
        const QColor fill = runs ? active : idle;
        painter.setPen(Qt::NoPen);
        painter.setBrush(fill);
        painter.drawRoundedRect(cell, radius, radius);
        painter.setFont(runs ? bold : font());
        painter.setPen(runs ? textOn(fill) : colors.color(QPalette::Text));
        painter.drawText(cell, Qt::AlignCenter, QString::number(lane));
    }
}

bool LaneStripView::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        for (int lane = 0; lane < gpu::kWarpLanes; ++lane) {
            if (!laneRect(lane).contains(help->pos())) continue;
            QString text;
            if (!hasLane(existingMask_, lane)) {
                text = tr("Lane %1: no thread (the block ends before it)").arg(lane);
            } else {
                text = tr("Lane %1 = thread %2: %3")
                           .arg(lane)
                           .arg(firstThread_ + lane)
                           .arg(hasLane(activeMask_, lane) ? tr("runs this instruction")
                                                           : tr("idle, masked off"));
            }
            QToolTip::showText(help->globalPos(), text, this);
            return true;
        }
        QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

}  // namespace mlsyslab::widgets
