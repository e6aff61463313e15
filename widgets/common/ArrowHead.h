#pragma once

#include <QPointF>

class QPainter;

namespace mlsyslab::widgets {

// A filled triangular arrow head in the painter's pen colour, its tip at `tip`, pointing along
// `direction` (any length but zero), `size` pixels long and half as wide.
void drawArrowHead(QPainter& painter, QPointF tip, QPointF direction, double size);

}  // namespace mlsyslab::widgets
