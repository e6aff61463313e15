#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "numeric/FloatFormat.h"

namespace mlsyslab::numeric {

// The rounding directions of IEEE 754-2019 §4.3, plus ties-away, which NVIDIA's
// cvt.rna.tf32.f32 uses for TF32 (PTX ISA, "cvt").
enum class RoundingMode {
    NearestEven,  // the default everywhere
    NearestAway,
    TowardZero,
    Up,    // toward +infinity
    Down,  // toward -infinity
};

// "nearest", "away", "zero", "up", "down": the words of --rounding.
std::string_view roundingModeName(RoundingMode mode);
std::optional<RoundingMode> findRoundingMode(std::string_view name);

struct EncodeOptions {
    RoundingMode rounding = RoundingMode::NearestEven;
    // NVIDIA's satfinite: overflow and infinite inputs give the largest finite value of the
    // input's sign instead of infinity (or, for E4M3, NaN). NaN stays NaN.
    bool saturate = false;
};

// A nonzero magnitude known exactly as significand x 2^exponent, or, when `stickyAbove` is
// set, known to lie strictly between significand x 2^exponent and (significand + 1) x 2^exponent.
// A sticky magnitude needs at least one bit below the rounding position, i.e. a significand
// of at least mantissaBits + 2 bits (or the exponent below the format's subnormal quantum).
struct BinaryMagnitude {
    std::uint64_t significand = 1;
    int exponent = 0;
    bool stickyAbove = false;
};

// The one rounding step every encoder goes through: rounds the magnitude once, with an
// unbounded exponent, to the format's precision (gradual underflow into the subnormals
// included), then checks for overflow. Returns the pattern, sign bit included.
std::uint64_t roundToFormat(const FloatFormat& format, bool negative, BinaryMagnitude magnitude,
                            EncodeOptions options);

// Patterns for inputs that need no rounding.
std::uint64_t signedZero(const FloatFormat& format, bool negative);
// The canonical quiet NaN with the input's sign (fp32 0x7FC00000, E4M3 0x7F).
std::uint64_t quietNan(const FloatFormat& format, bool negative);
// Infinity, or the largest finite value with `saturate`; NaN for formats without infinity.
std::uint64_t encodeInfinity(const FloatFormat& format, bool negative, EncodeOptions options);

}  // namespace mlsyslab::numeric
