#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "common/Result.h"
#include "numeric/DecimalNumber.h"
#include "numeric/FloatFormat.h"
#include "numeric/FloatRounding.h"

namespace mlsyslab::numeric {

// What storing a typed decimal in a format did to it: the pattern, whether anything was lost,
// how much, and whether the value fell off either end of the format's range. This is what a
// lesson shows next to "you typed 0.1, the hardware keeps 0.0999755859375".

// Where the value landed relative to the format's range.
enum class RangeEvent {
    None,
    // The rounded magnitude (with an unbounded exponent) is above the largest finite value
    // (IEEE 754-2019 §7.4), or an infinite input could not be kept as infinity (saturation,
    // E4M3 without infinity). The pattern is then infinity, NaN or the largest finite value.
    Overflow,
    // Tiny and inexact: rounded onto the subnormal grid, where fewer significant bits remain.
    Underflow,
    // A nonzero value rounded all the way to (signed) zero.
    UnderflowToZero,
};

struct DecimalConversion {
    std::uint64_t bits = 0;  // the encoded pattern
    double stored = 0.0;     // its value
    // The typed value as the nearest double (infinity or 0 beyond the double range). The errors
    // are computed from it, so they are good to about 16 significant digits of the input.
    double input = 0.0;
    bool exact = false;  // the pattern holds exactly the typed value (NaN for NaN)
    // |stored - input|: 0 when exact (or when the input is below the double range), infinity
    // when a finite input became infinity or NaN.
    double absoluteError = 0.0;
    double relativeError = 0.0;  // absoluteError / |input|
    RangeEvent range = RangeEvent::None;
};

DecimalConversion convertDecimal(const FloatFormat& format, const DecimalNumber& decimal,
                                 EncodeOptions options = {});
// Fails only when the text is not a number (the message says why).
Result<DecimalConversion> convertDecimal(const FloatFormat& format, std::string_view text,
                                         EncodeOptions options = {});

// Whether rounding the decimal to the format's precision with an unbounded exponent lands above
// the largest finite value: the IEEE 754 overflow condition, which depends on the rounding
// direction (fp16 65519 does not overflow to nearest, 65520 does; toward zero only 65536 does).
bool overflowsFormat(const FloatFormat& format, const DecimalNumber& decimal,
                     RoundingMode rounding);

// Every digit of a double's value in plain decimal notation, nothing rounded:
// 0.0999755859375 for fp16's 0.1, "65504", "-0", "inf", "nan". Long for tiny or huge values
// (2^-149 has 105 significant digits).
std::string exactDecimalText(double value);

}  // namespace mlsyslab::numeric
