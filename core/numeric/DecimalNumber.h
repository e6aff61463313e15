#pragma once

#include <cstdint>
#include <string_view>

#include "common/Result.h"

namespace mlsyslab::numeric {

// A decimal number as a user types it, kept as text so that it can be compared exactly with
// binary values: optional sign, digits with an optional '.', an optional exponent (e/E, sign,
// digits), or inf / infinity / nan in any case. Surrounding spaces and tabs are allowed.
struct DecimalNumber {
    enum class Kind { Finite, Infinity, Nan };

    // Longer text is refused: no value needs it (2^-1075 takes 752 significant digits), and
    // the exact comparison stays small.
    static constexpr std::size_t kMaxTextLength = 1000;

    Kind kind = Kind::Finite;
    bool negative = false;
    // Views into the parsed text (which must outlive this).
    std::string_view unsignedText;    // "12.5e3": what a number parser reads
    std::string_view integerDigits;   // "12"
    std::string_view fractionDigits;  // "5"
    // The exponent after 'e'; clamped to +-kExponentLimit, far beyond every double.
    long long exponent = 0;
    static constexpr long long kExponentLimit = 1'000'000;

    bool isZero() const;
    // The power of ten of the first significant digit: 3 for 1234.5, -2 for 0.0123.
    // Meaningless for zero.
    long long leadingDigitExponent() const;
};

Result<DecimalNumber> parseDecimalNumber(std::string_view text);

// Compares a finite decimal's magnitude exactly with significand x 2^binaryExponent (the
// significand not 0): negative when the decimal is smaller, zero when equal, positive when
// larger. For decimals and binary values within a few thousand orders of magnitude of 1.
int compareMagnitudeWithBinary(const DecimalNumber& decimal, std::uint64_t significand,
                               int binaryExponent);

}  // namespace mlsyslab::numeric
