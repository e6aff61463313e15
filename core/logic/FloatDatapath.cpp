#include "logic/FloatDatapath.h"

#include <algorithm>
#include <array>
#include <bit>
#include <utility>
#include <vector>

namespace mlsyslab::logic {

namespace {

using numeric::FloatClass;
using numeric::FloatFormat;

std::uint64_t lowBitsMask(int count) {
    return count >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << count) - 1;
}

std::uint64_t quietBit(const FloatFormat& format) {
    return std::uint64_t{1} << (format.mantissaBits - 1);
}

// NaN and infinity operands, the x86 SSE way (FloatAdder.h). Returns false for two numbers.
bool resolveSpecialOperands(const FloatFormat& format, DatapathRecord& record, std::uint64_t aBits,
                            std::uint64_t bBits) {
    const FloatClass aClass = record.a.floatClass;
    const FloatClass bClass = record.b.floatClass;
    if (aClass == FloatClass::Nan || bClass == FloatClass::Nan) {
        record.specialCase = SpecialCase::NanOperand;
        record.resultBits = (aClass == FloatClass::Nan ? aBits : bBits) | quietBit(format);
        return true;
    }
    const bool aInfinite = aClass == FloatClass::Infinity;
    const bool bInfinite = bClass == FloatClass::Infinity;
    if (aInfinite && bInfinite && record.a.negative != record.b.negative) {
        record.specialCase = SpecialCase::InfinityMinusInfinity;
        record.resultBits = format.signBit() | format.canonicalNanMagnitude();
        return true;
    }
    if (aInfinite || bInfinite) {
        record.specialCase = SpecialCase::InfinityOperand;
        record.resultBits = aInfinite ? aBits : bBits;
        return true;
    }
    return false;
}

// The larger magnitude goes first: the larger exponent, or on a tie the larger significand.
void compareAndSwap(DatapathRecord& record) {
    const auto& a = record.a;
    const auto& b = record.b;
    record.swapped = b.biasedExponent > a.biasedExponent ||
                     (b.biasedExponent == a.biasedExponent && b.significand > a.significand);
    record.first = record.swapped ? b : a;
    record.second = record.swapped ? a : b;
    record.subtract = a.negative != b.negative;
}

// Shifts the smaller significand right by the exponent difference. Whatever falls off the
// bottom is ORed into the sticky bit, so the sum still knows "something was below".
void align(const SignificandLayout& layout, DatapathRecord& record) {
    record.exponentDifference = record.first.biasedExponent - record.second.biasedExponent;
    record.alignShift = std::min(record.exponentDifference, layout.adderWidth());
    const std::uint64_t significand = record.second.significand;
    const bool lost = (significand & lowBitsMask(record.alignShift)) != 0;
    const std::uint64_t shifted = record.alignShift >= 64 ? 0 : significand >> record.alignShift;
    record.alignedSecond = shifted | (lost ? 1u : 0u);
}

// The adder's outputs into the record. For a subtraction the carry only says "no borrow"
// (always, since first >= second); for an addition it is the sum's top bit.
void takeAdderOutputs(const SignificandLayout& layout, DatapathRecord& record, std::uint64_t sum,
                      bool carryOut) {
    record.adderSum = sum;
    record.carryOut = carryOut;
    record.sumSignificand = sum;
    if (!record.subtract && carryOut) {
        record.sumSignificand |= std::uint64_t{1} << layout.carryBit();
    }
}

// first + second, or first - second as first + NOT second + 1, through the gate netlist.
void addSignificands(const SignificandLayout& layout, const SignificandAdderUnit& adder,
                     DatapathRecord& record) {
    const AdderCircuit& circuit = adder.circuit;
    // One buffer per thread, reused: a batch runs millions of additions.
    thread_local std::vector<std::uint8_t> signalValues;
    signalValues.resize(static_cast<std::size_t>(adder.compiled.signalCount()));
    for (int bit = 0; bit < circuit.width; ++bit) {
        signalValues[circuit.a[bit]] = (record.first.significand >> bit) & 1;
        signalValues[circuit.b[bit]] = (record.alignedSecond >> bit) & 1;
    }
    signalValues[circuit.carryIn] = record.subtract ? 1 : 0;
    adder.compiled.evaluate(signalValues);
    std::uint64_t sum = 0;
    for (int bit = 0; bit < circuit.width; ++bit) {
        sum |= std::uint64_t{signalValues[circuit.sum[bit]]} << bit;
    }
    takeAdderOutputs(layout, record, sum, signalValues[circuit.carryOut] != 0);
}

void normalize(const SignificandLayout& layout, DatapathRecord& record) {
    record.resultNegative = record.first.negative;
    record.normalizedExponent = record.first.biasedExponent;
    const std::uint64_t sum = record.sumSignificand;
    if (sum == 0) {
        // Exact zero: x + (-x) is +0 when rounding to nearest; -0 + -0 keeps its sign.
        record.exactZero = true;
        if (record.subtract) record.resultNegative = false;
        record.normalizedSignificand = 0;
        return;
    }
    if (record.carryOut && !record.subtract) {
        // 1x.xxx: one place right, the bit that falls off joins the sticky bit.
        record.normalizeShift = -1;
        record.normalizedSignificand = (sum >> 1) | (sum & 1);
        record.normalizedExponent += 1;
        return;
    }
    const int highestBit = std::bit_width(sum) - 1;
    record.leadingZeros = layout.hiddenBit() - highestBit;
    // Never below the smallest exponent: there the result stays subnormal (gradual underflow).
    const int room = record.normalizedExponent - 1;
    record.normalizeShift = std::min(record.leadingZeros, room);
    record.stoppedAtSubnormal = record.leadingZeros > room;
    record.normalizedSignificand = sum << record.normalizeShift;
    record.normalizedExponent -= record.normalizeShift;
}

// Round to nearest, ties to even: up when the guard bit is set and either something lies
// below it (sticky) or the last place is odd.
void round(const SignificandLayout& layout, DatapathRecord& record) {
    const std::uint64_t significand = record.normalizedSignificand;
    record.guard = (significand >> SignificandLayout::kGuardBit) & 1;
    record.sticky = (significand & 0b11) != 0;
    record.lastPlace = (significand >> layout.lowestMantissaBit()) & 1;
    record.roundedUp = record.guard && (record.sticky || record.lastPlace);
    const int extra = SignificandLayout::kExtraBits;
    std::uint64_t kept = (significand >> extra) + (record.roundedUp ? 1 : 0);
    record.roundedExponent = record.normalizedExponent;
    if ((kept >> (layout.mantissaBits + 1)) != 0) {
        // 1.11...1 + one ulp = 10.00...0: one more place right, exponent + 1.
        record.roundingCarriedOut = true;
        kept >>= 1;
        record.roundedExponent += 1;
    }
    record.roundedSignificand = kept << extra;
}

void pack(const FloatFormat& format, const SignificandLayout& layout, DatapathRecord& record) {
    const std::uint64_t sign = record.resultNegative ? format.signBit() : 0;
    if (record.exactZero) {
        record.resultBits = sign;
        return;
    }
    if (record.roundedExponent >= static_cast<int>(format.allOnesExponent())) {
        record.overflow = true;
        record.resultBits = sign | format.infinityMagnitude();
        return;
    }
    const std::uint64_t kept = record.roundedSignificand >> SignificandLayout::kExtraBits;
    const bool normal = ((kept >> layout.mantissaBits) & 1) != 0;
    const std::uint64_t exponentField = normal ? record.roundedExponent : 0;
    record.resultBits =
        sign | (exponentField << format.mantissaBits) | (kept & format.mantissaMask());
}

}  // namespace

