#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/Result.h"
#include "logic/AdderCircuits.h"
#include "numeric/FloatDecode.h"
#include "numeric/FloatFormat.h"

namespace mlsyslab::logic {

// A floating-point adder datapath, step by step, the way hardware does it (seed 001's five
// steps: compare exponents, align, add, normalize, round), for FP16 and FP32. The significands
// are added or subtracted through the gate netlist of a ripple-carry adder/subtractor
// (AdderCircuits.h); every other step is the integer logic the hardware blocks implement
// (FloatAdderHardware.h counts their gates). Results are bit-exact with IEEE 754 addition,
// rounding to nearest, ties to even.
//
// NaN results follow the x86 SSE rule, so FP32 results match the host bit for bit:
//   - a NaN operand: the result is the first NaN operand (a, else b), quieted (the top
//     mantissa bit set), sign and payload kept;
//   - inf + (-inf): the x86 "default NaN", sign set: 0xFFC00000 (FP32), 0xFE00 (FP16).
// Zeros: +0 + -0 = +0, -0 + -0 = -0, and an exact zero from x + (-x) is +0.

// The significand register of the datapath, low bit first:
//   bit 0 sticky (S), bit 1 round (R), bit 2 guard (G), bits 3 .. 3+mantissaBits-1 the
//   mantissa, bit hiddenBit() the implicit 1, and bit carryBit() the adder's carry out.
// Guard, round and sticky are the three bits below the result's last place that make one
// correct rounding possible (Goldberg 1991, "What every computer scientist should know
// about floating-point arithmetic", §"Guard digits"; Patterson & Hennessy, §3.5).
struct SignificandLayout {
    static constexpr int kExtraBits = 3;  // guard, round, sticky
    static constexpr int kStickyBit = 0;
    static constexpr int kRoundBit = 1;
    static constexpr int kGuardBit = 2;

    int mantissaBits = 0;

    constexpr int lowestMantissaBit() const { return kExtraBits; }
    constexpr int hiddenBit() const { return kExtraBits + mantissaBits; }
    constexpr int carryBit() const { return hiddenBit() + 1; }
    // Hidden bit, mantissa, guard, round, sticky: the adder's width (its carry out is carryBit).
    constexpr int adderWidth() const { return hiddenBit() + 1; }
    // Every bit a snapshot's register may hold, carry included.
    constexpr int registerWidth() const { return carryBit() + 1; }
};

// FP16 and FP32, the formats of the issue; the engine also accepts any other IEEE format
// whose adder fits kMaxAdderWidth (bf16, tf32, fp8-e5m2), which the tests use as extra checks.
bool supportsFloatAdder(const numeric::FloatFormat& format);

enum class FloatAdderStage {
    Unpack,           // fields out of the patterns; the implicit 1, or 0 for subnormals and zero
    CompareAndSwap,   // the larger magnitude goes first (exponent, then significand)
    Align,            // shift the smaller right by the exponent difference, keeping G, R, S
    AddSignificands,  // add, or subtract when the signs differ, through the gate netlist
    Normalize,        // carry out: shift right; cancellation: shift left; adjust the exponent
    Round,            // to nearest, ties to even, from G, R, S; renormalize on carry out
    Pack,             // fields back into a pattern; overflow becomes infinity
    Special,          // NaN or infinity operands: the answer needs no arithmetic
};

// "Unpack", "Compare and swap", ..., for titles and the CLI.
std::string_view floatAdderStageName(FloatAdderStage stage);
// Seed 001's step number: 1 compare exponents (CompareAndSwap), 2 align, 3 add, 4 normalize,
// 5 round; 0 for Unpack, Pack and Special.
int seedStepOf(FloatAdderStage stage);

enum class SpecialCase {
    None,
    NanOperand,             // a NaN in: the first NaN, quieted
    InfinityMinusInfinity,  // inf + (-inf): the default NaN
    InfinityOperand,        // one infinity, or two of the same sign: that infinity
};

// An operand register as the datapath holds it at one step.
struct OperandFields {
    bool negative = false;
    std::uint32_t exponentField = 0;  // as stored in the pattern (0 for zeros and subnormals)
    // The exponent the datapath works with, biased: the field, or 1 for zeros and subnormals
    // (they share the smallest normal exponent). After alignment, the larger operand's.
    int biasedExponent = 0;
    int exponent = 0;  // biasedExponent - bias
    // The register (SignificandLayout): hidden bit, mantissa, then G, R, S (0 until aligned).
    std::uint64_t significand = 0;
    numeric::FloatClass floatClass = numeric::FloatClass::Zero;  // of the input pattern
};

// The sum as it moves through add, normalize and round.
struct WorkingResult {
    bool negative = false;
    int biasedExponent = 0;         // may leave the format's range before Pack handles it
    int exponent = 0;               // biasedExponent - bias
    std::uint64_t significand = 0;  // the register, carry bit included (SignificandLayout)
};

// What changed in this step, so a view can highlight it without looking at other steps.
struct ChangedParts {
    bool operands = false;  // either operand register (swap, alignment)
    bool resultSign = false;
    bool resultExponent = false;
    bool resultSignificand = false;
    bool resultBits = false;  // the packed pattern appeared
};

// One step of the datapath: everything a view shows, computed once (DESIGN.md §2).
struct FloatAdderStep {
    FloatAdderStage stage = FloatAdderStage::Unpack;
    int seedStep = 0;   // seedStepOf(stage)
    std::string title;  // one line, e.g. "Compare exponents: 16 > 15, no swap"
    // Plain English with the numbers, e.g. "Exponents differ by 1: shift 1.01 × 2^0 right
    // by 1 to 0.101 × 2^1". UTF-8, may hold a few sentences, no line breaks.
    std::string explanation;

