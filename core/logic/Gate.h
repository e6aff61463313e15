#pragma once

#include <optional>
#include <span>
#include <string_view>

namespace mlsyslab::logic {

// The eight gates of a first course in digital logic. NOT and BUF take one input; the others
// take 2 to kMaxGateInputs (a 3-input XOR is odd parity, as in a full adder drawn with one XOR).
enum class GateKind { And, Or, Xor, Not, Nand, Nor, Xnor, Buf };

// Real CMOS gates rarely go past 4 inputs; the lesson format allows a little more for drawings.
inline constexpr int kMaxGateInputs = 8;
// One unit of propagation delay per gate unless a gate says otherwise (the default).
inline constexpr int kDefaultGateDelay = 1;
// A delay is a whole number of time units from 1 to this. The event simulator keeps one snapshot
// per time unit, so an unbounded delay typed into a lesson would cost unbounded memory.
inline constexpr int kMaxGateDelay = 1000;

// "AND", "XNOR", ... as printed on slides and in truth tables.
std::string_view gateKindName(GateKind kind);
// Case-insensitive inverse of gateKindName.
std::optional<GateKind> parseGateKind(std::string_view name);

// How many inputs a gate of this kind accepts.
int minimumInputs(GateKind kind);
int maximumInputs(GateKind kind);

// The gate's output for these input values (inputs.size() within the kind's limits).
bool evaluateGate(GateKind kind, std::span<const bool> inputs);

}  // namespace mlsyslab::logic