UnpackedOperand unpackOperand(const FloatFormat& format, std::uint64_t bits) {
    // Read straight from the fields (no decodeFloat): this runs twice per addition.
    UnpackedOperand operand;
    operand.negative = (bits & format.signBit()) != 0;
    operand.exponentField =
        static_cast<std::uint32_t>((bits >> format.mantissaBits) & format.allOnesExponent());
    const std::uint64_t mantissa = bits & format.mantissaMask();
    if (operand.exponentField == format.allOnesExponent()) {
        operand.floatClass = mantissa != 0 ? FloatClass::Nan : FloatClass::Infinity;
    } else if (operand.exponentField == 0) {
        operand.floatClass = mantissa != 0 ? FloatClass::Subnormal : FloatClass::Zero;
    } else {
        operand.floatClass = FloatClass::Normal;
    }
    const bool hidden = operand.exponentField != 0;
    operand.biasedExponent = hidden ? static_cast<int>(operand.exponentField) : 1;
    const std::uint64_t significand =
        mantissa | (hidden ? std::uint64_t{1} << format.mantissaBits : 0);
    operand.significand = significand << SignificandLayout::kExtraBits;
    return operand;
}

SignificandAdderUnit makeSignificandAdderUnit(AdderCircuit circuit) {
    std::vector<SignalId> wanted = circuit.sum;
    wanted.push_back(circuit.carryOut);
    CompiledNetlist compiled(circuit.netlist, wanted);
    return SignificandAdderUnit{std::move(circuit), std::move(compiled)};
}

