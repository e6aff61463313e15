#include "numeric/FloatDecode.h"

#include <array>
#include <bit>
#include <charconv>
#include <cmath>

namespace mlsyslab::numeric {

namespace {

// Significant digits that make a value read back exactly: 9 for float32 (and every narrower
// format, all of whose values are float32 values), 17 for double (IEEE 754-2019 §5.12.2).
constexpr int kFloat32RoundTripDigits = 9;
constexpr int kDoubleRoundTripDigits = 17;

std::string decimalText(int number) { return std::to_string(number); }

// Exponents as Unicode superscripts, "2¹⁶⁻¹⁵", the way the lessons write powers: the formula
// reads like the prose around it and stays plain text. '-' becomes the superscript minus.
std::string superscriptText(std::string_view text) {
    static constexpr std::array<std::string_view, 10> kDigits = {"⁰", "¹", "²", "³", "⁴",
                                                                 "⁵", "⁶", "⁷", "⁸", "⁹"};
    std::string superscript;
    for (const char character : text) {
        if (character >= '0' && character <= '9') {
            superscript.append(kDigits[character - '0']);
        } else if (character == '-') {
            superscript.append("⁻");
        } else {
            superscript.push_back(character);
        }
    }
    return superscript;
}

}  // namespace

std::string_view floatClassName(FloatClass floatClass) {
    switch (floatClass) {
        case FloatClass::Zero:
            return "zero";
        case FloatClass::Subnormal:
            return "subnormal";
        case FloatClass::Normal:
            return "normal";
        case FloatClass::Infinity:
            return "inf";
        case FloatClass::Nan:
            return "nan";
    }
    return "nan";
}

DecodedFloat decodeFloat(const FloatFormat& format, std::uint64_t bits) {
    DecodedFloat decoded;
    decoded.bits = bits & (format.signBit() | format.magnitudeMask());
    decoded.negative = (decoded.bits & format.signBit()) != 0;
    decoded.exponentField =
        static_cast<std::uint32_t>((decoded.bits & format.magnitudeMask()) >> format.mantissaBits);
    decoded.mantissaField = decoded.bits & format.mantissaMask();
    const double sign = decoded.negative ? -1.0 : 1.0;

    const bool allOnes = decoded.exponentField == format.allOnesExponent();
    if (allOnes && format.hasInfinity()) {
        decoded.floatClass = decoded.mantissaField == 0 ? FloatClass::Infinity : FloatClass::Nan;
        decoded.value = decoded.mantissaField == 0 ? sign * HUGE_VAL : std::copysign(NAN, sign);
        decoded.exponent = static_cast<int>(decoded.exponentField) - format.bias;
        return decoded;
    }
    if (allOnes && decoded.mantissaField == format.mantissaMask()) {  // E4M3's only NaN
        decoded.floatClass = FloatClass::Nan;
        decoded.value = std::copysign(NAN, sign);
        decoded.exponent = static_cast<int>(decoded.exponentField) - format.bias;
        return decoded;
    }

    decoded.leadingOne = decoded.exponentField != 0;
    decoded.exponent = decoded.leadingOne ? static_cast<int>(decoded.exponentField) - format.bias
                                          : format.minNormalExponent();
    if (decoded.leadingOne) {
        decoded.floatClass = FloatClass::Normal;
    } else {
        decoded.floatClass = decoded.mantissaField == 0 ? FloatClass::Zero : FloatClass::Subnormal;
    }
    const std::uint64_t significand =
        decoded.mantissaField | (decoded.leadingOne ? format.minNormalMagnitude() : 0);
    if (format == kFp64) {
        decoded.value = std::bit_cast<double>(decoded.bits);
    } else {
        // At most 24 significant bits, so the conversion and the scaling are exact.
        decoded.value = sign * std::ldexp(static_cast<double>(significand),
                                          decoded.exponent - format.mantissaBits);
    }
    return decoded;
}

std::string floatBitsText(const FloatFormat& format, std::uint64_t bits) {
    static constexpr char kHexDigits[] = "0123456789ABCDEF";
    const int digits = (format.width() + 3) / 4;
    std::string text(static_cast<std::size_t>(2 + digits), '0');
    text[1] = 'x';
    for (int index = 0; index < digits; ++index) {
        text[static_cast<std::size_t>(1 + digits - index)] =
            kHexDigits[(bits >> (4 * index)) & 0xF];
    }
    return text;
}

std::string floatFieldsText(const FloatFormat& format, std::uint64_t bits) {
    std::string text;
    for (int index = format.width() - 1; index >= 0; --index) {
        text += ((bits >> index) & 1) != 0 ? '1' : '0';
        // A space after the sign bit and after the exponent field.
        if (index == format.width() - 1 || index == format.mantissaBits) text += ' ';
    }
    return text;
}

std::string floatValueText(const FloatFormat& format, double value) {
    if (std::isnan(value)) return "nan";
    if (std::isinf(value)) return value < 0 ? "-inf" : "inf";
    if (value == 0) return std::signbit(value) ? "-0" : "0";
    char buffer[32];
    const int precision = format == kFp64 ? kDoubleRoundTripDigits : kFloat32RoundTripDigits;
    const auto written =
        std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::general, precision);
    return std::string(buffer, written.ptr);
}

std::string significandBinaryText(const FloatFormat& format, const DecodedFloat& decoded) {
    std::string text = decoded.leadingOne ? "1." : "0.";
    for (int index = format.mantissaBits - 1; index >= 0; --index) {
        text += ((decoded.mantissaField >> index) & 1) != 0 ? '1' : '0';
    }
    while (text.size() > 3 && text.back() == '0') text.pop_back();
    return text;
}

std::string floatFormulaText(const FloatFormat& format, const DecodedFloat& decoded) {
    const std::string signPower = decoded.negative ? "(−1)¹" : "(−1)⁰";
    if (decoded.floatClass == FloatClass::Nan) {
        return format.hasInfinity() ? "NaN (exponent all ones, mantissa not 0)"
                                    : "NaN (exponent and mantissa all ones)";
    }
    if (decoded.floatClass == FloatClass::Infinity) {
        std::string text = signPower;
        text.append(" × ∞ = ").append(floatValueText(format, decoded.value));
        return text;
    }
    // The exponent as the student sees it in the fields: 2¹⁶⁻¹⁵, and 2¹⁻¹⁵ for subnormals,
    // whose field 0 stands for the same exponent as field 1.
    const int shownField = decoded.leadingOne ? static_cast<int>(decoded.exponentField) : 1;
    std::string text = signPower;
    text.append(" × ")
        .append(significandBinaryText(format, decoded))
        .append("₂ × 2")
        .append(superscriptText(decimalText(shownField) + "-" + decimalText(format.bias)))
        .append(" = ")
        .append(floatValueText(format, decoded.value));
    return text;
}

}  // namespace mlsyslab::numeric
