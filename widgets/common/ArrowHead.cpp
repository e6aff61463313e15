#include "common/ArrowHead.h"

#include <QPainter>
#include <QPainterPath>
#include <cmath>

namespace mlsyslab::widgets {

void drawArrowHead(QPainter& painter, QPointF tip, QPointF direction, double size) {
    const double length = std::hypot(direction.x(), direction.y());
    if (length == 0) return;
    direction /= length;
    const QPointF back = tip - direction * size;
    const QPointF across(-direction.y() * size * 0.5, direction.x() * size * 0.5);
    QPainterPath head;
    head.moveTo(tip);
    head.lineTo(back + across);
    head.lineTo(back - across);
    head.closeSubpath();
    painter.fillPath(head, painter.pen().color());
}

}  // namespace mlsyslab::widgets