// Unpack, special cases, compare and swap, align: false when a special case decided the result.
bool prepareSignificands(const FloatFormat& format, DatapathRecord& record, std::uint64_t aBits,
                         std::uint64_t bBits) {
    aBits &= lowBitsMask(format.width());
    bBits &= lowBitsMask(format.width());
    record.a = unpackOperand(format, aBits);
    record.b = unpackOperand(format, bBits);
    if (resolveSpecialOperands(format, record, aBits, bBits)) return false;
    compareAndSwap(record);
    align(SignificandLayout{format.mantissaBits}, record);
    return true;
}

void finishDatapath(const FloatFormat& format, DatapathRecord& record) {
    const SignificandLayout layout{format.mantissaBits};
    normalize(layout, record);
    round(layout, record);
    pack(format, layout, record);
}

DatapathRecord runFloatDatapath(const FloatFormat& format, const SignificandAdderUnit& adder,
                                std::uint64_t aBits, std::uint64_t bBits) {
    DatapathRecord record;
    if (!prepareSignificands(format, record, aBits, bBits)) return record;
    addSignificands(SignificandLayout{format.mantissaBits}, adder, record);
    finishDatapath(format, record);
    return record;
}

void runFloatDatapathBatch(const FloatFormat& format, const SignificandAdderUnit& adder,
                           std::span<const std::uint64_t> aBits,
                           std::span<const std::uint64_t> bBits, std::span<std::uint64_t> results) {
    constexpr std::size_t kLanes = 64;
    const SignificandLayout layout{format.mantissaBits};
    const AdderCircuit& circuit = adder.circuit;
    std::vector<std::uint64_t> signalValues(static_cast<std::size_t>(adder.compiled.signalCount()));
    std::array<DatapathRecord, kLanes> records;
    std::array<bool, kLanes> needsAdder{};
    for (std::size_t start = 0; start < results.size(); start += kLanes) {
        const std::size_t count = std::min(kLanes, results.size() - start);
        // Transpose: bit `bit` of lane k's operands goes to bit k of that signal's word.
        for (const SignalId input : circuit.netlist.inputs()) signalValues[input] = 0;
        for (std::size_t lane = 0; lane < count; ++lane) {
            records[lane] = DatapathRecord{};
            needsAdder[lane] = prepareSignificands(format, records[lane], aBits[start + lane],
                                                   bBits[start + lane]);
            if (!needsAdder[lane]) continue;
            const DatapathRecord& record = records[lane];
            for (int bit = 0; bit < circuit.width; ++bit) {
                signalValues[circuit.a[bit]] |= ((record.first.significand >> bit) & 1) << lane;
                signalValues[circuit.b[bit]] |= ((record.alignedSecond >> bit) & 1) << lane;
            }
            signalValues[circuit.carryIn] |= std::uint64_t{record.subtract} << lane;
        }
        adder.compiled.evaluateLanes(signalValues);
        for (std::size_t lane = 0; lane < count; ++lane) {
            DatapathRecord& record = records[lane];
            if (needsAdder[lane]) {
                std::uint64_t sum = 0;
                for (int bit = 0; bit < circuit.width; ++bit) {
                    sum |= ((signalValues[circuit.sum[bit]] >> lane) & 1) << bit;
                }
                takeAdderOutputs(layout, record, sum,
                                 ((signalValues[circuit.carryOut] >> lane) & 1) != 0);
                finishDatapath(format, record);
            }
            results[start + lane] = record.resultBits;
        }
    }
}

}  // namespace mlsyslab::logic
