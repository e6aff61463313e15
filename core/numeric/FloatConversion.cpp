#include "numeric/FloatConversion.h"

#include <charconv>
#include <cmath>
#include <system_error>

#include "numeric/FloatDecode.h"
#include "numeric/FloatEncode.h"

namespace mlsyslab::numeric {

namespace {

// Decimals whose leading digit is beyond 10^±400 are far outside every format (fp64 spans
// 4.9e-324 to 1.8e308): no exact comparison is needed to place them, and skipping it keeps
// "1e999999" from building a million-digit integer.
constexpr long long kFarBeyondEveryFormat = 400;

// The double nearest to a finite decimal; infinity or zero (with its sign) beyond the range.
double nearestDouble(const DecimalNumber& decimal) {
    const std::string_view text = decimal.unsignedText;
    double magnitude = 0;
    const auto parsed = std::from_chars(text.data(), text.data() + text.size(), magnitude);
    if (parsed.ec == std::errc::result_out_of_range) {
        magnitude = decimal.leadingDigitExponent() >= 0 ? HUGE_VAL : 0.0;
    }
    return decimal.negative ? -magnitude : magnitude;
}

bool isFarAbove(const DecimalNumber& decimal) {
    return decimal.leadingDigitExponent() > kFarBeyondEveryFormat;
}
bool isFarBelow(const DecimalNumber& decimal) {
    return decimal.leadingDigitExponent() < -kFarBeyondEveryFormat;
}

// Whether a finite, nonzero decimal equals the finite, nonzero value of `decoded` exactly.
bool equalsExactly(const FloatFormat& format, const DecimalNumber& decimal,
                   const DecodedFloat& decoded) {
    if (isFarAbove(decimal) || isFarBelow(decimal)) return false;
    if (decimal.negative != decoded.negative) return false;
    const std::uint64_t significand =
        decoded.mantissaField | (decoded.leadingOne ? format.minNormalMagnitude() : 0);
    const int quantum = decoded.exponent - format.mantissaBits;
    return compareMagnitudeWithBinary(decimal, significand, quantum) == 0;
}

}  // namespace

bool overflowsFormat(const FloatFormat& format, const DecimalNumber& decimal,
                     RoundingMode rounding) {
    if (decimal.kind != DecimalNumber::Kind::Finite || decimal.isZero()) return false;
    if (isFarAbove(decimal)) return true;
    if (isFarBelow(decimal)) return false;
    // The largest finite value M = maxSignificand x 2^quantum; the next value an unbounded
    // exponent would give is M + 1 unit, and the midpoint between them M + 1/2 unit.
    const std::uint64_t maxMagnitude = format.maxFiniteMagnitude();
    const std::uint64_t maxSignificand =
        (maxMagnitude & format.mantissaMask()) | format.minNormalMagnitude();
    const int quantum =
        static_cast<int>(maxMagnitude >> format.mantissaBits) - format.bias - format.mantissaBits;
    const int versusLargest = compareMagnitudeWithBinary(decimal, maxSignificand, quantum);
    const int versusMidpoint =
        compareMagnitudeWithBinary(decimal, 2 * maxSignificand + 1, quantum - 1);
    const int versusNext = compareMagnitudeWithBinary(decimal, maxSignificand + 1, quantum);

    const bool positive = !decimal.negative;
    switch (rounding) {
        case RoundingMode::NearestEven:
            // A tie goes to the even neighbour: M + 1 unit for IEEE formats (M's significand
            // is all ones), but M itself for E4M3 (1.110b x 2^8), so 464 stays 448.
            return versusMidpoint > 0 || (versusMidpoint == 0 && (maxSignificand & 1) != 0);
        case RoundingMode::NearestAway:
            return versusMidpoint >= 0;
        case RoundingMode::TowardZero:
            return versusNext >= 0;
        case RoundingMode::Up:
            return positive ? versusLargest > 0 : versusNext >= 0;
        case RoundingMode::Down:
            return positive ? versusNext >= 0 : versusLargest > 0;
    }
    return false;
}

DecimalConversion convertDecimal(const FloatFormat& format, const DecimalNumber& decimal,
                                 EncodeOptions options) {
    DecimalConversion conversion;
    conversion.bits = encodeDecimal(format, decimal, options);
    const DecodedFloat decoded = decodeFloat(format, conversion.bits);
    conversion.stored = decoded.value;

    if (decimal.kind == DecimalNumber::Kind::Nan) {
        conversion.input = std::copysign(NAN, decimal.negative ? -1.0 : 1.0);
        conversion.exact = true;
        return conversion;
    }
    if (decimal.kind == DecimalNumber::Kind::Infinity) {
        conversion.input = decimal.negative ? -HUGE_VAL : HUGE_VAL;
        conversion.exact = decoded.floatClass == FloatClass::Infinity;
        if (!conversion.exact) {
            conversion.range = RangeEvent::Overflow;
            conversion.absoluteError = HUGE_VAL;
            conversion.relativeError = HUGE_VAL;
        }
        return conversion;
    }

    conversion.input = nearestDouble(decimal);
    if (decimal.isZero()) {
        conversion.exact = true;  // zero keeps its sign
        return conversion;
    }
    const bool storedIsNumber =
        decoded.floatClass == FloatClass::Normal || decoded.floatClass == FloatClass::Subnormal;
    conversion.exact = storedIsNumber && equalsExactly(format, decimal, decoded);
    if (!conversion.exact) {
        // Infinity or NaN for a finite input: the whole value is lost (and inf - inf would be
        // NaN for inputs beyond the double range).
        const bool storedIsFinite = std::isfinite(conversion.stored);
        conversion.absoluteError =
            storedIsFinite ? std::fabs(conversion.stored - conversion.input) : HUGE_VAL;
        // Rounding to zero loses all of the value: 100 %, even where the input is beyond a double.
        if (!storedIsFinite) {
            conversion.relativeError = HUGE_VAL;
        } else if (decoded.floatClass == FloatClass::Zero) {
            conversion.relativeError = 1.0;
        } else {
            conversion.relativeError = conversion.absoluteError / std::fabs(conversion.input);
        }
    }

    if (overflowsFormat(format, decimal, options.rounding)) {
        conversion.range = RangeEvent::Overflow;
    } else if (decoded.floatClass == FloatClass::Zero) {
        conversion.range = RangeEvent::UnderflowToZero;
    } else if (decoded.floatClass == FloatClass::Subnormal && !conversion.exact) {
        conversion.range = RangeEvent::Underflow;
    }
    return conversion;
}

Result<DecimalConversion> convertDecimal(const FloatFormat& format, std::string_view text,
                                         EncodeOptions options) {
    const auto decimal = parseDecimalNumber(text);
    if (!decimal) return Result<DecimalConversion>::failure(decimal.error());
    return convertDecimal(format, *decimal, options);
}

std::string exactDecimalText(double value) {
    if (std::isnan(value)) return "nan";
    if (std::isinf(value)) return value < 0 ? "-inf" : "inf";
    if (value == 0) return std::signbit(value) ? "-0" : "0";
    // A double is an odd integer times 2^exponent; for a negative exponent its decimal
    // expansion ends exactly -exponent places after the point (each halving adds one digit).
    int binaryExponent = 0;
    const double fraction = std::frexp(std::fabs(value), &binaryExponent);
    constexpr int kDoubleSignificandBits = 53;
    auto significand = static_cast<std::uint64_t>(std::ldexp(fraction, kDoubleSignificandBits));
    int lowestBitExponent = binaryExponent - kDoubleSignificandBits;
    while ((significand & 1) == 0) {
        significand >>= 1;
        ++lowestBitExponent;
    }
    const int fractionDigits = lowestBitExponent < 0 ? -lowestBitExponent : 0;
    // 309 integer digits at most, 1074 fraction digits at most, a sign and a point.
    char buffer[1400];
    const auto written = std::to_chars(buffer, buffer + sizeof buffer, value,
                                       std::chars_format::fixed, fractionDigits);
    return std::string(buffer, written.ptr);
}

}  // namespace mlsyslab::numeric
