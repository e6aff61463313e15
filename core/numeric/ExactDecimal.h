#pragma once

#include <cstdint>
#include <string>

#include "numeric/DecimalNumber.h"

namespace mlsyslab::numeric {

// A finite decimal number held exactly, as its digits and the place of the decimal point.
// Fixed-point values are dyadic (k / 2^n), and every dyadic number has a finite decimal
// expansion (k x 5^n / 10^n), so stored values, errors and ranges print without rounding.
// Numbers stay small (a few thousand digits at most), so schoolbook digit loops are plenty.
class ExactDecimal {
public:
    ExactDecimal() = default;  // zero

    // magnitude / 2^fractionBits, negated when `negative`: the value of a fixed-point pattern.
    static ExactDecimal fromDyadic(bool negative, std::uint64_t magnitude, int fractionBits);
    // The typed number with its exponent applied. This writes out every digit between the
    // number's first digit and the units place, so callers keep its exponent moderate.
    static ExactDecimal fromDecimal(const DecimalNumber& number);

    bool isNegative() const { return negative_; }
    bool isZero() const { return digits_ == "0"; }

    // This x 2^exponent, for exponent >= 0.
    ExactDecimal timesPowerOfTwo(int exponent) const;
    ExactDecimal negated() const;
    friend ExactDecimal operator+(const ExactDecimal& left, const ExactDecimal& right);
    friend ExactDecimal operator-(const ExactDecimal& left, const ExactDecimal& right);

    // The digits before the point, sign left out: "12" for -12.375, "0" below one.
    std::string wholeDigits() const;
    // The part after the point against one half: negative when below (or no fraction at
    // all), zero when exactly 0.5, positive when above.
    int compareFractionWithHalf() const;
    bool hasFraction() const { return fractionDigitCount_ > 0; }

    // "-12.375", "0.0625", "3": '-' for negatives, no trailing zeros. A number whose first
    // digit lies more than kMaxLeadingZeros places after the point is written "1.5e-30".
    std::string text() const;
    static constexpr int kMaxLeadingZeros = 24;
    // The nearest double (ties to even), whatever the locale.
    double toDouble() const;

    friend bool operator==(const ExactDecimal&, const ExactDecimal&) = default;

private:
    void normalize();
    static ExactDecimal addMagnitudes(const ExactDecimal& left, const ExactDecimal& right);
    // |left| - |right| for |left| >= |right|, positive.
    static ExactDecimal subtractMagnitudes(const ExactDecimal& larger, const ExactDecimal& smaller);
    static int compareMagnitudes(const ExactDecimal& left, const ExactDecimal& right);

    bool negative_ = false;  // never true for zero
    // The value is digits_ x 10^-fractionDigitCount_. digits_ is '0'..'9', most significant
    // first, without leading zeros; the count may exceed its length (0.001 is "1" and 3), so a
    // tiny number costs no more than a large one. No trailing zero after the point.
    std::string digits_ = "0";
    long long fractionDigitCount_ = 0;
};

}  // namespace mlsyslab::numeric
