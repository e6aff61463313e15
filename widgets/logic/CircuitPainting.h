#pragma once

#include <QFont>
#include <QPainterPath>
#include <QRectF>
#include <QString>
#include <set>

#include "logic/CircuitLayout.h"
#include "logic/Netlist.h"

class QGraphicsScene;
class QGraphicsSimpleTextItem;

namespace mlsyslab::widgets {

// How CircuitView turns its font into sizes and its layout into paths: line widths, fonts and
// shapes, all in scene pixels and all proportional to the font, so a larger font (presentation
// mode) gives a larger drawing with thicker wires.

struct CircuitDrawingSizes {
    double unit = 12;               // CircuitLayoutMetrics::unit
    double highWireWidth = 3;       // a wire at 1: thicker, so the value shows without colour
    double lowWireWidth = 2;        // a wire at 0
    double haloExtraWidth = 4;      // on each side of a wire that changed at the time shown
    double pathUnderlayWidth = 14;  // the highlighted path under its wires
    double outlineWidth = 2;        // gates, switches and lamps
    double junctionRadius = 4;
    double switchCornerRadius = 4;
    double margin = 12;  // around the drawing
};

CircuitDrawingSizes drawingSizesFor(const QFont& font);
CircuitLayoutMetrics layoutMetricsFor(const QFont& font, const CircuitDrawingSizes& sizes);

// The fonts, in pixel sizes (scene units): names of inputs, outputs and gates; the 0 and 1 in
// switches and lamps; a gate's kind, as large as fits inside its body.
QFont nameFont(const QFont& font);
QFont valueFont(const QFont& font, const CircuitDrawingSizes& sizes);
QFont kindFont(const QFont& font, logic::GateKind kind, const PlacedGate& gate,
               const CircuitDrawingSizes& sizes);
QString kindLabel(logic::GateKind kind);

QPainterPath wirePath(const RoutedWire& wire);
QPainterPath gateFillPath(const PlacedGate& gate);
QPainterPath switchPath(const QRectF& rect, const CircuitDrawingSizes& sizes);

// A text item centred in a box, above everything else.
QGraphicsSimpleTextItem* addCenteredText(QGraphicsScene& scene, const QString& text,
                                         const QFont& font, const QRectF& box);

// What highlighting a path of gates (input to output) covers: the gates, and the wires from
// the primary inputs into the first gate, between consecutive gates and from the last gate
// to the outputs it drives.
struct PathHighlight {
    QPainterPath route;
    std::set<logic::GateId> gates;
    std::set<logic::SignalId> wires;
};

PathHighlight pathHighlight(const logic::Netlist& netlist, const CircuitLayout& layout,
                            const std::vector<logic::GateId>& path);

}  // namespace mlsyslab::widgets
