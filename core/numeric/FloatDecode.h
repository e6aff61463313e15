#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "numeric/FloatFormat.h"

namespace mlsyslab::numeric {

enum class FloatClass { Zero, Subnormal, Normal, Infinity, Nan };

// "zero", "subnormal", "normal", "inf", "nan": the CLASS column of `format decode`.
std::string_view floatClassName(FloatClass floatClass);

// What a pattern means, field by field. For finite numbers
//   value = (-1)^sign x significand x 2^exponent
// where the significand is "1.mantissa" in binary for normal numbers and "0.mantissa" for
// subnormals and zeros, and exponent = exponentField - bias (1 - bias when the field is 0).
struct DecodedFloat {
    std::uint64_t bits = 0;  // the pattern, cut to the format's width
    bool negative = false;
    std::uint32_t exponentField = 0;
    std::uint64_t mantissaField = 0;
    FloatClass floatClass = FloatClass::Zero;
    int exponent = 0;         // unbiased; meaningful for finite numbers
    bool leadingOne = false;  // the hidden bit: true for normal numbers
    double value = 0.0;       // exact: every value of every format is a double
};

DecodedFloat decodeFloat(const FloatFormat& format, std::uint64_t bits);

// The pattern as "0x" and ceil(width / 4) uppercase hex digits: fp16 "0x4300", tf32 "0x3FE00".
std::string floatBitsText(const FloatFormat& format, std::uint64_t bits);

// The fields in binary, sign, exponent and mantissa separated by spaces: fp16 0x2E66 gives
// "0 01011 1001100110".
std::string floatFieldsText(const FloatFormat& format, std::uint64_t bits);

// The value so that reading it back as a float32 (or, for fp64, a double) gives exactly the
// same number: C's "%.9g" ("%.17g" for fp64), and "nan", "inf", "-inf", "-0". Independent of
// the C locale (a GUI may set one with a decimal comma).
std::string floatValueText(const FloatFormat& format, double value);

// The significand in binary with trailing zeros dropped: "1.11", "1.0", "0.01".
std::string significandBinaryText(const FloatFormat& format, const DecodedFloat& decoded);

// The formula a lesson shows, e.g. fp16 0x4300: "(−1)⁰ × 1.11₂ × 2¹⁶⁻¹⁵ = 3.5";
// a subnormal: "(−1)⁰ × 0.01₂ × 2¹⁻¹⁵ = 1.52587891e-05"; "(−1)¹ × ∞ = -inf";
// "NaN (exponent all ones, mantissa not 0)". UTF-8, powers as Unicode superscripts.
std::string floatFormulaText(const FloatFormat& format, const DecodedFloat& decoded);

}  // namespace mlsyslab::numeric
