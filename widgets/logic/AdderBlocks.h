#pragma once

#include <vector>

#include "logic/AdderCircuits.h"

namespace mlsyslab::widgets {

// The boxes a block diagram of an adder draws, read from its netlist: every gate belongs to
// one block, found by the gate's name (logic/AdderCircuits.cpp and CarryLookahead.cpp name
// them). Plain C++, so the grouping is tested without a display.
enum class AdderBlockKind {
    FullAdder,      // ripple: "fa{i}.*", the five gates of full adder i
    Complement,     // adder/subtractor: "flip{i}" = b_i XOR sub
    BitCell,        // lookahead: "g{i}" and "p{i}", the generate and propagate of bit i
    LookaheadUnit,  // lookahead: "cla{L}.{k}.*", unit k of level L
    SumCell,        // lookahead: "sum{i}" = p_i XOR c_i
    OverflowFlag,   // "overflow" = c_W XOR c_{W-1}
    ZeroFlag,       // "zero" and "zero.*": the NOR of the sum bits, as a tree
};

struct AdderBlock {
    AdderBlockKind kind = AdderBlockKind::FullAdder;
    int index = 0;     // the bit, or the unit's index within its level
    int level = 0;     // lookahead units: 1 looks over bits, 2 over level-1 units, ...
    int firstBit = 0;  // the bits the block spans, lowest first
    int lastBit = 0;
    std::vector<logic::GateId> gates;
};

// One wire between blocks: a signal driven in one block (-1: a primary input) and read in
// another. The flags' inputs are included; each (signal, reader) pair appears once.
struct AdderLink {
    logic::SignalId signal = -1;
    int fromBlock = -1;
    int toBlock = -1;
};

struct AdderBlockMap {
    std::vector<AdderBlock> blocks;
    std::vector<int> blockOfGate;  // for each gate, its index in blocks (-1: a name not known)
    std::vector<AdderLink> links;  // in gate order
    int lookaheadLevels = 0;       // 0 for a ripple-carry adder

    // -1 when the adder has no such block (a lookahead unit with nothing to compute has no gates
    // and so no block).
    int find(AdderBlockKind kind, int index, int level = 0) const;
    // The block that drives a signal; -1 for a primary input.
    int driverBlock(const logic::Netlist& netlist, logic::SignalId signal) const;
};

AdderBlockMap mapAdderBlocks(const logic::AdderCircuit& adder);

// Netlist::criticalPath() block by block: the input it starts from, the blocks it passes, the
// wire that carries it from each block to the next, and the output it ends on.
struct AdderBlockPath {
    logic::SignalId input = -1;
    std::vector<int> blocks;
    std::vector<logic::SignalId> links;  // links[k] joins blocks[k] and blocks[k + 1]
    logic::SignalId output = -1;

    bool passes(int block) const;
    // Whether the path runs along this wire: from `fromBlock` (-1: the primary input) into
    // `toBlock` (-1: out of the circuit).
    bool runsAlong(logic::SignalId signal, int fromBlock, int toBlock) const;
};

AdderBlockPath criticalBlockPath(const logic::AdderCircuit& adder, const AdderBlockMap& map);

}  // namespace mlsyslab::widgets
