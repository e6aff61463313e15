#include "numeric/FloatQueries.h"

#include <algorithm>
#include <cmath>

#include "numeric/FloatDecode.h"
#include "numeric/FloatEncode.h"

namespace mlsyslab::numeric {

namespace {

double valueOf(const FloatFormat& format, std::uint64_t bits) {
    return decodeFloat(format, bits).value;
}

}  // namespace

std::optional<std::uint64_t> nextUp(const FloatFormat& format, std::uint64_t bits) {
    const DecodedFloat decoded = decodeFloat(format, bits);
    if (decoded.floatClass == FloatClass::Nan) return std::nullopt;
    const std::uint64_t magnitude = decoded.bits & format.magnitudeMask();
    if (decoded.negative) {
        // Toward zero: one pattern down in magnitude; -0 steps over +0 to the smallest positive.
        if (magnitude == 0) return 1;
        return decoded.bits - 1;
    }
    if (decoded.floatClass == FloatClass::Infinity) return std::nullopt;
    if (magnitude == format.maxFiniteMagnitude()) {
        if (!format.hasInfinity()) return std::nullopt;
        return format.infinityMagnitude();
    }
    return magnitude + 1;
}

std::optional<std::uint64_t> nextDown(const FloatFormat& format, std::uint64_t bits) {
    // nextDown(x) = -nextUp(-x) (IEEE 754-2019 §5.3.1).
    const auto up = nextUp(format, bits ^ format.signBit());
    if (!up) return std::nullopt;
    return *up ^ format.signBit();
}

double unitInLastPlace(const FloatFormat& format, double value) {
    if (!std::isfinite(value)) return NAN;
    const int maxExponent =
        static_cast<int>(format.maxFiniteMagnitude() >> format.mantissaBits) - format.bias;
    const int exponent =
        value == 0 ? format.minNormalExponent()
                   : std::clamp(std::ilogb(value), format.minNormalExponent(), maxExponent);
    return std::ldexp(1.0, exponent - format.mantissaBits);
}

ConversionError conversionError(const FloatFormat& format, double value, EncodeOptions options) {
    ConversionError error;
    error.bits = encodeDouble(format, value, options);
    error.stored = valueOf(format, error.bits);
    // Exact in double when both are finite and within a factor of two (Sterbenz's lemma),
    // which covers every rounding that neither overflows nor flushes to zero.
    error.absoluteError = std::fabs(error.stored - value);
    if (std::isnan(value) && std::isnan(error.stored)) error.absoluteError = 0;
    if (std::isinf(value) && error.stored == value) error.absoluteError = 0;
    error.relativeError = value == 0 ? (error.absoluteError == 0 ? 0 : HUGE_VAL)
                                     : error.absoluteError / std::fabs(value);
    if (std::isinf(value) && error.absoluteError == 0) error.relativeError = 0;
    return error;
}

FormatRange formatRange(const FloatFormat& format) {
    FormatRange range;
    range.format = format;
    range.maxFinite = valueOf(format, format.maxFiniteMagnitude());
    range.minNormal = valueOf(format, format.minNormalMagnitude());
    range.minSubnormal = valueOf(format, 1);
    range.epsilon = std::ldexp(1.0, -format.mantissaBits);
    range.decimalDigits = (format.mantissaBits + 1) * std::log10(2.0);
    return range;
}

std::vector<FormatRange> rangeTable() {
    std::vector<FormatRange> table;
    for (const auto& format : floatFormats()) table.push_back(formatRange(format));
    return table;
}

}  // namespace mlsyslab::numeric
