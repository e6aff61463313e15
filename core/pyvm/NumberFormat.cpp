#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "common/Concat.h"
#include "pyvm/FormatSpec.h"
#include "pyvm/Repr.h"
#include "pyvm/Utf8.h"

// int and float under a format spec: sign, base prefix, digit grouping (with CPython's rule that
// zero padding is grouped too: format(1234, '09,') is '0,001,234'), then padding and alignment.
namespace mlsyslab::pyvm {
namespace {

std::string typeText(char type) {
    if (type >= 0x20 && type < 0x7F) return std::string(1, type);
    char buffer[8];
    std::snprintf(buffer, sizeof buffer, "\\x%x",
                  static_cast<unsigned>(static_cast<unsigned char>(type)));
    return buffer;
}

// Digits grouped by `separator` every `groupSize`, left-padded with zeros to `minimumWidth`
// (CPython's _PyUnicode_InsertThousandsGrouping).
std::string groupDigits(std::string_view digits, char separator, int groupSize,
                        std::int64_t minimumWidth) {
    if (digits.empty()) return "";  // inf and nan: '=' padding fills in front of them instead
    if (separator == 0) {
        std::string out;
        if (static_cast<std::int64_t>(digits.size()) < minimumWidth) {
            out.assign(static_cast<std::size_t>(minimumWidth) - digits.size(), '0');
        }
        return concat(out, digits);
    }
    std::string reversed;
    auto remaining = static_cast<std::int64_t>(digits.size());
    std::int64_t position = remaining;
    bool first = true;
    while (true) {
        const std::int64_t length = std::min<std::int64_t>(
            std::max<std::int64_t>(std::max(remaining, minimumWidth), 1), groupSize);
        const std::int64_t zeros = std::max<std::int64_t>(0, length - remaining);
        const std::int64_t characters = std::max<std::int64_t>(0, std::min(remaining, length));
        if (!first) reversed += separator;
        first = false;
        for (std::int64_t i = 0; i < characters; ++i)
            reversed += digits[static_cast<std::size_t>(--position)];
        reversed.append(static_cast<std::size_t>(zeros), '0');
        remaining -= characters;
        minimumWidth -= length;
        if (remaining <= 0 && minimumWidth <= 0) break;
        minimumWidth -= 1;
    }
    return std::string(reversed.rbegin(), reversed.rend());
}

// Puts a number together: sign and prefix, grouped integer digits, then the rest (fraction,
// exponent, '%'), padded as the spec says.
std::string assemble(const FormatSpec& spec, bool negative, std::string_view prefix,
                     std::string_view integerDigits, std::string_view rest, int groupSize) {
    std::string sign;
    if (negative)
        sign = "-";
    else if (spec.sign == '+')
        sign = "+";
    else if (spec.sign == ' ')
        sign = " ";
    const char align = spec.align == 0 ? '>' : (spec.align == 'Z' ? '=' : spec.align);
    const std::int64_t fixedLength =
        static_cast<std::int64_t>(sign.size() + prefix.size() + codePointCount(rest));
    const std::int64_t minimumWidth =
        spec.fill == U'0' && align == '=' ? spec.width - fixedLength : 0;
    const std::string digits = groupDigits(integerDigits, spec.grouping, groupSize, minimumWidth);
    const std::string body = concat(digits, rest);
    const std::int64_t length = fixedLength + static_cast<std::int64_t>(digits.size());
    if (spec.width <= length) return concat(sign, prefix, body);
    if (align == '=') {
        std::string padding;
        for (std::int64_t i = length; i < spec.width; ++i) padding += utf8Of(spec.fill);
        return concat(sign, prefix, padding, body);
    }
    FormatSpec aligned = spec;
    aligned.align = align;
    return alignText(concat(sign, prefix, body), length, aligned, '>');
}

std::string baseDigits(std::uint64_t magnitude, int base, bool upper) {
    if (magnitude == 0) return "0";
    const char* symbols = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    std::string reversed;
    while (magnitude > 0) {
        reversed += symbols[magnitude % static_cast<unsigned>(base)];
        magnitude /= static_cast<unsigned>(base);
    }
    return std::string(reversed.rbegin(), reversed.rend());
}

std::string fixedOrScientific(double value, std::chars_format format, int precision) {
    std::string text(static_cast<std::size_t>(precision) + 400, '\0');
    const auto written =
        std::to_chars(text.data(), text.data() + text.size(), value, format, precision);
    text.resize(static_cast<std::size_t>(written.ptr - text.data()));
    return text;
}

}  // namespace

std::string doubleText(double value, char type, int precision, bool alternate, bool addDotZero) {
    if (type == 'r') {
        std::string text = floatRepr(value);
        if (alternate && std::isfinite(value) && text.find('.') == std::string::npos) {
            const std::size_t exponent = text.find('e');
            text.insert(exponent == std::string::npos ? text.size() : exponent, 1, '.');
        }
        return text;
    }
    if (!std::isfinite(value)) return std::isnan(value) ? "nan" : (value < 0 ? "-inf" : "inf");
    // std::to_chars rather than printf: exactly rounded like CPython's dtoa, and blind to the
    // locale (a Qt application runs under the user's LC_NUMERIC, where printf may write "3,14").
    if (type == 'g') {
        const int significant = precision == 0 ? 1 : precision;
        const std::string scientific =
            fixedOrScientific(value, std::chars_format::scientific, significant - 1);
        const int exponent = std::atoi(scientific.c_str() + scientific.find('e') + 1);
        const int fixedLimit = addDotZero ? significant - 1 : significant;
        std::string text =
            exponent >= -4 && exponent < fixedLimit
                ? fixedOrScientific(value, std::chars_format::fixed, significant - 1 - exponent)
                : scientific;
        const std::size_t exponentAt = std::min(text.find('e'), text.size());
        if (!alternate) {
            std::size_t mantissaEnd = exponentAt;
            if (text.find('.') < exponentAt) {
                while (mantissaEnd > 0 && text[mantissaEnd - 1] == '0') --mantissaEnd;
                if (mantissaEnd > 0 && text[mantissaEnd - 1] == '.') --mantissaEnd;
            }
            text.erase(mantissaEnd, exponentAt - mantissaEnd);
        } else if (text.find('.') == std::string::npos) {
            text.insert(exponentAt, 1, '.');
        }
        if (addDotZero && text.find_first_of(".e") == std::string::npos) text += ".0";
        return text;
    }
    std::string text = fixedOrScientific(
        value, type == 'e' ? std::chars_format::scientific : std::chars_format::fixed, precision);
    if (alternate && precision == 0) text.insert(std::min(text.find('e'), text.size()), 1, '.');
    return text;
}

Value formatInt(Runtime& runtime, std::int64_t value, FormatSpec spec,
                std::string_view typeForErrors) {
    const char type = spec.type == 0 ? 'd' : spec.type;
    if (std::string_view("eEfFgG%").find(type) != std::string_view::npos) {
        return formatFloat(runtime, static_cast<double>(value), spec);
    }
    if (std::string_view("bcdoxXn").find(type) == std::string_view::npos) {
        return runtime.raise("ValueError", concat("Unknown format code '", typeText(type),
                                                  "' for object of type '", typeForErrors, "'"));
    }
    if (spec.precision >= 0)
        return runtime.raise("ValueError", "Precision not allowed in integer format specifier");
    if (spec.noNegativeZero) {
        return runtime.raise("ValueError",
                             "Negative zero coercion (z) not allowed in integer format specifier");
    }
    const std::uint64_t magnitude =
        value < 0 ? 0ULL - static_cast<std::uint64_t>(value) : static_cast<std::uint64_t>(value);
    if (type == 'c') {
        if (spec.sign != 0)
            return runtime.raise("ValueError",
                                 "Sign not allowed with integer format specifier 'c'");
        if (spec.alternate) {
            return runtime.raise(
                "ValueError", "Alternate form (#) not allowed with integer format specifier 'c'");
        }
        if (value < 0 || value > 0x10FFFF)
            return runtime.raise("OverflowError", "%c arg not in range(0x110000)");
        const std::string character = utf8Of(static_cast<char32_t>(value));
        FormatSpec aligned = spec;
        if (aligned.align == 'Z') aligned.align = '=';
        return newStr(alignText(character, 1, aligned, '>'));
    }
    const int base = type == 'b' ? 2 : (type == 'o' ? 8 : (type == 'x' || type == 'X' ? 16 : 10));
    std::string_view prefix;
    if (spec.alternate && base != 10)
        prefix = type == 'b' ? "0b" : (type == 'o' ? "0o" : (type == 'x' ? "0x" : "0X"));
    const std::string digits = baseDigits(magnitude, base, type == 'X');
    return newStr(assemble(spec, value < 0, prefix, digits, "", base == 10 ? 3 : 4));
}

Value formatFloat(Runtime& runtime, double value, FormatSpec spec) {
    char type = spec.type;
    if (type != 0 && std::string_view("eEfFgGn%").find(type) == std::string_view::npos) {
        return runtime.raise("ValueError", concat("Unknown format code '", typeText(type),
                                                  "' for object of type 'float'"));
    }
    bool addDotZero = false;
    bool percent = false;
    int precision = spec.precision < 0 ? 6 : static_cast<int>(spec.precision);
    char style = static_cast<char>(type | 0x20);  // lower case: e, f, g
    if (type == 0) {
        addDotZero = true;
        style = spec.precision < 0 ? 'r' : 'g';
    } else if (type == 'n') {
        style = 'g';
    } else if (type == '%') {
        style = 'f';
        value *= 100;
        percent = true;
    }
    bool negative = std::signbit(value) && !std::isnan(value);
    std::string text =
        doubleText(std::fabs(value), style, precision, spec.alternate, addDotZero && style == 'g');
    if (type == 'E' || type == 'F' || type == 'G') {
        for (char& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    const bool roundsToZero =
        std::isfinite(value) && text.find_first_of("123456789") == std::string::npos;
    if (negative && spec.noNegativeZero && roundsToZero) negative = false;
    if (percent) text += '%';
    const std::size_t digitsEnd = text.find_first_not_of("0123456789");
    const std::string integerDigits = text.substr(0, digitsEnd);
    const std::string rest = digitsEnd == std::string::npos ? "" : text.substr(digitsEnd);
    return newStr(assemble(spec, negative, "", integerDigits, rest, 3));
}

}  // namespace mlsyslab::pyvm
