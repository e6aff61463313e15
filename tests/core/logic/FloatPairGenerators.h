#pragma once

// Seeded operand pairs for the floating-point adder suites: random bit patterns plus targeted
// families that reach the datapath's corners (every alignment distance, cancellation,
// subnormals, overflow, rounding ties). Format-generic, so FP32 (against the host) and FP16
// and the others (against an exact reference) share them.

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "numeric/FloatFormat.h"

namespace float_pairs {

using mlsyslab::numeric::FloatFormat;

struct Pairs {
    std::vector<std::uint64_t> a;
    std::vector<std::uint64_t> b;
    void add(std::uint64_t first, std::uint64_t second) {
        a.push_back(first);
        b.push_back(second);
    }
};

// Raw 64-bit draws only: std::uniform_int_distribution differs between standard libraries,
// and the suites must see the same pairs everywhere.
class Draw {
public:
    explicit Draw(std::uint64_t seed) : engine_(seed) {}
    std::uint64_t bits() { return engine_(); }
    // 0 .. count-1 (count > 0); the tiny modulo bias does not matter for test coverage.
    std::uint64_t below(std::uint64_t count) { return engine_() % count; }
    bool coin() { return (engine_() >> 63) != 0; }

private:
    std::mt19937_64 engine_;
};

inline std::uint64_t pattern(const FloatFormat& format, bool negative, std::uint64_t exponent,
                             std::uint64_t mantissa) {
    return (negative ? format.signBit() : 0) | (exponent << format.mantissaBits) |
           (mantissa & format.mantissaMask());
}

// A finite exponent field, 0 (zero/subnormal) .. all ones - 1.
inline std::uint64_t finiteExponent(const FloatFormat& format, Draw& draw) {
    return draw.below(format.allOnesExponent());
}

inline std::uint64_t randomFinite(const FloatFormat& format, Draw& draw) {
    return pattern(format, draw.coin(), finiteExponent(format, draw), draw.bits());
}

// The families, by name (the suites' _data rows).
inline const std::vector<std::string>& familyNames() {
    static const std::vector<std::string> names = {
        "random bits",
        "equal exponents",
        "exponent differences",
        "near cancellation",
        "subnormals",
        "overflow",
        "ties",
    };
    return names;
}

inline void randomBits(const FloatFormat& format, Draw& draw, Pairs& pairs, int count) {
    const std::uint64_t mask = format.signBit() | format.magnitudeMask();
    for (int index = 0; index < count; ++index) pairs.add(draw.bits() & mask, draw.bits() & mask);
}

inline void equalExponents(const FloatFormat& format, Draw& draw, Pairs& pairs, int count) {
    for (int index = 0; index < count; ++index) {
        const std::uint64_t exponent = finiteExponent(format, draw);
        pairs.add(pattern(format, draw.coin(), exponent, draw.bits()),
                  pattern(format, draw.coin(), exponent, draw.bits()));
    }
}

// Every alignment distance from 0 to the register width and beyond, evenly.
inline void exponentDifferences(const FloatFormat& format, Draw& draw, Pairs& pairs, int count) {
    const int maxDifference =
        std::min<int>(format.mantissaBits + 7, static_cast<int>(format.allOnesExponent()) - 1);
    for (int index = 0; index < count; ++index) {
        const int difference = index % (maxDifference + 1);
        const std::uint64_t larger =
            difference +
            draw.below(format.allOnesExponent() - static_cast<std::uint64_t>(difference));
        const std::uint64_t first = pattern(format, draw.coin(), larger, draw.bits());
        const std::uint64_t second = pattern(
            format, draw.coin(), larger - static_cast<std::uint64_t>(difference), draw.bits());
        if (draw.coin()) {
            pairs.add(first, second);
        } else {
            pairs.add(second, first);
        }
    }
}

// x + (-y) with |y| within a few, or a few powers of two, units of |x|: every depth of
// cancellation, down to exact zero.
inline void nearCancellation(const FloatFormat& format, Draw& draw, Pairs& pairs, int count) {
    const std::uint64_t maxFinite = format.maxFiniteMagnitude();
    for (int index = 0; index < count; ++index) {
        const std::uint64_t first = randomFinite(format, draw);
        const std::uint64_t magnitude = first & format.magnitudeMask();
        const int scale = static_cast<int>(draw.below(format.mantissaBits + 3));
        const std::uint64_t step = draw.below((std::uint64_t{1} << scale) + 1);
        std::uint64_t other =
            draw.coin() ? magnitude + step : (magnitude > step ? magnitude - step : 0);
        other = std::min(other, maxFinite);
        const std::uint64_t flippedSign = (first & format.signBit()) ^ format.signBit();
        pairs.add(first, flippedSign | other);
    }
}

inline void subnormals(const FloatFormat& format, Draw& draw, Pairs& pairs, int count) {
    for (int index = 0; index < count; ++index) {
        pairs.add(pattern(format, draw.coin(), draw.below(3), draw.bits()),
                  pattern(format, draw.coin(), draw.below(3), draw.bits()));
    }
}

inline void overflow(const FloatFormat& format, Draw& draw, Pairs& pairs, int count) {
    const std::uint64_t top = format.allOnesExponent() - 1;
    for (int index = 0; index < count; ++index) {
        const bool negative = draw.coin();
        const bool sameSign = draw.below(4) != 0;
        pairs.add(
            pattern(format, negative, top - draw.below(3), draw.bits()),
            pattern(format, sameSign ? negative : !negative, top - draw.below(3), draw.bits()));
    }
}

// Sums that land exactly halfway (or just off it): the smaller operand has few low bits set
// and sits one or two places below the larger's last place, or the operands share an
// exponent so the carry out pushes one bit into the guard.
inline void ties(const FloatFormat& format, Draw& draw, Pairs& pairs, int count) {
    const int m = format.mantissaBits;
    const std::uint64_t distances[] = {0, 1, 2, static_cast<std::uint64_t>(m) + 1,
                                       static_cast<std::uint64_t>(m) + 2};
    for (int index = 0; index < count; ++index) {
        const std::uint64_t difference = distances[draw.below(5)];
        const std::uint64_t lowest = difference + 1;
        const std::uint64_t larger = lowest + draw.below(format.allOnesExponent() - 1 - lowest);
        const std::uint64_t keptBits = draw.below(static_cast<std::uint64_t>(m) + 1);
        const std::uint64_t smallMantissa =
            keptBits == 0 ? 0 : (draw.bits() >> (64 - keptBits)) << (m - keptBits);
        const bool negative = draw.coin();
        pairs.add(pattern(format, negative, larger, draw.bits()),
                  pattern(format, draw.below(4) == 0 ? !negative : negative, larger - difference,
                          smallMantissa));
    }
}

inline Pairs family(const FloatFormat& format, const std::string& name, std::uint64_t seed,
                    int count) {
    Draw draw(seed);
    Pairs pairs;
    pairs.a.reserve(static_cast<std::size_t>(count));
    pairs.b.reserve(static_cast<std::size_t>(count));
    if (name == "random bits") randomBits(format, draw, pairs, count);
    if (name == "equal exponents") equalExponents(format, draw, pairs, count);
    if (name == "exponent differences") exponentDifferences(format, draw, pairs, count);
    if (name == "near cancellation") nearCancellation(format, draw, pairs, count);
    if (name == "subnormals") subnormals(format, draw, pairs, count);
    if (name == "overflow") overflow(format, draw, pairs, count);
    if (name == "ties") ties(format, draw, pairs, count);
    return pairs;
}

// Values every adder must get right, as patterns: zeros, the subnormal and normal edges, one,
// the largest finite, infinities and NaNs (quiet, signalling with a payload, negative).
inline std::vector<std::uint64_t> specialValues(const FloatFormat& format) {
    const std::uint64_t sign = format.signBit();
    const std::uint64_t one = static_cast<std::uint64_t>(format.bias) << format.mantissaBits;
    const std::uint64_t infinity = format.infinityMagnitude();
    const std::uint64_t quiet = std::uint64_t{1} << (format.mantissaBits - 1);
    std::vector<std::uint64_t> values = {
        0,
        1,                            // smallest subnormal
        format.mantissaMask(),        // largest subnormal
        format.minNormalMagnitude(),  // smallest normal
        format.minNormalMagnitude() + 1,
        one,
        one + 1,
        one - 1,  // just below one
        format.maxFiniteMagnitude(),
        format.maxFiniteMagnitude() - 1,
        infinity,
        infinity | quiet,             // quiet NaN
        infinity | quiet | 5,         // quiet NaN with a payload
        infinity | 1,                 // signalling NaN
        infinity | (quiet >> 1) | 3,  // signalling NaN with a payload
    };
    const std::size_t positives = values.size();
    for (std::size_t index = 0; index < positives; ++index) values.push_back(values[index] | sign);
    return values;
}

}  // namespace float_pairs
