#pragma once

#include <vector>

#include "logic/Netlist.h"

namespace mlsyslab::widgets {

// The first half of laying out a circuit (CircuitLayout.h): which nodes each column holds, in
// which order from top to bottom, and at what height. Only heights here; widths and wires
// come after.

enum class ColumnNodeKind {
    Input,  // a primary input's switch
    Gate,
    PassThrough,  // a wire crossing a column on its way to a later one
    Output,       // an output lamp
};

struct ColumnNode {
    ColumnNodeKind kind = ColumnNodeKind::Gate;
    int id = -1;  // the input's index, the GateId, the output's index, or the signal passing
    logic::SignalId carries = -1;        // the signal leaving on the right (-1: an output)
    std::vector<logic::SignalId> reads;  // the signals arriving on the left, one per pin
    std::vector<double> pinOffsets;      // each pin's height relative to the node's height
    double above = 0;                    // how far the node reaches above its height
    double below = 0;                    // and below
    double y = 0;                        // the node's height: where its output wire leaves
};

using CircuitColumns = std::vector<std::vector<ColumnNode>>;

// Inputs in column 0, each gate in the column of its level, outputs in the last column, and a
// pass-through wherever a signal must cross a column to reach a later reader. Pin offsets and
// extents are left at zero for the caller to fill in.
CircuitColumns buildCircuitColumns(const logic::Netlist& netlist, const std::vector<int>& levels);

// Reorders every column but the first and the last (inputs and outputs keep the netlist's
// order) to reduce wire crossings (barycentre sweeps); keeps the order with the fewest
// crossings seen. Deterministic.
void orderCircuitColumns(CircuitColumns& columns);

// Wire crossings between neighbouring columns, counted pin by pin.
int countColumnCrossings(const CircuitColumns& columns);

// Sets every node's height: nodes keep their order and at least `gap` between the extents of
// two gates, `narrowGap` between other neighbours; as many wires as possible run
// level from source to pin. Heights are whole multiples of `grid` apart, so a wire is either
// level to the last bit or visibly routed, never off by a hair: pin offsets must be multiples
// of the grid, and the grid an exactly representable number (a multiple of 1/64, say). The
// topmost extent ends up between 0 and one grid step.
void placeCircuitColumns(CircuitColumns& columns, double grid, double gap, double narrowGap);

// The node in `column` whose right side carries `signal`, or -1.
int carrierIndex(const std::vector<ColumnNode>& column, logic::SignalId signal);

}  // namespace mlsyslab::widgets
