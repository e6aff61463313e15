#include "numeric/FixedPoint.h"

#include <cmath>
#include <limits>

#include "common/Concat.h"
#include "numeric/DecimalNumber.h"
#include "numeric/ExactDecimal.h"

namespace mlsyslab::numeric {

namespace {

// Typed numbers from 10^1000 up, and nonzero ones below 10^-1000, are refused: their exact
// values and errors run to thousands of digits, and every format overflows on the first
// (it holds less than 2^64) and has steps far above the second (at least 2^-64).
constexpr long long kMaxLeadingDigitExponent = 999;
constexpr long long kMinLeadingDigitExponent = -1000;

std::string_view trimmed(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
    return text;
}

ExactDecimal exactValueOf(const FixedFormat& format, const BitPattern& pattern) {
    const BitPattern bits = pattern.resized(format.width());
    if (!format.isSigned())
        return ExactDecimal::fromDyadic(false, bits.unsignedValue(), format.fractionBits);
    const std::int64_t raw = bits.signedValue();
    // 0 - raw in unsigned arithmetic: |INT64_MIN| does not fit an int64.
    const std::uint64_t magnitude =
        raw < 0 ? 0 - static_cast<std::uint64_t>(raw) : static_cast<std::uint64_t>(raw);
    return ExactDecimal::fromDyadic(raw < 0, magnitude, format.fractionBits);
}

// The whole part of a scaled value, modulo 2^64 (all any format keeps) and whether it is
// 2^64 or more (then it fits no format).
struct WholeMagnitude {
    std::uint64_t low64Bits = 0;
    bool atLeastTwoToThe64 = false;
};

WholeMagnitude wholeMagnitudeOf(const std::string& digits) {
    WholeMagnitude magnitude;
    constexpr std::uint64_t kLargest = std::numeric_limits<std::uint64_t>::max();
    for (const char character : digits) {
        const auto digit = static_cast<std::uint64_t>(character - '0');
        if (magnitude.low64Bits > (kLargest - digit) / 10) magnitude.atLeastTwoToThe64 = true;
        magnitude.low64Bits = magnitude.low64Bits * 10 + digit;  // wraps modulo 2^64
    }
    return magnitude;
}

// Whether rounding moves the magnitude up to the next whole number.
bool roundsMagnitudeUp(const ExactDecimal& scaled, std::uint64_t wholeLow64Bits,
                       RoundingMode rounding) {
    if (!scaled.hasFraction()) return false;
    const int versusHalf = scaled.compareFractionWithHalf();
    switch (rounding) {
        case RoundingMode::NearestEven:
            // Parity survives the modulo 2^64, so the low bits are enough.
            return versusHalf > 0 || (versusHalf == 0 && (wholeLow64Bits & 1) != 0);
        case RoundingMode::NearestAway:
            return versusHalf >= 0;
        case RoundingMode::TowardZero:
            return false;
        case RoundingMode::Up:
            return !scaled.isNegative();
        case RoundingMode::Down:
            return scaled.isNegative();
    }
    return false;
}

ExactValue valueOf(const ExactDecimal& number) { return {number.toDouble(), number.text()}; }

}  // namespace

std::string FixedFormat::name() const {
    return concat(isSigned() ? "Q" : "UQ", std::to_string(integerBits), ".",
                  std::to_string(fractionBits));
}

std::int64_t FixedFormat::minRaw() const { return isSigned() ? BitPattern::minSigned(width()) : 0; }

std::uint64_t FixedFormat::maxRaw() const {
    return isSigned() ? static_cast<std::uint64_t>(BitPattern::maxSigned(width()))
                      : BitPattern::maxUnsigned(width());
}

Result<FixedFormat> makeFixedFormat(int integerBits, int fractionBits, Signedness signedness) {
    using Failure = Result<FixedFormat>;
    if (integerBits < 0) return Failure::failure("the integer bits m cannot be negative");
    if (fractionBits < 0) return Failure::failure("the fraction bits n cannot be negative");
    const FixedFormat format{integerBits, fractionBits, signedness};
    const bool isSigned = signedness == Signedness::Signed;
    // Compare before adding, so that huge counts cannot overflow the sum.
    if (integerBits > FixedFormat::kMaxWidth || fractionBits > FixedFormat::kMaxWidth ||
        format.width() > FixedFormat::kMaxWidth) {
        return Failure::failure(concat(format.name(),
                                       " is too wide: a format has at most 64 bits (",
                                       isSigned ? "1 + m + n" : "m + n",
                                       isSigned ? " for signed formats)" : " for unsigned ones)"));
    }
    if (format.width() < 1) {
        return Failure::failure("UQ0.0 has no bits: an unsigned format needs m + n of at least 1");
    }
    return format;
}

Result<FixedFormat> parseFixedFormatName(std::string_view name) {
    const std::string_view original = trimmed(name);
    std::string_view rest = original;
    const auto failure = [&] {
        return Result<FixedFormat>::failure(
            concat("'", original,
                   "' is not a fixed-point format: write Qm.n or UQm.n, like Q3.4, UQ4.4 or Q15"));
    };
    Signedness signedness = Signedness::Signed;
    if (!rest.empty() && (rest.front() == 'U' || rest.front() == 'u')) {
        signedness = Signedness::Unsigned;
        rest.remove_prefix(1);
    }
    if (rest.empty() || (rest.front() != 'Q' && rest.front() != 'q')) return failure();
    rest.remove_prefix(1);
    // A count of bits: one to three digits (more is too wide anyway, and cannot overflow).
    const auto readCount = [&rest]() -> int {
        int count = 0;
        int digitCount = 0;
        while (!rest.empty() && rest.front() >= '0' && rest.front() <= '9' && digitCount < 3) {
            count = count * 10 + (rest.front() - '0');
            rest.remove_prefix(1);
            ++digitCount;
        }
        return digitCount == 0 ? -1 : count;
    };
    const int first = readCount();
    if (first < 0) return failure();
    if (rest.empty()) return makeFixedFormat(0, first, signedness);  // TI's Q15 = Q0.15
    if (rest.front() != '.') return failure();
    rest.remove_prefix(1);
    const int second = readCount();
    if (second < 0 || !rest.empty()) return failure();
    return makeFixedFormat(first, second, signedness);
}

ExactValue decode(const FixedFormat& format, const BitPattern& pattern) {
    const BitPattern bits = pattern.resized(format.width());
    // One rounding at most: the integer converts to the nearest double, and scaling by 2^-n
    // is exact (no underflow: n <= 64). Integers up to 2^53 convert exactly.
    const double raw = format.isSigned() ? static_cast<double>(bits.signedValue())
                                         : static_cast<double>(bits.unsignedValue());
    return {std::ldexp(raw, -format.fractionBits), exactValueOf(format, bits).text()};
}

ExactValue resolution(const FixedFormat& format) {
    return {std::ldexp(1.0, -format.fractionBits),
            ExactDecimal::fromDyadic(false, 1, format.fractionBits).text()};
}

ExactValue minValue(const FixedFormat& format) {
    return decode(format, BitPattern(format.width(), static_cast<std::uint64_t>(format.minRaw())));
}

ExactValue maxValue(const FixedFormat& format) {
    return decode(format, BitPattern(format.width(), format.maxRaw()));
}

std::string_view overflowModeName(OverflowMode mode) {
    return mode == OverflowMode::Wrap ? "wrap" : "saturate";
}

Result<FixedEncoding> encode(const FixedFormat& format, std::string_view text, EncodeRules rules) {
    using Failure = Result<FixedEncoding>;
    const std::string_view typed = trimmed(text);
    if (typed.starts_with("0x") || typed.starts_with("0X") || typed.starts_with("-0x")) {
        return Failure::failure(concat(
            "'", typed,
            "' is not a decimal number: type a value like 0.75 or -2.5 (hex is not read here)"));
    }
    const auto parsed = parseDecimalNumber(typed);
    if (!parsed) {
        // A word ("half", ".inf") gets an example rather than the parser's "expected digits,
        // inf or nan": infinities are refused below anyway.
        const std::string_view body =
            typed.starts_with('-') || typed.starts_with('+') ? typed.substr(1) : typed;
        const auto isDigit = [](char character) { return character >= '0' && character <= '9'; };
        const std::string_view digits = body.starts_with('.') ? body.substr(1) : body;
        const bool startsLikeANumber = body.empty() || (!digits.empty() && isDigit(digits[0]));
        if (startsLikeANumber) return Failure::failure(parsed.error());
        return Failure::failure(
            concat("'", typed, "' is not a decimal number: type a value like 0.75, -2.5 or 1e-3"));
    }
    if (parsed->kind == DecimalNumber::Kind::Infinity) {
        return Failure::failure("fixed point has no infinity: every format has a largest value");
    }
    if (parsed->kind == DecimalNumber::Kind::Nan) {
        return Failure::failure("fixed point has no NaN: every pattern is a number");
    }
    if (!parsed->isZero() && parsed->leadingDigitExponent() > kMaxLeadingDigitExponent) {
        return Failure::failure(concat("'", typed,
                                       "' is too large: type a number below 1e1000 (no fixed-point "
                                       "format holds 2^64 or more)"));
    }
    if (!parsed->isZero() && parsed->leadingDigitExponent() < kMinLeadingDigitExponent) {
        return Failure::failure(concat("'", typed,
                                       "' is too small: type 0 or a number of at least 1e-1000 (no "
                                       "fixed-point format has a step below 2^-64)"));
    }

    const ExactDecimal typedValue = ExactDecimal::fromDecimal(*parsed);
    const ExactDecimal scaled = typedValue.timesPowerOfTwo(format.fractionBits);
    WholeMagnitude magnitude = wholeMagnitudeOf(scaled.wholeDigits());
    if (roundsMagnitudeUp(scaled, magnitude.low64Bits, rules.rounding)) {
        ++magnitude.low64Bits;
        if (magnitude.low64Bits == 0) magnitude.atLeastTwoToThe64 = true;
    }
    const bool negative = scaled.isNegative() && magnitude.low64Bits != 0;

    const int width = format.width();
    const std::uint64_t largestMagnitude = format.isSigned()
                                               ? (negative ? format.maxRaw() + 1 : format.maxRaw())
                                               : (negative ? 0 : format.maxRaw());
    const bool fits = !magnitude.atLeastTwoToThe64 && magnitude.low64Bits <= largestMagnitude;
    // Two's complement negation modulo 2^64; BitPattern keeps the low `width` bits.
    const std::uint64_t wrappedRaw = negative ? 0 - magnitude.low64Bits : magnitude.low64Bits;

    FixedEncoding encoding;
    encoding.rounded = scaled.hasFraction();
    if (fits || rules.overflow == OverflowMode::Wrap) {
        encoding.bits = BitPattern(width, wrappedRaw);
        if (!fits) encoding.overflowOutcome = OverflowOutcome::Wrapped;
    } else if (negative) {
        encoding.bits = BitPattern(width, static_cast<std::uint64_t>(format.minRaw()));
        encoding.overflowOutcome = OverflowOutcome::SaturatedToMin;
    } else {
        encoding.bits = BitPattern(width, format.maxRaw());
        encoding.overflowOutcome = OverflowOutcome::SaturatedToMax;
    }
    const ExactDecimal stored = exactValueOf(format, encoding.bits);
    encoding.stored = decode(format, encoding.bits);
    encoding.error = valueOf(typedValue - stored);
    return encoding;
}

}  // namespace mlsyslab::numeric
