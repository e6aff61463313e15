#pragma once

#include <span>
#include <string>
#include <vector>

#include "common/Result.h"
#include "logic/AdderCircuits.h"
#include "logic/Netlist.h"
#include "numeric/FloatFormat.h"

namespace mlsyslab::logic {

// Why float hardware costs more gates and time (seed 001: "integer: direct full-adder chains,
// fast; float: more gates, slower"), counted from real netlists: every block of a
// floating-point adder is built from gates (HardwareBlocks.h, AdderCircuits.h) and counted,
// next to a plain integer adder of the same width. No number here is typed in.
//
// The model: a single-path adder whose blocks work one after another, as FloatAdder steps
// through them. Its depth is the sum of the depths of the blocks on the critical path; fast
// designs overlap blocks (two-path adders, leading-zero anticipation), which shortens the
// path but adds gates.

struct GateCost {
    int gates = 0;
    int depth = 0;  // logic levels: the most gates any input-to-output path passes through
};

// Gates and depth of what `outputs` depend on (every output port when empty): a block counts
// only the part of a netlist it uses, e.g. the carry chain of a subtractor used as a
// comparator, not its sum bits and flags.
GateCost coneCost(const Netlist& netlist, std::span<const SignalId> outputs = {});

// A netlist used inside a block, with the outputs the block reads from it.
struct HardwarePart {
    std::string name;  // "exponent - 1"
    Netlist netlist;
    std::vector<SignalId> usedOutputs;
    GateCost cost;  // coneCost(netlist, usedOutputs)
};

struct HardwareBlock {
    std::string name;         // "Alignment shifter"
    std::string description;  // what it is, with its widths
    int seedStep = 0;         // seed 001's step it serves (1..5), 0 for unpack and pack
    bool onCriticalPath = true;
    // Parts work one after another: the block's depth is the sum of theirs.
    std::vector<HardwarePart> parts;
    GateCost cost;
};

struct IntegerAdderCost {
    AdderKind kind = AdderKind::RippleCarry;
    int width = 0;
    GateCost cost;  // the whole netlist of buildAdder(kind, width), as `logic add` reports it
};

struct FloatAdderHardware {
    numeric::FloatFormat format;
    AdderKind adderKind = AdderKind::RippleCarry;  // of the adders inside the blocks
    std::vector<HardwareBlock> blocks;             // in datapath order
    int totalGates = 0;                            // every block
    int criticalPathDepth = 0;                     // the blocks on the critical path, in series
    IntegerAdderCost integerRipple;                // same width as the format (16, 32)
    IntegerAdderCost integerLookahead;
};

// Fails for formats the floating-point adder does not take (supportsFloatAdder).
Result<FloatAdderHardware> buildFloatAdderHardware(const numeric::FloatFormat& format,
                                                   AdderKind adderKind = AdderKind::RippleCarry);

}  // namespace mlsyslab::logic
