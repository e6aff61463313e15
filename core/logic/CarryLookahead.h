#pragma once

#include <vector>

#include "logic/Netlist.h"

namespace mlsyslab::logic {

// The carry and sum chain of an adder, added to a netlist that already holds the operand bits.
struct AdderChain {
    std::vector<SignalId> sum;      // s0..s{W-1}
    std::vector<SignalId> carries;  // c0 (the carry-in itself) .. c{W}
};

// A hierarchical carry-lookahead adder over a and b (same width), the naming documented in
// AdderCircuits.h. Lookahead units span kLookaheadGroupSize bits, units of the next level span
// that many units, up to a single root, so depth grows with log4 of the width.
AdderChain addCarryLookaheadChain(Netlist& netlist, const std::vector<SignalId>& a,
                                  const std::vector<SignalId>& b, SignalId carryIn);

}  // namespace mlsyslab::logic
