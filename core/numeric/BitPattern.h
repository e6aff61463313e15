#pragma once

#include <cstdint>
#include <string>

namespace mlsyslab::numeric {

// A fixed-width group of bits, the way a register or a byte in memory holds them. The same
// bits read as an unsigned number, as a two's complement number, in hex or in binary: the
// pattern never changes, only its interpretation does.
class BitPattern {
public:
    static constexpr int kMinWidth = 1;
    static constexpr int kMaxWidth = 64;

    // Keeps the low `width` bits of `bits` (what storing into a narrower register does).
    BitPattern(int width, std::uint64_t bits);

    int width() const { return width_; }
    std::uint64_t bits() const { return bits_; }

    // Bit 0 is the least significant bit.
    bool bit(int index) const;
    BitPattern withBitFlipped(int index) const;
    // The same low bits in a pattern of another width: truncates, or extends with zeros.
    BitPattern resized(int newWidth) const;

    std::uint64_t unsignedValue() const { return bits_; }
    // Two's complement: the top bit weighs -2^(width-1).
    std::int64_t signedValue() const;

    // Exactly `width` binary digits, most significant first.
    std::string binary() const;
    // "0x" and ceil(width / 4) uppercase hex digits.
    std::string hex() const;

    static std::uint64_t mask(int width);
    static std::uint64_t maxUnsigned(int width) { return mask(width); }
    static std::int64_t minSigned(int width);
    static std::int64_t maxSigned(int width);

    friend bool operator==(const BitPattern&, const BitPattern&) = default;

private:
    int width_;
    std::uint64_t bits_;
};

}  // namespace mlsyslab::numeric
