#include "numeric/BigUnsigned.h"

namespace mlsyslab::numeric {

namespace {

constexpr int kLimbBits = 32;
// The largest power of ten and of five below 2^32, so that a whole group multiplies at once.
constexpr int kDecimalDigitsPerGroup = 9;                 // 10^9 < 2^32
constexpr std::uint32_t kFivePowerThirteen = 1220703125;  // 5^13 < 2^32 < 5^14
constexpr int kFivesPerGroup = 13;

}  // namespace

BigUnsigned::BigUnsigned(std::uint64_t value) {
    while (value != 0) {
        limbs_.push_back(static_cast<std::uint32_t>(value));
        value >>= kLimbBits;
    }
}

void BigUnsigned::appendDecimalDigits(std::string_view digits) {
    std::uint32_t group = 0;
    std::uint32_t groupScale = 1;
    int groupDigits = 0;
    for (const char character : digits) {
        if (character < '0' || character > '9') continue;
        group = group * 10 + static_cast<std::uint32_t>(character - '0');
        groupScale *= 10;
        if (++groupDigits == kDecimalDigitsPerGroup) {
            multiplyAdd(groupScale, group);
            group = 0;
            groupScale = 1;
            groupDigits = 0;
        }
    }
    if (groupDigits > 0) multiplyAdd(groupScale, group);
}

void BigUnsigned::multiplyAdd(std::uint32_t factor, std::uint32_t addend) {
    std::uint64_t carry = addend;
    for (auto& limb : limbs_) {
        const std::uint64_t product = std::uint64_t{limb} * factor + carry;
        limb = static_cast<std::uint32_t>(product);
        carry = product >> kLimbBits;
    }
    if (carry != 0) limbs_.push_back(static_cast<std::uint32_t>(carry));
    dropLeadingZeroLimbs();
}

void BigUnsigned::multiplyByPowerOfFive(int exponent) {
    for (; exponent >= kFivesPerGroup; exponent -= kFivesPerGroup)
        multiplyAdd(kFivePowerThirteen, 0);
    std::uint32_t rest = 1;
    for (; exponent > 0; --exponent) rest *= 5;
    if (rest != 1) multiplyAdd(rest, 0);
}

void BigUnsigned::shiftLeft(int bitCount) {
    if (isZero() || bitCount <= 0) return;
    const int wholeLimbs = bitCount / kLimbBits;
    const int bits = bitCount % kLimbBits;
    if (bits != 0) {
        std::uint32_t carry = 0;
        for (auto& limb : limbs_) {
            const std::uint32_t next = limb >> (kLimbBits - bits);
            limb = (limb << bits) | carry;
            carry = next;
        }
        if (carry != 0) limbs_.push_back(carry);
    }
    limbs_.insert(limbs_.begin(), static_cast<std::size_t>(wholeLimbs), 0);
}

std::strong_ordering operator<=>(const BigUnsigned& left, const BigUnsigned& right) {
    if (left.limbs_.size() != right.limbs_.size()) {
        return left.limbs_.size() <=> right.limbs_.size();
    }
    for (std::size_t index = left.limbs_.size(); index-- > 0;) {
        if (left.limbs_[index] != right.limbs_[index]) {
            return left.limbs_[index] <=> right.limbs_[index];
        }
    }
    return std::strong_ordering::equal;
}

void BigUnsigned::dropLeadingZeroLimbs() {
    while (!limbs_.empty() && limbs_.back() == 0) limbs_.pop_back();
}

}  // namespace mlsyslab::numeric
