#include "numeric/BitPattern.h"

#include <cassert>

namespace mlsyslab::numeric {

BitPattern::BitPattern(int width, std::uint64_t bits) : width_(width), bits_(bits & mask(width)) {
    assert(width >= kMinWidth && width <= kMaxWidth);
}

std::uint64_t BitPattern::mask(int width) {
    return width >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << width) - 1;
}

std::int64_t BitPattern::minSigned(int width) {
    return width >= 64 ? INT64_MIN : -(std::int64_t{1} << (width - 1));
}

std::int64_t BitPattern::maxSigned(int width) {
    return width >= 64 ? INT64_MAX : (std::int64_t{1} << (width - 1)) - 1;
}

bool BitPattern::bit(int index) const {
    assert(index >= 0 && index < width_);
    return (bits_ >> index) & 1U;
}

BitPattern BitPattern::withBitFlipped(int index) const {
    assert(index >= 0 && index < width_);
    return BitPattern(width_, bits_ ^ (std::uint64_t{1} << index));
}

BitPattern BitPattern::resized(int newWidth) const { return BitPattern(newWidth, bits_); }

std::int64_t BitPattern::signedValue() const {
    if (width_ < 64 && bit(width_ - 1)) {
        // Sign-extend: fill every bit above the pattern with ones.
        return static_cast<std::int64_t>(bits_ | ~mask(width_));
    }
    return static_cast<std::int64_t>(bits_);
}

std::string BitPattern::binary() const {
    std::string digits;
    digits.reserve(width_);
    for (int index = width_ - 1; index >= 0; --index) digits.push_back(bit(index) ? '1' : '0');
    return digits;
}

std::string BitPattern::hex() const {
    static constexpr char kDigits[] = "0123456789ABCDEF";
    const int digitCount = (width_ + 3) / 4;
    std::string text = "0x";
    for (int digit = digitCount - 1; digit >= 0; --digit) text.push_back(kDigits[(bits_ >> (4 * digit)) & 0xF]);
    return text;
}

}  // namespace mlsyslab::numeric
