#pragma once

#include <QPainterPath>
#include <QPointF>
#include <QRectF>
#include <vector>

#include "logic/Gate.h"

namespace mlsyslab::widgets {

// The distinctive gate shapes of ANSI/IEEE Std 91 (the ones in textbooks and on slides): AND a
// D, OR a shield, XOR a shield with a second back curve, NOT and BUF a triangle; an inversion
// bubble at the output of NOT, NAND, NOR and XNOR. Past three inputs the input side is extended
// with a straight line, as the standard does, so the body keeps its proportions.
//
// Sizes are in multiples of `unit` (scene pixels): input pins are kGatePinSpacingUnits apart,
// centred on the output. Local coordinates: x = 0 is the leftmost point of the shape (the back,
// where input wires end on AND), y = 0 is the output pin's height.
inline constexpr double kGatePinSpacingUnits = 2.0;

struct GateShape {
    QPainterPath outline;            // body, extension lines and bubble: stroke it
    QPainterPath body;               // the closed parts (body and bubble): fill it
    QRectF labelArea;                // where the kind's name fits inside the body
    std::vector<QPointF> inputPins;  // where each input wire ends, first input on top
    QPointF outputPin;               // where the output wire starts (past the bubble)
    QRectF bounds;                   // the whole shape, pins included
};

GateShape gateShape(logic::GateKind kind, int inputCount, double unit);

// NOT, NAND, NOR, XNOR: the ones drawn with a bubble.
bool hasInversionBubble(logic::GateKind kind);

}  // namespace mlsyslab::widgets
