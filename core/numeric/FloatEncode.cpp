#include "numeric/FloatEncode.h"

#include <bit>
#include <charconv>
#include <cmath>
#include <string>
#include <system_error>

#include "common/Concat.h"
#include "numeric/FloatDecode.h"

namespace mlsyslab::numeric {

namespace {

// IEEE 754 binary64 (IEEE 754-2019 table 3.5): 52 fraction bits, bias 1023, so a double is
// significand x 2^(field - 1075), and subnormals use the exponent of field 1.
constexpr int kDoubleFractionBits = 52;
constexpr int kDoubleQuantumOffset = 1075;
constexpr int kDoubleExponentMask = 0x7FF;

// Decimals beyond every double: leading digit at 10^309 or more is above the largest double
// (1.797e308); at 10^-325 or less it is below half the smallest subnormal (2^-1075 = 2.47e-324).
constexpr long long kFirstHugeDecimalExponent = 309;
constexpr long long kLastTinyDecimalExponent = -325;
// Stand-ins for such values: far beyond every format, so rounding sees only their direction.
constexpr BinaryMagnitude kHugeMagnitude{1, 100000, false};
constexpr BinaryMagnitude kTinyMagnitude{1, -100000, false};
// 2^-1075, half the smallest double subnormal: a decimal can equal it exactly (752 digits), and
// there ties-away rounds it up in fp64, so it must not be taken for a mere "tiny" value.
constexpr BinaryMagnitude kHalfSmallestDoubleSubnormal{1, -1075, false};

BinaryMagnitude exactMagnitude(double finiteNonZero) {
    const auto bits = std::bit_cast<std::uint64_t>(finiteNonZero);
    const auto field = static_cast<int>((bits >> kDoubleFractionBits) & kDoubleExponentMask);
    const std::uint64_t fraction = bits & ((std::uint64_t{1} << kDoubleFractionBits) - 1);
    if (field == 0) return {fraction, 1 - kDoubleQuantumOffset, false};
    return {fraction | (std::uint64_t{1} << kDoubleFractionBits), field - kDoubleQuantumOffset,
            false};
}

// A decimal whose nearest double is 0 (or which is too small to try): below 2^-1075, or
// exactly 2^-1075.
BinaryMagnitude tinyMagnitude(const DecimalNumber& decimal) {
    const auto& half = kHalfSmallestDoubleSubnormal;
    if (decimal.leadingDigitExponent() > kLastTinyDecimalExponent &&
        compareMagnitudeWithBinary(decimal, half.significand, half.exponent) == 0) {
        return half;
    }
    return kTinyMagnitude;
}

int hexDigitValue(char character) {
    if (character >= '0' && character <= '9') return character - '0';
    if (character >= 'a' && character <= 'f') return character - 'a' + 10;
    if (character >= 'A' && character <= 'F') return character - 'A' + 10;
    return -1;
}

}  // namespace

std::uint64_t encodeDouble(const FloatFormat& format, double value, EncodeOptions options) {
    const bool negative = std::signbit(value);
    if (std::isnan(value)) return quietNan(format, negative);
    if (std::isinf(value)) return encodeInfinity(format, negative, options);
    if (value == 0) return signedZero(format, negative);
    return roundToFormat(format, negative, exactMagnitude(value), options);
}

std::uint64_t encodeFloat32Bits(const FloatFormat& format, std::uint32_t float32Bits,
                                EncodeOptions options) {
    return encodeDouble(format, static_cast<double>(std::bit_cast<float>(float32Bits)), options);
}

std::uint64_t encodeDecimal(const FloatFormat& format, const DecimalNumber& decimal,
                            EncodeOptions options) {
    const bool negative = decimal.negative;
    if (decimal.kind == DecimalNumber::Kind::Nan) return quietNan(format, negative);
    if (decimal.kind == DecimalNumber::Kind::Infinity) {
        return encodeInfinity(format, negative, options);
    }
    if (decimal.isZero()) return signedZero(format, negative);

    const long long leadingExponent = decimal.leadingDigitExponent();
    if (leadingExponent >= kFirstHugeDecimalExponent) {
        return roundToFormat(format, negative, kHugeMagnitude, options);
    }
    if (leadingExponent <= kLastTinyDecimalExponent) {
        return roundToFormat(format, negative, kTinyMagnitude, options);
    }

    // The correctly rounded double first (std::from_chars is exact and ignores the C locale).
    const std::string_view text = decimal.unsignedText;
    double nearest = 0;
    const auto parsed = std::from_chars(text.data(), text.data() + text.size(), nearest);
    if (parsed.ec == std::errc::result_out_of_range) {
        const BinaryMagnitude beyond =
            leadingExponent >= 0 ? kHugeMagnitude : tinyMagnitude(decimal);
        return roundToFormat(format, negative, beyond, options);
    }

    // The decimal lies within half a double unit of `nearest`. Rounding "a little below" and
    // "a little above" it usually agree; only when `nearest` sits on a value or a midpoint of
    // the target does the side matter, and then an exact comparison decides it. Two extra bits
    // keep "a little" finer than any target's half unit (targets have at most 53 bits).
    const BinaryMagnitude onDouble = exactMagnitude(nearest);
    const BinaryMagnitude justBelow{4 * onDouble.significand - 1, onDouble.exponent - 2, true};
    const BinaryMagnitude justAbove{4 * onDouble.significand, onDouble.exponent - 2, true};
    const std::uint64_t roundedBelow = roundToFormat(format, negative, justBelow, options);
    const std::uint64_t roundedAbove = roundToFormat(format, negative, justAbove, options);
    if (roundedBelow == roundedAbove) return roundedBelow;

    const int side = compareMagnitudeWithBinary(decimal, onDouble.significand, onDouble.exponent);
    if (side < 0) return roundedBelow;
    if (side > 0) return roundedAbove;
    return roundToFormat(format, negative, onDouble, options);
}

Result<std::uint64_t> encodeDecimal(const FloatFormat& format, std::string_view text,
                                    EncodeOptions options) {
    const auto decimal = parseDecimalNumber(text);
    if (!decimal) return Result<std::uint64_t>::failure(decimal.error());
    return encodeDecimal(format, *decimal, options);
}

Result<std::uint64_t> parseFloatBitsText(const FloatFormat& format, std::string_view original) {
    std::string_view text = original;
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r')) {
        text.remove_suffix(1);
    }
    using Failure = Result<std::uint64_t>;
    if (text.size() > DecimalNumber::kMaxTextLength) {
        return Failure::failure(concat("the bit pattern is too long: ", std::to_string(text.size()),
                                       " characters (at most ",
                                       std::to_string(DecimalNumber::kMaxTextLength), ")"));
    }
    if (text.size() < 2 || text[0] != '0' || (text[1] != 'x' && text[1] != 'X')) {
        return Failure::failure(concat("'", text,
                                       "' is not a bit pattern: write hex digits after 0x, e.g. ",
                                       floatBitsText(format, format.minNormalMagnitude())));
    }
    std::uint64_t bits = 0;
    int significantBits = 0;
    for (const char character : text.substr(2)) {
        const int digit = hexDigitValue(character);
        if (digit < 0) {
            return Failure::failure(concat("'", text, "' is not a bit pattern: '",
                                           std::string(1, character), "' is not a hex digit"));
        }
        if (significantBits == 0 && digit == 0) continue;  // leading zeros never overflow
        significantBits = significantBits == 0 ? std::bit_width(static_cast<unsigned>(digit))
                                               : significantBits + 4;
        if (significantBits > format.width()) {
            return Failure::failure(
                concat("'", text, "' does not fit in ", format.name, "'s ",
                       std::to_string(format.width()), " bits (at most ",
                       floatBitsText(format, format.signBit() | format.magnitudeMask()), ")"));
        }
        bits = (bits << 4) | static_cast<unsigned>(digit);
    }
    if (text.size() == 2) {
        return Failure::failure(
            concat("'", text, "' is not a bit pattern: no hex digits after 0x"));
    }
    return bits;
}

}  // namespace mlsyslab::numeric
