#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "numeric/FloatFormat.h"
#include "numeric/FloatRounding.h"

namespace mlsyslab::numeric {

// Questions a lesson asks about a format, answered from the encoder and decoder.

// The neighbouring pattern in value (IEEE 754-2019 §5.3.1 nextUp / nextDown): nextUp(-0) and
// nextUp(+0) are the smallest positive subnormal, nextUp(largest finite) is infinity. Nothing
// for NaN, for nextUp(+inf) / nextDown(-inf), and where E4M3 has no infinity to step to.
std::optional<std::uint64_t> nextUp(const FloatFormat& format, std::uint64_t bits);
std::optional<std::uint64_t> nextDown(const FloatFormat& format, std::uint64_t bits);

// The gap between consecutive values of the format around `value`: 2^(e - mantissaBits) for
// 2^e <= |value| < 2^(e+1), with e no lower than the smallest normal exponent (subnormals are
// evenly spaced) and no higher than the largest finite value's. NaN for NaN and infinities.
double unitInLastPlace(const FloatFormat& format, double value);

// What storing `value` in the format loses.
struct ConversionError {
    std::uint64_t bits = 0;      // the encoded pattern
    double stored = 0.0;         // its value
    double absoluteError = 0.0;  // |stored - value|; infinity on overflow
    double relativeError = 0.0;  // absoluteError / |value|; 0 when both are 0
};
ConversionError conversionError(const FloatFormat& format, double value,
                                EncodeOptions options = {});

// One row of the range and precision table.
struct FormatRange {
    FloatFormat format;
    double maxFinite = 0.0;
    double minNormal = 0.0;
    double minSubnormal = 0.0;
    double epsilon = 0.0;        // the gap from 1 to the next value, 2^-mantissaBits
    double decimalDigits = 0.0;  // (mantissaBits + 1) x log10(2): fp32 7.22, fp16 3.31
};
FormatRange formatRange(const FloatFormat& format);
// Every preset, in the order of floatFormats().
std::vector<FormatRange> rangeTable();

}  // namespace mlsyslab::numeric
