#include "pyvm/NumberParsing.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <limits>

#include "common/Concat.h"
#include "pyvm/CharacterClasses.h"
#include "pyvm/Numbers.h"
#include "pyvm/Operations.h"
#include "pyvm/Utf8.h"

namespace mlsyslab::pyvm {
namespace {

// The text without the Unicode whitespace around it.
std::string_view trimmed(const std::string& text, std::u32string& codePoints) {
    const std::vector<char32_t> decoded = decodeUtf8(text);
    codePoints.assign(decoded.begin(), decoded.end());
    std::size_t begin = 0, end = text.size();
    std::size_t first = 0, last = codePoints.size();
    while (first < last && isSpaceCharacter(codePoints[first]))
        begin += utf8Of(codePoints[first++]).size();
    while (last > first && isSpaceCharacter(codePoints[last - 1]))
        end -= utf8Of(codePoints[--last]).size();
    return std::string_view(text).substr(begin, end - begin);
}

int digitValue(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'z') return c - 'a' + 10;
    if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
    return 99;
}

Value invalidInt(Runtime& runtime, const Value& text, int base) {
    return runtime.raise("ValueError", concat("invalid literal for int() with base ",
                                              std::to_string(base), ": ", repr(runtime, text)));
}

}  // namespace

Value parseIntText(Runtime& runtime, const Value& textValue, int base) {
    std::u32string codePoints;
    std::string_view text = trimmed(textValue.as<StrObject>().text, codePoints);
    const int requestedBase = base;
    bool negative = false;
    if (!text.empty() && (text[0] == '+' || text[0] == '-')) {
        negative = text[0] == '-';
        text.remove_prefix(1);
    }
    if (text.size() >= 2 && text[0] == '0') {
        const char marker = static_cast<char>(text[1] | 0x20);
        const int prefixBase = marker == 'x' ? 16 : (marker == 'o' ? 8 : (marker == 'b' ? 2 : 0));
        if (prefixBase != 0 && (base == 0 || base == prefixBase)) {
            base = prefixBase;
            text.remove_prefix(2);
            if (!text.empty() && text[0] == '_') text.remove_prefix(1);  // `0x_1f` is allowed
        }
    }
    if (base == 0) {
        base = 10;
        // Base 0 reads like source code, where `010` is not a decimal literal.
        if (text.size() > 1 && text[0] == '0' &&
            text.find_first_not_of("0_") != std::string_view::npos) {
            return invalidInt(runtime, textValue, requestedBase);
        }
    }
    if (text.empty()) return invalidInt(runtime, textValue, requestedBase);
    std::uint64_t magnitude = 0;
    bool overflow = false;
    bool previousUnderscore = true;  // a leading underscore is an error, like a doubled one
    for (const char c : text) {
        if (c == '_') {
            if (previousUnderscore) return invalidInt(runtime, textValue, requestedBase);
            previousUnderscore = true;
            continue;
        }
        const int digit = digitValue(c);
        if (digit >= base) return invalidInt(runtime, textValue, requestedBase);
        previousUnderscore = false;
        if (__builtin_mul_overflow(magnitude, static_cast<std::uint64_t>(base), &magnitude) ||
            __builtin_add_overflow(magnitude, static_cast<std::uint64_t>(digit), &magnitude)) {
            overflow = true;
        }
    }
    if (previousUnderscore) return invalidInt(runtime, textValue, requestedBase);
    constexpr std::uint64_t kLargestMagnitude = 1ULL << 63;
    if (overflow || magnitude > kLargestMagnitude ||
        (!negative && magnitude == kLargestMagnitude)) {
        return raiseIntOverflow(runtime);
    }
    return Value::integer(negative ? static_cast<std::int64_t>(0ULL - magnitude)
                                   : static_cast<std::int64_t>(magnitude));
}

Value parseFloatText(Runtime& runtime, const Value& textValue) {
    std::u32string codePoints;
    std::string_view text = trimmed(textValue.as<StrObject>().text, codePoints);
    auto invalid = [&] {
        return runtime.raise(
            "ValueError", concat("could not convert string to float: ", repr(runtime, textValue)));
    };
    bool negative = false;
    if (!text.empty() && (text[0] == '+' || text[0] == '-')) {
        negative = text[0] == '-';
        text.remove_prefix(1);
    }
    std::string lowered;
    for (const char c : text) lowered += static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
    if (lowered == "inf" || lowered == "infinity") {
        return Value::real(negative ? -std::numeric_limits<double>::infinity()
                                    : std::numeric_limits<double>::infinity());
    }
    if (lowered == "nan")
        return Value::real(negative ? -std::numeric_limits<double>::quiet_NaN()
                                    : std::numeric_limits<double>::quiet_NaN());
    // digits [. digits] [e [sign] digits], underscores only between two digits.
    std::string cleaned;
    bool sawDigit = false, sawPoint = false, sawExponent = false, exponentDigits = false;
    for (std::size_t i = 0; i < lowered.size(); ++i) {
        const char c = lowered[i];
        if (c >= '0' && c <= '9') {
            cleaned += c;
            (sawExponent ? exponentDigits : sawDigit) = true;
        } else if (c == '_') {
            const bool between = i > 0 && i + 1 < lowered.size() &&
                                 std::isdigit(static_cast<unsigned char>(lowered[i - 1])) &&
                                 std::isdigit(static_cast<unsigned char>(lowered[i + 1]));
            if (!between) return invalid();
        } else if (c == '.' && !sawPoint && !sawExponent) {
            sawPoint = true;
            cleaned += c;
        } else if (c == 'e' && !sawExponent && sawDigit) {
            sawExponent = true;
            cleaned += c;
            if (i + 1 < lowered.size() && (lowered[i + 1] == '+' || lowered[i + 1] == '-'))
                cleaned += lowered[++i];
        } else {
            return invalid();
        }
    }
    if (!sawDigit || (sawExponent && !exponentDigits)) return invalid();
    double value = 0;
    const auto parsed = std::from_chars(cleaned.data(), cleaned.data() + cleaned.size(), value);
    if (parsed.ec == std::errc::result_out_of_range) {
        // Past the double range: CPython's strtod gives inf, or 0 for a tiny exponent.
        const std::size_t exponentAt = cleaned.find('e');
        const bool tiny = exponentAt != std::string::npos && exponentAt + 1 < cleaned.size() &&
                          cleaned[exponentAt + 1] == '-';
        value = tiny ? 0.0 : std::numeric_limits<double>::infinity();
    } else if (parsed.ec != std::errc() || parsed.ptr != cleaned.data() + cleaned.size()) {
        return invalid();
    }
    return Value::real(negative ? -value : value);
}

}  // namespace mlsyslab::pyvm
