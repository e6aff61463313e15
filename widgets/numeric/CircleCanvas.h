#pragma once

#include <QColor>
#include <QFont>
#include <QPainter>
#include <QPointF>
#include <QRectF>
#include <QtMath>
#include <cmath>

#include "numeric/BitPattern.h"

namespace mlsyslab::widgets::circle {

// The geometry and the drawing state the number circle's painting steps share (see
// NumberCircle.h). Angles are in degrees, clockwise from the top, as the patterns go.

// Room between the circle and the labels outside it, in line heights.
inline constexpr double kLabelGapInLines = 0.4;

// What every drawing step needs. Sizes are in units of `line`, the font's line height.
struct Canvas {
    QPainter& painter;
    QRectF bounds;
    QPointF centre;
    double radius = 0;
    double line = 0;
    QFont valueFont;
    QFont bitsFont;
    QColor ink;
    QColor paper;
    QColor resultColor;
    QColor alarm;
};

// Where a pattern sits. 2^W is exact as a double for every W up to 64.
inline double angleOf(const numeric::BitPattern& pattern) {
    return static_cast<double>(pattern.bits()) / std::ldexp(1.0, pattern.width()) * 360.0;
}

inline double stepDegrees(int width) { return 360.0 / std::ldexp(1.0, width); }

inline QPointF pointAt(QPointF centre, double radius, double angleDegrees) {
    const double radians = qDegreesToRadians(angleDegrees);
    return centre + QPointF(radius * std::sin(radians), -radius * std::cos(radians));
}

// The direction of increasing patterns at an angle (clockwise on screen).
inline QPointF clockwiseTangent(double angleDegrees) {
    const double radians = qDegreesToRadians(angleDegrees);
    return {std::cos(radians), std::sin(radians)};
}

// How far from its centre a box reaches towards the circle's centre, seen at this angle.
inline double radialReach(QSizeF size, double angleDegrees) {
    const double radians = qDegreesToRadians(angleDegrees);
    return std::abs(std::sin(radians)) * size.width() / 2 +
           std::abs(std::cos(radians)) * size.height() / 2;
}

}  // namespace mlsyslab::widgets::circle
