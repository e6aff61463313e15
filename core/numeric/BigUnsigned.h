#pragma once

#include <compare>
#include <cstdint>
#include <string_view>
#include <vector>

namespace mlsyslab::numeric {

// A non-negative integer of any size, with just what an exact decimal-versus-binary comparison
// needs (DecimalNumber.h): build from decimal digits, multiply by small numbers and powers of
// five, shift left, compare. A few thousand bits at most, so schoolbook loops are plenty.
class BigUnsigned {
public:
    BigUnsigned() = default;
    explicit BigUnsigned(std::uint64_t value);

    // The digits '0'-'9' of `digits` read as one decimal number; other characters are skipped,
    // so "12.50" gives 1250.
    void appendDecimalDigits(std::string_view digits);

    void multiplyAdd(std::uint32_t factor, std::uint32_t addend);
    void multiplyByPowerOfFive(int exponent);
    void shiftLeft(int bitCount);

    bool isZero() const { return limbs_.empty(); }

    friend std::strong_ordering operator<=>(const BigUnsigned& left, const BigUnsigned& right);
    friend bool operator==(const BigUnsigned& left, const BigUnsigned& right) = default;

private:
    void dropLeadingZeroLimbs();

    std::vector<std::uint32_t> limbs_;  // least significant first, no zero limb at the top
};

}  // namespace mlsyslab::numeric
