#include "logic/GateShapes.h"

#include <algorithm>

namespace mlsyslab::widgets {

namespace {

using logic::GateKind;

// Proportions of the distinctive shapes, in units. Two inputs sit on a body 4 units high; three
// or more get a 6-unit body, the largest that still looks like the textbook gate.
constexpr double kSmallBodyHeight = 4.0;
constexpr double kLargeBodyHeight = 6.0;
constexpr double kAndWidthPerHeight = 1.25;
constexpr double kOrWidthPerHeight = 1.35;
constexpr double kTriangleHeight = 4.0;
constexpr double kTriangleWidth = 4.6;
constexpr double kBubbleRadius = 0.45;
// How far the back curve of OR bulges into the body, as a fraction of the body height.
constexpr double kOrBackDepth = 0.18;
// The gap between XOR's extra back curve and its OR body.
constexpr double kXorGap = 0.7;

enum class Family { And, Or, Xor, Triangle };

Family familyOf(GateKind kind) {
    switch (kind) {
        case GateKind::And:
        case GateKind::Nand:
            return Family::And;
        case GateKind::Or:
        case GateKind::Nor:
            return Family::Or;
        case GateKind::Xor:
        case GateKind::Xnor:
            return Family::Xor;
        case GateKind::Not:
        case GateKind::Buf:
            return Family::Triangle;
    }
    return Family::And;
}

// The concave back of OR: a quadratic curve from (x, -h/2) to (x, h/2) bulging right by `depth`.
void addBackCurve(QPainterPath& path, double x, double height, double depth, bool startNew) {
    if (startNew) path.moveTo(x, -height / 2);
    path.quadTo(x + 2 * depth, 0, x, height / 2);
}

// Where a wire at height y meets that back curve: the curve is x(t) = 4·depth·t(1 − t),
// y(t) = (h/2)(2t − 1), so t follows from y. Outside the body (extended input side) it is the
// line through the curve's ends.
double backCurveX(double x, double height, double depth, double y) {
    if (y <= -height / 2 || y >= height / 2) return x;
    const double t = (y / (height / 2) + 1) / 2;
    return x + 4 * depth * t * (1 - t);
}

// The shield of OR from its back at x = left, its tip at x = left + width.
QPainterPath orBody(double left, double width, double height, double depth) {
    QPainterPath body;
    body.moveTo(left, -height / 2);
    body.cubicTo(left + 0.55 * width, -height / 2, left + 0.85 * width, -0.28 * height,
                 left + width, 0);
    body.cubicTo(left + 0.85 * width, 0.28 * height, left + 0.55 * width, height / 2, left,
                 height / 2);
    // Back up the concave curve to where the shape started.
    body.quadTo(left + 2 * depth, 0, left, -height / 2);
    body.closeSubpath();
    return body;
}

}  // namespace

bool hasInversionBubble(GateKind kind) {
    return kind == GateKind::Not || kind == GateKind::Nand || kind == GateKind::Nor ||
           kind == GateKind::Xnor;
}

GateShape gateShape(GateKind kind, int inputCount, double unit) {
    inputCount = std::clamp(inputCount, 1, logic::kMaxGateInputs);
    const Family family = familyOf(kind);
    const double height = unit * (family == Family::Triangle ? kTriangleHeight
                                  : inputCount <= 2          ? kSmallBodyHeight
                                                             : kLargeBodyHeight);
    const double depth = kOrBackDepth * height;
    GateShape shape;
    double tipX = 0;
    double backX = 0;  // where pins outside the body end (the extension line)
    switch (family) {
        case Family::And: {
            const double width = kAndWidthPerHeight * height;
            shape.body.moveTo(0, -height / 2);
            shape.body.lineTo(width - height / 2, -height / 2);
            shape.body.arcTo(QRectF(width - height, -height / 2, height, height), 90, -180);
            shape.body.lineTo(0, height / 2);
            shape.body.closeSubpath();
            shape.labelArea =
                QRectF(0.3 * unit, -0.3 * height, width - 0.3 * height - 0.3 * unit, 0.6 * height);
            tipX = width;
            break;
        }
        case Family::Or:
        case Family::Xor: {
            const double shift = family == Family::Xor ? kXorGap * unit : 0.0;
            const double width = kOrWidthPerHeight * height;
            shape.body = orBody(shift, width, height, depth);
            shape.labelArea = QRectF(shift + depth + 0.3 * unit, -0.25 * height,
                                     0.72 * width - depth - 0.3 * unit, 0.5 * height);
            tipX = shift + width;
            break;
        }
        case Family::Triangle: {
            const double width = kTriangleWidth * unit;
            shape.body.moveTo(0, -height / 2);
            shape.body.lineTo(width, 0);
            shape.body.lineTo(0, height / 2);
            shape.body.closeSubpath();
            shape.labelArea = QRectF(0.25 * unit, -0.2 * height, 0.52 * width, 0.4 * height);
            tipX = width;
            break;
        }
    }
    shape.outline = shape.body;
    if (family == Family::Xor) addBackCurve(shape.outline, 0, height, depth, true);

    for (int pin = 0; pin < inputCount; ++pin) {
        const double y = (pin - (inputCount - 1) / 2.0) * kGatePinSpacingUnits * unit;
        const double x =
            family == Family::Or || family == Family::Xor ? backCurveX(0, height, depth, y) : backX;
        shape.inputPins.emplace_back(x, y);
    }
    // Inputs beyond the body: the input side goes on as a straight line (IEEE 91, 3.3).
    const double topPin = shape.inputPins.front().y();
    const double bottomPin = shape.inputPins.back().y();
    if (topPin < -height / 2) {
        shape.outline.moveTo(backX, topPin);
        shape.outline.lineTo(backX, -height / 2);
    }
    if (bottomPin > height / 2) {
        shape.outline.moveTo(backX, height / 2);
        shape.outline.lineTo(backX, bottomPin);
    }

    if (hasInversionBubble(kind)) {
        const double radius = kBubbleRadius * unit;
        shape.outline.addEllipse(QPointF(tipX + radius, 0), radius, radius);
        shape.body.addEllipse(QPointF(tipX + radius, 0), radius, radius);
        shape.outputPin = QPointF(tipX + 2 * radius, 0);
    } else {
        shape.outputPin = QPointF(tipX, 0);
    }
    shape.bounds = shape.outline.boundingRect().united(
        QRectF(QPointF(0, std::min(topPin, -height / 2)),
               QPointF(shape.outputPin.x(), std::max(bottomPin, height / 2))));
    return shape;
}

}  // namespace mlsyslab::widgets
