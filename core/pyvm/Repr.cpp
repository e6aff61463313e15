#include "pyvm/Repr.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "common/Concat.h"
#include "pyvm/SourceCharacters.h"

namespace mlsyslab::pyvm {
namespace {

// Python's repr switches to exponent notation outside 1e-4 <= |x| < 1e16 (float_repr_style
// 'short': the `r` format code of PyOS_double_to_string).
constexpr int kSmallestFixedExponent = -4;
constexpr int kLargestFixedExponent = 16;

// Python's str.isprintable() for the characters a lesson can hold: controls, the C1 block,
// surrogates, separators other than the ASCII space, and a few format characters are not.
bool isPrintable(char32_t codePoint) {
    if (codePoint < 0x20 || codePoint == 0x7F) return false;
    if (codePoint >= 0x80 && codePoint <= 0xA0) return false;
    if (codePoint == 0xAD) return false;  // soft hyphen (Cf)
    if (codePoint >= 0x2000 && codePoint <= 0x200F) return false;  // spaces (Zs) and marks (Cf)
    if (codePoint >= 0x2028 && codePoint <= 0x202F) return false;
    if (codePoint >= 0x205F && codePoint <= 0x206F) return false;
    if (codePoint == 0x3000 || codePoint == 0xFEFF) return false;
    if (codePoint >= 0xD800 && codePoint <= 0xDFFF) return false;
    if (codePoint >= 0xE000 && codePoint <= 0xF8FF) return false;  // private use (Co)
    if (codePoint >= 0xFFF9 && codePoint <= 0xFFFB) return false;
    return codePoint <= 0x10FFFF;
}

void appendEscaped(std::string& out, char32_t codePoint) {
    char buffer[16];
    if (codePoint <= 0xFF) {
        std::snprintf(buffer, sizeof buffer, "\\x%02x", static_cast<unsigned>(codePoint));
    } else if (codePoint <= 0xFFFF) {
        std::snprintf(buffer, sizeof buffer, "\\u%04x", static_cast<unsigned>(codePoint));
    } else {
        std::snprintf(buffer, sizeof buffer, "\\U%08x", static_cast<unsigned>(codePoint));
    }
    out += buffer;
}

}  // namespace

std::string floatRepr(double value) {
    if (std::isnan(value)) return "nan";
    if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
    if (value == 0) return std::signbit(value) ? "-0.0" : "0.0";

    // The shortest digits that round-trip, in scientific form: "d.ddde±XX".
    char scientific[64];
    const auto written = std::to_chars(scientific, scientific + sizeof scientific, value,
                                       std::chars_format::scientific);
    const std::string text(scientific, written.ptr);
    const bool negative = text.front() == '-';
    const std::size_t exponentAt = text.find('e');
    std::string digits;
    for (std::size_t i = negative ? 1 : 0; i < exponentAt; ++i) {
        if (text[i] != '.') digits += text[i];
    }
    const int exponent = std::atoi(text.c_str() + exponentAt + 1);

    std::string result = negative ? "-" : "";
    if (exponent >= kSmallestFixedExponent && exponent < kLargestFixedExponent) {
        const int pointPosition = exponent + 1;  // digits before the decimal point
        if (pointPosition <= 0) {
            result += concat("0.", std::string(static_cast<std::size_t>(-pointPosition), '0'), digits);
        } else if (static_cast<std::size_t>(pointPosition) >= digits.size()) {
            result += concat(digits, std::string(pointPosition - digits.size(), '0'), ".0");
        } else {
            result += concat(digits.substr(0, pointPosition), ".", digits.substr(pointPosition));
        }
        return result;
    }
    result += digits.substr(0, 1);
    if (digits.size() > 1) result += concat(".", digits.substr(1));
    char exponentText[16];
    std::snprintf(exponentText, sizeof exponentText, "e%c%02d", exponent < 0 ? '-' : '+',
                  std::abs(exponent));
    return result + exponentText;
}

std::string strRepr(std::string_view utf8) {
    const bool hasSingle = utf8.find('\'') != std::string_view::npos;
    const bool hasDouble = utf8.find('"') != std::string_view::npos;
    const char quote = hasSingle && !hasDouble ? '"' : '\'';

    std::string out(1, quote);
    for (std::size_t position = 0; position < utf8.size();) {
        const DecodedCharacter character = decodeCharacter(utf8, position);
        const char32_t codePoint = character.codePoint;
        if (codePoint == static_cast<char32_t>(quote) || codePoint == U'\\') {
            out += '\\';
            out += static_cast<char>(codePoint);
        } else if (codePoint == U'\n') {
            out += "\\n";
        } else if (codePoint == U'\r') {
            out += "\\r";
        } else if (codePoint == U'\t') {
            out += "\\t";
        } else if (!isPrintable(codePoint)) {
            appendEscaped(out, codePoint);
        } else {
            out.append(utf8.substr(position, character.lengthBytes));
        }
        position += character.lengthBytes;
    }
    out += quote;
    return out;
}

}  // namespace mlsyslab::pyvm
