#include "numeric/IntegerArithmetic.h"

#include <cassert>

#include "common/Concat.h"

namespace mlsyslab::numeric {

namespace {

// Twice as wide as the widest register, so every true result is exact: sums and differences
// of 64-bit operands need 65 bits, signed products 127. Unsigned 64-bit products need all 128
// bits and use UnsignedWide.
using Wide = __int128;
using UnsignedWide = unsigned __int128;

std::string quoted(std::string_view text) { return concat("'", text, "'"); }

bool isSpace(char character) { return character == ' ' || character == '\t'; }

std::string_view trimmed(std::string_view text) {
    while (!text.empty() && isSpace(text.front())) text.remove_prefix(1);
    while (!text.empty() && isSpace(text.back())) text.remove_suffix(1);
    return text;
}

Wide lowest(int width, Signedness signedness) {
    return signedness == Signedness::Signed ? Wide{BitPattern::minSigned(width)} : Wide{0};
}

Wide highest(int width, Signedness signedness) {
    return signedness == Signedness::Signed ? Wide{BitPattern::maxSigned(width)}
                                            : Wide{BitPattern::maxUnsigned(width)};
}

bool fits(Wide value, int width, Signedness signedness) {
    return value >= lowest(width, signedness) && value <= highest(width, signedness);
}

// The operand as the format reads it.
Wide valueOf(const BitPattern& pattern, Signedness signedness) {
    return signedness == Signedness::Signed ? Wide{pattern.signedValue()}
                                            : Wide{pattern.unsignedValue()};
}

IntegerResult resultWithBits(int width, Signedness signedness, std::uint64_t lowBits, bool carry,
                             bool overflow) {
    const BitPattern bits(width, lowBits);  // keeps the low `width` bits, as the register does
    return {signedness, bits, carry, overflow, bits.bits() == 0, bits.bit(width - 1)};
}

// A true result that fits 128 bits: the register keeps its low bits (the conversion to
// uint64 is modulo 2^64, so this is two's complement wrapping for negative values too).
IntegerResult resultOf(Wide trueResult, int width, Signedness signedness, bool carry) {
    return resultWithBits(width, signedness, static_cast<std::uint64_t>(trueResult), carry,
                          !fits(trueResult, width, signedness));
}

// |value| and its sign in decimal; 128 bits hold every true result.
std::string decimalText(UnsignedWide magnitude, bool negative) {
    std::string reversed;
    do {
        reversed.push_back(static_cast<char>('0' + static_cast<int>(magnitude % 10)));
        magnitude /= 10;
    } while (magnitude != 0);
    if (negative) reversed.push_back('-');
    return {reversed.rbegin(), reversed.rend()};
}

}  // namespace

std::string IntegerFormat::describe() const {
    const std::string range = isSigned()
                                  ? concat(std::to_string(BitPattern::minSigned(width)), " to ",
                                           std::to_string(BitPattern::maxSigned(width)))
                                  : concat("0 to ", std::to_string(BitPattern::maxUnsigned(width)));
    return concat(std::to_string(width), " bits ", isSigned() ? "signed" : "unsigned", " (", range,
                  ")");
}

bool ExactInteger::fitsIn(IntegerFormat format) const {
    if (!magnitude) return false;
    if (!format.isSigned()) return !negative && *magnitude <= BitPattern::maxUnsigned(format.width);
    const auto largestPositive = static_cast<std::uint64_t>(BitPattern::maxSigned(format.width));
    // The negative side holds one more value: -2^(w-1) .. 2^(w-1) - 1.
    return *magnitude <= (negative ? largestPositive + 1 : largestPositive);
}

Result<ExactInteger> parseExactInteger(std::string_view original) {
    const std::string_view shown = trimmed(original);
    if (shown.empty()) return Result<ExactInteger>::failure("type a whole number");
    std::string_view digits = shown;
    const bool minus = digits.front() == '-';
    if (minus || digits.front() == '+') digits.remove_prefix(1);
    if (digits.empty()) {
        return Result<ExactInteger>::failure(concat(quoted(shown), " has no digits"));
    }

    ExactInteger number;
    std::uint64_t magnitude = 0;
    bool magnitudeExact = true;
    for (const char character : digits) {
        if (character == '.' || character == ',') {
            return Result<ExactInteger>::failure(
                concat(quoted(shown), " is not a whole number: integers have no fraction"));
        }
        if (character < '0' || character > '9') {
            return Result<ExactInteger>::failure(
                concat(quoted(shown), " is not a decimal number: '", std::string(1, character),
                       "' is not a digit 0-9"));
        }
        const auto digit = static_cast<std::uint64_t>(character - '0');
        // Unsigned arithmetic wraps modulo 2^64, so these low bits stay exact at any length.
        number.low64Bits = number.low64Bits * 10 + digit;
        if (magnitudeExact && magnitude > (UINT64_MAX - digit) / 10) magnitudeExact = false;
        if (magnitudeExact) magnitude = magnitude * 10 + digit;
    }
    const bool isZero = magnitudeExact && magnitude == 0;
    number.negative = minus && !isZero;
    if (magnitudeExact) number.magnitude = magnitude;
    // -m modulo 2^64 is 2^64 - m: two's complement of the low bits.
    if (number.negative) number.low64Bits = std::uint64_t{0} - number.low64Bits;
    return number;
}

Result<BitPattern> parseOperand(std::string_view text, IntegerFormat format) {
    const auto number = parseExactInteger(text);
    if (!number) return Result<BitPattern>::failure(number.error());
    if (!number->fitsIn(format)) {
        return Result<BitPattern>::failure(
            concat(trimmed(text), " does not fit in ", format.describe()));
    }
    return BitPattern(format.width, number->low64Bits);
}

std::string IntegerResult::valueText() const {
    return signedness == Signedness::Signed ? std::to_string(bits.signedValue())
                                            : std::to_string(bits.unsignedValue());
}

IntegerResult represent(const ExactInteger& value, IntegerFormat format) {
    return resultWithBits(format.width, format.signedness, value.low64Bits, false,
                          !value.fitsIn(format));
}

IntegerResult wrap(const ExactInteger& value, IntegerFormat format) {
    // Reducing modulo 2^W keeps the low W bits of the two's complement, whichever reading.
    return represent(value, format);
}

IntegerResult add(const BitPattern& a, const BitPattern& b, Signedness signedness) {
    assert(a.width() == b.width());
    const int width = a.width();
    const bool carry =
        UnsignedWide{a.unsignedValue()} + b.unsignedValue() > BitPattern::maxUnsigned(width);
    return resultOf(valueOf(a, signedness) + valueOf(b, signedness), width, signedness, carry);
}

IntegerResult subtract(const BitPattern& a, const BitPattern& b, Signedness signedness) {
    assert(a.width() == b.width());
    const bool borrow = a.unsignedValue() < b.unsignedValue();
    return resultOf(valueOf(a, signedness) - valueOf(b, signedness), a.width(), signedness, borrow);
}

IntegerResult multiply(const BitPattern& a, const BitPattern& b, Signedness signedness) {
    assert(a.width() == b.width());
    const int width = a.width();
    if (signedness == Signedness::Signed) {
        // |product| <= 2^126: exact in a signed 128-bit number.
        const Wide product = Wide{a.signedValue()} * b.signedValue();
        return resultOf(product, width, signedness, !fits(product, width, signedness));
    }
    // Up to (2^64 - 1)^2, which needs all 128 bits unsigned.
    const UnsignedWide product = UnsignedWide{a.unsignedValue()} * b.unsignedValue();
    const bool overflow = product > BitPattern::maxUnsigned(width);
    return resultWithBits(width, signedness, static_cast<std::uint64_t>(product), overflow,
                          overflow);
}

IntegerResult negate(const BitPattern& a, Signedness signedness) {
    // NEG borrows unless the operand is 0 (it computes 0 - a).
    return resultOf(-valueOf(a, signedness), a.width(), signedness, a.unsignedValue() != 0);
}

IntegerResult apply(IntegerOperation operation, const BitPattern& a, const BitPattern& b,
                    Signedness signedness) {
    switch (operation) {
        case IntegerOperation::Add:
            return add(a, b, signedness);
        case IntegerOperation::Subtract:
            return subtract(a, b, signedness);
        case IntegerOperation::Multiply:
            return multiply(a, b, signedness);
        case IntegerOperation::Negate:
            return negate(a, signedness);
    }
    return add(a, b, signedness);
}

AluFlags aluFlags(IntegerOperation operation, const BitPattern& a, const BitPattern& b,
                  Signedness signedness) {
    const IntegerResult result = apply(operation, a, b, signedness);
    if (operation == IntegerOperation::Multiply) {
        return {result.carry, result.overflow, result.zero, result.negative};
    }
    // One adder serves both readings: its V is the signed reading's overflow, its C the
    // unsigned one's, both set at once.
    const bool signedOverflow = apply(operation, a, b, Signedness::Signed).overflow;
    return {result.carry, signedOverflow, result.zero, result.negative};
}

std::string exactResultText(IntegerOperation operation, const BitPattern& a, const BitPattern& b,
                            Signedness signedness) {
    if (operation == IntegerOperation::Multiply && signedness == Signedness::Unsigned) {
        return decimalText(UnsignedWide{a.unsignedValue()} * b.unsignedValue(), false);
    }
    // Every other true result fits a signed 128-bit number (see Wide).
    const Wide left = valueOf(a, signedness);
    const Wide right = valueOf(b, signedness);
    Wide value = 0;
    switch (operation) {
        case IntegerOperation::Add:
            value = left + right;
            break;
        case IntegerOperation::Subtract:
            value = left - right;
            break;
        case IntegerOperation::Multiply:
            value = left * right;
            break;
        case IntegerOperation::Negate:
            value = -left;
            break;
    }
    const bool negative = value < 0;
    const auto bits = static_cast<UnsignedWide>(value);
    return decimalText(negative ? UnsignedWide{0} - bits : bits, negative);
}

BitPattern CircleWalk::to() const {
    // Unsigned arithmetic wraps modulo 2^64, and the pattern keeps the low W bits of it.
    return BitPattern(from.width(), clockwise ? from.bits() + steps : from.bits() - steps);
}

std::optional<CircleWalk> circleWalk(IntegerOperation operation, const BitPattern& a,
                                     const BitPattern& b, Signedness signedness) {
    // How far the walk goes, with its direction: +B, -B, or -A from 0.
    Wide displacement = 0;
    BitPattern from = a;
    switch (operation) {
        case IntegerOperation::Add:
            displacement = valueOf(b, signedness);
            break;
        case IntegerOperation::Subtract:
            displacement = -valueOf(b, signedness);
            break;
        case IntegerOperation::Negate:
            from = BitPattern(a.width(), 0);
            displacement = -valueOf(a, signedness);
            break;
        case IntegerOperation::Multiply:
            return std::nullopt;
    }
    const bool clockwise = displacement >= 0;
    // |displacement| <= 2^64 - 1 (an unsigned operand) or 2^63 (a signed one): fits.
    const auto steps = static_cast<std::uint64_t>(clockwise ? displacement : -displacement);
    return CircleWalk{from, clockwise, steps};
}

BitPattern lowestPattern(IntegerFormat format) {
    return BitPattern(format.width, format.isSigned() ? std::uint64_t{1} << (format.width - 1) : 0);
}

bool crossesWrapBoundary(const CircleWalk& walk, Signedness signedness) {
    const int width = walk.from.width();
    const std::uint64_t mask = BitPattern::mask(width);
    const std::uint64_t start = walk.from.bits();
    const std::uint64_t lowest = lowestPattern({width, signedness}).bits();
    if (walk.clockwise) {
        // The boundary lies just before `lowest`: reached after (lowest - start) steps, or after
        // a whole lap when the walk starts on `lowest` itself (and a walk is less than a lap).
        const std::uint64_t stepsToCross = (lowest - start) & mask;
        return stepsToCross != 0 && walk.steps >= stepsToCross;
    }
    // Counterclockwise, down to `lowest`, then one step more leaves it.
    const std::uint64_t stepsToLowest = (start - lowest) & mask;
    return walk.steps > stepsToLowest;
}

BitPattern castTo(const BitPattern& pattern, Signedness readAs, IntegerFormat target) {
    const BitPattern widest = readAs == Signedness::Signed
                                  ? signExtended(pattern, BitPattern::kMaxWidth)
                                  : zeroExtended(pattern, BitPattern::kMaxWidth);
    return truncated(widest, target.width);
}

BitPattern signExtended(const BitPattern& pattern, int newWidth) {
    assert(newWidth >= pattern.width());
    return BitPattern(newWidth, static_cast<std::uint64_t>(pattern.signedValue()));
}

BitPattern zeroExtended(const BitPattern& pattern, int newWidth) {
    assert(newWidth >= pattern.width());
    return pattern.resized(newWidth);
}

BitPattern truncated(const BitPattern& pattern, int newWidth) {
    assert(newWidth <= pattern.width());
    return pattern.resized(newWidth);
}

bool truncationKeepsValue(const BitPattern& pattern, int newWidth, Signedness signedness) {
    const BitPattern kept = truncated(pattern, newWidth);
    return valueOf(kept, signedness) == valueOf(pattern, signedness);
}

}  // namespace mlsyslab::numeric
