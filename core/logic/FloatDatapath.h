#pragma once

#include <cstdint>
#include <span>

#include "logic/AdderCircuits.h"
#include "logic/CompiledNetlist.h"
#include "logic/FloatAdder.h"
#include "numeric/FloatFormat.h"

namespace mlsyslab::logic {

// The arithmetic of the floating-point adder, stage by stage, as plain numbers: what
// FloatAdder::add returns and what FloatAdder::trace turns into explained steps. Kept apart
// from the text so the fast path builds no strings.

// The significand adder/subtractor: its netlist, and the same gates flattened for speed
// (only those the sum bits and the carry out depend on; the flags are not needed here).
struct SignificandAdderUnit {
    AdderCircuit circuit;
    CompiledNetlist compiled;
};

SignificandAdderUnit makeSignificandAdderUnit(AdderCircuit circuit);

struct UnpackedOperand {
    bool negative = false;
    std::uint32_t exponentField = 0;
    int biasedExponent = 0;         // the field, or 1 for zeros and subnormals
    std::uint64_t significand = 0;  // register layout: hidden bit, mantissa, G R S = 000
    numeric::FloatClass floatClass = numeric::FloatClass::Zero;
};

// Every intermediate value of one addition.
struct DatapathRecord {
    UnpackedOperand a, b;
    SpecialCase specialCase = SpecialCase::None;

    // Compare and swap.
    bool swapped = false;
    UnpackedOperand first, second;  // first has the larger magnitude
    bool subtract = false;

    // Align: second shifted right, sticky kept in bit 0.
    int exponentDifference = 0;
    int alignShift = 0;
    std::uint64_t alignedSecond = 0;

    // Add or subtract through the netlist.
    std::uint64_t adderSum = 0;  // the adder's sum bits (adderWidth of them)
    bool carryOut = false;
    std::uint64_t sumSignificand = 0;  // the magnitude: carry bit included for an addition

    // Normalize.
    int leadingZeros = 0;
    int normalizeShift = 0;  // > 0 left, -1 right
    bool stoppedAtSubnormal = false;
    bool exactZero = false;
    bool resultNegative = false;
    int normalizedExponent = 0;  // biased
    std::uint64_t normalizedSignificand = 0;

    // Round.
    bool guard = false;
    bool sticky = false;
    bool lastPlace = false;
    bool roundedUp = false;
    bool roundingCarriedOut = false;
    int roundedExponent = 0;               // biased
    std::uint64_t roundedSignificand = 0;  // register layout, G R S cleared

    // Pack.
    bool overflow = false;
    std::uint64_t resultBits = 0;
};

// Runs the whole datapath; `adder` is the adder/subtractor of layout.adderWidth() bits.
DatapathRecord runFloatDatapath(const numeric::FloatFormat& format,
                                const SignificandAdderUnit& adder, std::uint64_t aBits,
                                std::uint64_t bBits);

// Many additions with the significands of 64 at a time through the netlist, bit-sliced
// (CompiledNetlist::evaluateLanes); results[i] is runFloatDatapath(a[i], b[i]).resultBits.
void runFloatDatapathBatch(const numeric::FloatFormat& format, const SignificandAdderUnit& adder,
                           std::span<const std::uint64_t> aBits,
                           std::span<const std::uint64_t> bBits, std::span<std::uint64_t> results);

UnpackedOperand unpackOperand(const numeric::FloatFormat& format, std::uint64_t bits);

}  // namespace mlsyslab::logic
