#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "common/Result.h"
#include "logic/Netlist.h"

namespace mlsyslab::logic {

// Gate-level adders, built from the same Netlist the gates simulator runs. Names are stable so
// lessons and views can find signals and gates with findSignal/findGate.
//
// Inputs, in inputs() order: a0..a{W-1}, b0..b{W-1}, then cin (plain adder) or sub
// (adder/subtractor). Signals: s0..s{W-1} (sum bits), c1..c{W} (c{i} is the carry into bit i,
// c{W} the carry out); the carry into bit 0 is the input cin or sub itself (carries[0]), there
// is no separate signal named c0. Output ports, in order: s0..s{W-1}, carry (on c{W}),
// overflow, zero, negative (on s{W-1}). A signal a gate drives has the gate's name unless listed
// here.
//
// Gates shared by both kinds, in netlist order:
//   flip{i}        XOR(b{i}, sub), the operand bit the adder sees (adder/subtractor only; first)
//   overflow       XOR(c{W}, c{W-1})                              (after the adder)
//   zero...        zero = NOR of every sum bit as a tree of fan-in at most 4: NOR gates
//                  zero.nor{k} over groups of sum bits, then AND gates zero.and{level}.{k}; the
//                  last gate is named zero (a lone NOT for W = 1, a lone NOR for W <= 4)
// Ripple carry, full adder i (gates in this order, as on the slide):
//   fa{i}.xor1     a XOR b
//   fa{i}.xor2     xor1 XOR c{i}            -> signal s{i}
//   fa{i}.and1     a AND b
//   fa{i}.and2     c{i} AND xor1
//   fa{i}.or       and1 OR and2             -> signal c{i+1}
// Carry lookahead: per bit g{i} = a AND b and p{i} = a XOR b (signals g{i}, p{i}); lookahead
// units cla{L}.{k} (level 1 spans bits 4k..4k+3, level L spans four units of level L-1, up to
// one root unit, so a unit may have fewer than four children at the top end). Gates of a unit:
//   cla{L}.{k}.G.and{t}, cla{L}.{k}.G   group generate G3 + P3G2 + P3P2G1 + P3P2P1G0
//   cla{L}.{k}.P                        group propagate P3P2P1P0
//   cla{L}.{k}.c{n}.and{t}, cla{L}.{k}.c{n}.or -> signal c{n}: the carry into the child starting
//                  at bit n, G_j + P_jG_{j-1} + ... + P_j..P_0 c (c: the unit's carry-in)
// (the root makes no G/P but makes c{W}; and{t} are the product terms in that written order,
// t from 1; a single-child unit adds no gate), then sum{i} = p{i} XOR c{i} -> signal s{i}.
// Gates have at most 5 inputs (the carry out of a 4-child unit).

enum class AdderKind { RippleCarry, CarryLookahead };

inline constexpr int kMinAdderWidth = 1;
inline constexpr int kMaxAdderWidth = 32;
// Carry-lookahead units span this many bits (or groups, one level up).
inline constexpr int kLookaheadGroupSize = 4;

// "ripple" or "cla", as on the command line.
std::string_view adderKindName(AdderKind kind);
std::optional<AdderKind> parseAdderKind(std::string_view name);

struct AdderCircuit {
    Netlist netlist;
    AdderKind kind = AdderKind::RippleCarry;
    int width = 0;
    bool subtractor = false;        // B XOR sub feeds the adder and sub is the carry-in
    std::vector<SignalId> a, b;     // bit i has weight 2^i
    SignalId carryIn = -1;          // "cin", or "sub" for the adder/subtractor
    std::vector<SignalId> sum;      // s0..s{W-1}
    std::vector<SignalId> carries;  // c0..c{W}: the carry into each bit, then the carry out
    SignalId carryOut = -1;         // the carry flag (for sub: 1 means no borrow)
    SignalId overflow = -1;         // signed overflow: c{W} XOR c{W-1}
    SignalId zero = -1;             // every sum bit is 0
    SignalId negative = -1;         // s{W-1}
};

// The two one-bit building blocks, as on the slide: sum = A XOR B, carry = A AND B; and
// sum = A XOR B XOR Cin, Cout = (A AND B) OR (Cin AND (A XOR B)).
Netlist buildHalfAdder();
Netlist buildFullAdder();

// An adder of width kMinAdderWidth..kMaxAdderWidth (a clear failure otherwise). With
// subtractor set, it computes A - B as A + NOT B + 1.
Result<AdderCircuit> buildAdder(AdderKind kind, int width, bool subtractor = false);

// The primary input values for A, B and the carry-in (the sub bit for an adder/subtractor),
// in netlist inputs() order; A and B are taken modulo 2^W.
std::vector<bool> adderInputValues(const AdderCircuit& adder, std::uint64_t a, std::uint64_t b,
                                   bool carryIn);

struct AdderOutcome {
    std::uint64_t sum = 0;  // the W sum bits as an unsigned number
    bool carry = false;
    bool overflow = false;
    bool zero = false;
    bool negative = false;
};

// Reads the outputs from any snapshot's signal values.
AdderOutcome readAdderOutcome(const AdderCircuit& adder, std::span<const bool> signalValues);
AdderOutcome readAdderOutcome(const AdderCircuit& adder, const std::vector<bool>& signalValues);
// A and B are taken modulo 2^W. Zero-delay evaluation through the netlist.
AdderOutcome evaluateAdder(const AdderCircuit& adder, std::uint64_t a, std::uint64_t b,
                           bool carryIn);

}  // namespace mlsyslab::logic
