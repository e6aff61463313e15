#pragma once

#include <QPainterPath>
#include <QRectF>
#include <QString>
#include <optional>
#include <vector>

#include "logic/AdderBlocks.h"

namespace mlsyslab::widgets {

// Where everything of an adder's block diagram goes, in scene units (one bit column is
// kAdderColumnPitch wide), before any item is made: the boxes, the wires between them and the
// labels. Bit W-1 is on the left and bit 0 on the right, as numbers are written.
//
// Ripple carry: a row of full adders, a_i and b_i in at the top, s_i out at the bottom, the
// carries running right to left between the boxes. Lookahead: a row of bit cells (p, g), under
// it one row of lookahead units per level, each as wide as the bits it looks over, and a row of
// sum cells (p XOR c) at the bottom. Generate and propagate run down into the units; each unit
// sends the carries it makes down to the sum cells and up to the units that take them as their
// carry-in. Wires are drawn under the boxes, so one that only passes a row runs behind it. Both
// kinds end in the flags: Z under the sums, V beside the carry out, N at the top sum bit.
inline constexpr double kAdderColumnPitch = 100.0;

struct DiagramBox {
    int block = -1;  // into AdderBlockMap::blocks
    QRectF rect;
    QString title;     // "FA 3", "PG 5", "lookahead 1.0", ...
    QString subtitle;  // a second, smaller line, or ""
};

// One drawn piece of a signal's wire: from the block that drives it (-1: a primary input) into
// the block that reads it (-1: an output of the circuit).
struct DiagramWire {
    logic::SignalId signal = -1;
    int fromBlock = -1;
    int toBlock = -1;
    QPainterPath path;
    std::optional<QPointF> junction;  // a dot where it branches off a wire it shares
};

struct DiagramLabel {
    QString text;
    QPointF anchor;
    Qt::Alignment alignment = Qt::AlignCenter;  // of the text around the anchor
    logic::SignalId signal = -1;  // shown as "text = value" and coloured by it when set
    bool large = false;
};

struct AdderDiagramLayout {
    std::vector<DiagramBox> boxes;
    std::vector<DiagramWire> wires;
    std::vector<DiagramLabel> labels;
    QRectF bounds;
    double textSize = 24.0;  // scene units; titles are larger, see titleSize
    double titleSize = 32.0;
};

AdderDiagramLayout layoutAdderDiagram(const logic::AdderCircuit& adder, const AdderBlockMap& map);

}  // namespace mlsyslab::widgets