    // The operand registers. `first` and `second` start as A and B; from CompareAndSwap on,
    // `first` is the larger magnitude, and from Align on `second` is shifted to its exponent.
    OperandFields first;
    OperandFields second;
    bool swapped = false;  // from CompareAndSwap on: B was larger, so first is B

    // From Align on.
    int exponentDifference = 0;  // first.biasedExponent - second.biasedExponent before aligning
    int alignShift = 0;          // the shift applied: the difference, capped at the register
    bool subtract = false;       // from CompareAndSwap on: the signs differ

    // From AddSignificands on (hasResult).
    bool hasResult = false;
    WorkingResult result;
    bool carryOut = false;  // the adder's carry: for a subtraction, 1 means no borrow

    // Normalize.
    int leadingZeros = 0;             // above the hidden bit position, counted on the sum
    int normalizeShift = 0;           // > 0: left by that much; < 0: right by one
    bool stoppedAtSubnormal = false;  // the left shift stopped at the smallest exponent
    bool exactZero = false;           // everything cancelled (or both operands were zero)

    // Round.
    bool guard = false;      // the bit below the last place, after normalizing
    bool sticky = false;     // round OR sticky: anything below the guard bit
    bool lastPlace = false;  // the result's lowest mantissa bit, for ties
    bool roundedUp = false;
    bool roundingCarriedOut = false;  // 1.11..1 + 1 ulp = 10.0: shifted right again
    bool overflow = false;            // the exponent passed the largest finite one: infinity

    SpecialCase specialCase = SpecialCase::None;
    std::optional<std::uint64_t> resultBits;  // from Pack (or Special) on
    ChangedParts changed;
};

struct FloatAdditionTrace {
    numeric::FloatFormat format;
    SignificandLayout layout;
    std::uint64_t aBits = 0;
    std::uint64_t bBits = 0;
    // Unpack, CompareAndSwap, Align, AddSignificands, Normalize, Round, Pack for numbers;
    // Unpack, Special, Pack when a NaN or an infinity comes in.
    std::vector<FloatAdderStep> steps;
    std::uint64_t resultBits = 0;
};

struct SignificandAdderUnit;  // FloatDatapath.h

// One datapath per format: builds the significand adder/subtractor netlist once and reuses it
// for every addition. Cheap to copy; immutable once created, so one object may serve any
// number of additions.
class FloatAdder {
public:
    // Fails for formats supportsFloatAdder rejects, with a message naming fp16 and fp32.
    static Result<FloatAdder> create(const numeric::FloatFormat& format);

    const numeric::FloatFormat& format() const { return format_; }
    SignificandLayout layout() const { return layout_; }
    // The ripple-carry adder/subtractor of width layout().adderWidth() the significands go
    // through (its `sub` input selects subtraction).
    const AdderCircuit& significandAdder() const;

    // The sum's pattern. Inputs are cut to the format's width. The fast path: no trace, no text.
    std::uint64_t add(std::uint64_t aBits, std::uint64_t bBits) const;
    // Many sums: results[i] = add(aBits[i], bBits[i]) for spans of one size. The significands
    // of 64 pairs at a time go through the same netlist together, one bit of a machine word
    // per pair (bit slicing): how a batch of millions stays fast.
    void addMany(std::span<const std::uint64_t> aBits, std::span<const std::uint64_t> bBits,
                 std::span<std::uint64_t> results) const;
    // Every step with its fields and explanation; trace.resultBits == add(aBits, bBits).
    FloatAdditionTrace trace(std::uint64_t aBits, std::uint64_t bBits) const;

private:
    FloatAdder(const numeric::FloatFormat& format,
               std::shared_ptr<const SignificandAdderUnit> adder);

    numeric::FloatFormat format_;
    SignificandLayout layout_;
    std::shared_ptr<const SignificandAdderUnit> significandAdder_;  // shared by copies
};

}  // namespace mlsyslab::logic
