#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "logic/Netlist.h"

namespace mlsyslab::logic {

// The gate-level blocks of a floating-point adder besides the integer adders (AdderCircuits.h):
// multiplexers, barrel shifters with a sticky bit, a leading-zero counter, incrementers and
// gate trees. They use the cell library of a first course, 2-input AND/OR/XOR gates and
// inverters, so their gate counts and depths compare with each other and with the adders.
//
// Each block comes two ways: add* functions that wire it into a netlist being built, on the
// caller's wires, under a name prefix (names must stay unique); and build* functions that
// make it a netlist of its own with named inputs and outputs, for tests and for counting.
// Signal vectors hold bit 0 (least significant) first.

// One gate, or a balanced tree of 2-input gates over all the wires (at least one; a single
// signal is returned as it is).
SignalId addGateTree(Netlist& netlist, std::string_view prefix, GateKind kind,
                     std::span<const SignalId> wires);

// select ? whenOne : whenZero, per bit, as (whenZero AND NOT select) OR (whenOne AND select).
// notSelect is NOT select, made once by the caller and shared by every bit.
std::vector<SignalId> addMultiplexer(Netlist& netlist, std::string_view prefix, SignalId select,
                                     SignalId notSelect, std::span<const SignalId> whenZero,
                                     std::span<const SignalId> whenOne);

struct ShiftedSignals {
    std::vector<SignalId> bits;
    SignalId sticky = -1;  // right shifts: OR of every bit shifted out; -1 for left shifts
};

// x >> amount (zeros in at the top), one stage of 2:1 multiplexers per amount bit up to the
// register's width; higher amount bits only force the result to zero. The sticky output is
// the OR of all bits shifted out, collected stage by stage.
ShiftedSignals addRightShifter(Netlist& netlist, std::string_view prefix,
                               std::span<const SignalId> x, std::span<const SignalId> amount);
// x << amount (zeros in at the bottom), bits shifted past the top are dropped.
ShiftedSignals addLeftShifter(Netlist& netlist, std::string_view prefix,
                              std::span<const SignalId> x, std::span<const SignalId> amount);

// The number of leading zeros of x (counted from its top bit), as bit_width(x.size()) bits;
// x.size() when x is zero. A tree: each half reports "all zero" and its own count, and the
// top half's flag picks the count.
std::vector<SignalId> addLeadingZeroCounter(Netlist& netlist, std::string_view prefix,
                                            std::span<const SignalId> x);

// x + 1 (a chain of half adders) and x - 1 (a chain of half subtractors); the last signal is
// the carry out (x was all ones) or the borrow out (x was zero). With a carryIn signal the
// incrementer adds that bit instead of 1 (x + carryIn: rounding's conditional increment).
std::vector<SignalId> addIncrementer(Netlist& netlist, std::string_view prefix,
                                     std::span<const SignalId> x, SignalId carryIn = -1);
std::vector<SignalId> addDecrementer(Netlist& netlist, std::string_view prefix,
                                     std::span<const SignalId> x);

// Stand-alone netlists. Inputs and outputs are named as listed; W is `width`.
// Multiplexer: inputs zero0.., one0.., select; outputs y0..y{W-1}.
Netlist buildMultiplexer(int width);
// Right shifter: inputs x0..x{W-1}, amount0..amount{A-1}; outputs y0..y{W-1}, sticky.
Netlist buildRightShifter(int width, int amountBits);
// Left shifter: inputs x0.., amount0..; outputs y0..y{W-1}.
Netlist buildLeftShifter(int width, int amountBits);
// Leading-zero counter: inputs x0..x{W-1}; outputs count0..count{K-1}, K = bit_width(W).
Netlist buildLeadingZeroCounter(int width);
// Incrementer / decrementer: inputs x0..; outputs y0..y{W-1}, then carry (or borrow).
Netlist buildIncrementer(int width);
Netlist buildDecrementer(int width);

// Names "x0".."x{count-1}" as inputs of `netlist`.
std::vector<SignalId> addInputBus(Netlist& netlist, std::string_view name, int count);
// Names "y0".. as outputs for the wires.
void addOutputBus(Netlist& netlist, std::string_view name, std::span<const SignalId> wires);

}  // namespace mlsyslab::logic
