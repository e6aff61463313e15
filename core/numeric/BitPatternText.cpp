#include "numeric/BitPatternText.h"

#include <bit>
#include <optional>
#include <string>

#include "common/Concat.h"

namespace mlsyslab::numeric {

namespace {

bool isSpace(char character) { return character == ' ' || character == '\t'; }

std::string_view trimmed(std::string_view text) {
    while (!text.empty() && isSpace(text.front())) text.remove_prefix(1);
    while (!text.empty() && isSpace(text.back())) text.remove_suffix(1);
    return text;
}

std::string quoted(std::string_view text) { return concat("'", text, "'"); }

std::string bitsPhrase(int width) {
    return concat(std::to_string(width), width == 1 ? " bit" : " bits");
}

std::string unsignedRange(int width) {
    return concat("0 to ", std::to_string(BitPattern::maxUnsigned(width)));
}

std::string signedRange(int width) {
    return concat(std::to_string(BitPattern::minSigned(width)), " to ",
                  std::to_string(BitPattern::maxSigned(width)));
}

// The magnitude of a run of decimal digits, or nothing when it passes 2^64 - 1 (which fits no
// supported width anyway, so the caller reports "does not fit").
std::optional<std::uint64_t> decimalMagnitude(std::string_view digits) {
    std::uint64_t magnitude = 0;
    for (const char digit : digits) {
        const std::uint64_t digitValue = static_cast<std::uint64_t>(digit - '0');
        if (magnitude > (UINT64_MAX - digitValue) / 10) return std::nullopt;
        magnitude = magnitude * 10 + digitValue;
    }
    return magnitude;
}

// The first character that is not a decimal digit, for "'x' is not a digit" messages.
std::optional<char> firstNonDigit(std::string_view digits) {
    for (const char character : digits) {
        if (character < '0' || character > '9') return character;
    }
    return std::nullopt;
}

std::string notDecimalMessage(std::string_view text, char offending) {
    if (offending == '.' || offending == ',') {
        return concat(quoted(text), " is not a whole number: bit patterns hold integers only");
    }
    return concat(quoted(text), " is not a decimal number: '", std::string(1, offending),
                  "' is not a digit 0-9");
}

int digitValue(char character, int base) {
    int value = -1;
    if (character >= '0' && character <= '9') value = character - '0';
    if (character >= 'a' && character <= 'f') value = character - 'a' + 10;
    if (character >= 'A' && character <= 'F') value = character - 'A' + 10;
    return value < base ? value : -1;
}

// Digits of `base` (2 or 16) with an optional prefix ("0x" / "0b"), where spaces and '_' may
// group digits ("0100 0001", "0b0100_0001"), as students and datasheets write them.
Result<BitPattern> parseGroupedDigits(std::string_view original, int width, int base) {
    const int bitsPerDigit = base == 16 ? 4 : 1;
    const std::string baseName = base == 16 ? "hex" : "binary";
    const std::string allowedDigits = base == 16 ? "0-9 and A-F" : "0 and 1";
    const std::string_view shown = trimmed(original);
    if (shown.empty()) return Result<BitPattern>::failure(concat("type a ", baseName, " number"));

    const std::string separatorMessage = concat(quoted(shown), " is not a ", baseName,
                                                " number: spaces and '_' may only separate digits");
    std::string_view text = shown;
    const std::string_view lowerPrefix = base == 16 ? "0x" : "0b";
    const std::string_view upperPrefix = base == 16 ? "0X" : "0B";
    if (text.starts_with(lowerPrefix) || text.starts_with(upperPrefix)) text.remove_prefix(2);
    std::uint64_t value = 0;
    int significantBits = 0;
    int digitCount = 0;
    bool lastWasSeparator = true;  // a separator may not start the digits
    for (const char character : text) {
        if (isSpace(character) || character == '_') {
            if (lastWasSeparator) {
                return Result<BitPattern>::failure(separatorMessage);
            }
            lastWasSeparator = true;
            continue;
        }
        const int digit = digitValue(character, base);
        if (digit < 0) {
            return Result<BitPattern>::failure(concat(
                quoted(shown), " is not a ", baseName, " number: '", std::string(1, character),
                "' is not a ", baseName, " digit (", allowedDigits, ")"));
        }
        lastWasSeparator = false;
        ++digitCount;
        if (significantBits == 0 && digit == 0) continue;  // leading zeros never overflow
        significantBits = significantBits == 0 ? std::bit_width(static_cast<unsigned>(digit))
                                               : significantBits + bitsPerDigit;
        if (significantBits <= 64) value = (value << bitsPerDigit) | static_cast<unsigned>(digit);
    }
    if (digitCount == 0) {
        return Result<BitPattern>::failure(concat(quoted(shown), " has no ", baseName, " digits"));
    }
    if (lastWasSeparator) {
        return Result<BitPattern>::failure(separatorMessage);
    }
    if (significantBits > width) {
        const std::string largest =
            base == 16 ? BitPattern(width, BitPattern::mask(width)).hex() : std::string(width, '1');
        return Result<BitPattern>::failure(
            concat(quoted(shown), " needs ", bitsPhrase(significantBits), ", more than ",
                   bitsPhrase(width), " hold (largest: ", largest, ")"));
    }
    return BitPattern(width, value);
}

}  // namespace

Result<BitPattern> parseUnsignedText(std::string_view original, int width) {
    const std::string_view shown = trimmed(original);
    if (shown.empty())
        return Result<BitPattern>::failure(concat("type a number from ", unsignedRange(width)));
    std::string_view digits = shown;
    const bool negative = digits.front() == '-';
    if (negative || digits.front() == '+') digits.remove_prefix(1);
    if (digits.empty()) return Result<BitPattern>::failure(concat(quoted(shown), " has no digits"));
    if (const auto offending = firstNonDigit(digits)) {
        return Result<BitPattern>::failure(notDecimalMessage(shown, *offending));
    }
    const auto magnitude = decimalMagnitude(digits);
    if (negative && magnitude != 0U) {
        return Result<BitPattern>::failure(concat(shown, " is negative: unsigned ",
                                                  bitsPhrase(width), " hold ", unsignedRange(width),
                                                  " (the signed reading has negative numbers)"));
    }
    if (!magnitude || *magnitude > BitPattern::maxUnsigned(width)) {
        return Result<BitPattern>::failure(concat(digits, " does not fit in ", bitsPhrase(width),
                                                  " unsigned (", unsignedRange(width), ")"));
    }
    return BitPattern(width, *magnitude);
}

Result<BitPattern> parseSignedText(std::string_view original, int width) {
    const std::string_view shown = trimmed(original);
    if (shown.empty())
        return Result<BitPattern>::failure(concat("type a number from ", signedRange(width)));
    std::string_view text = shown;
    const bool negative = text.front() == '-';
    if (negative || text.front() == '+') text.remove_prefix(1);
    if (text.empty()) return Result<BitPattern>::failure(concat(quoted(shown), " has no digits"));
    if (const auto offending = firstNonDigit(text)) {
        return Result<BitPattern>::failure(notDecimalMessage(shown, *offending));
    }
    const auto magnitude = decimalMagnitude(text);
    // The negative side holds one more value than the positive side: -2^(w-1) .. 2^(w-1) - 1.
    const std::uint64_t largestMagnitude =
        negative ? static_cast<std::uint64_t>(BitPattern::maxSigned(width)) + 1
                 : static_cast<std::uint64_t>(BitPattern::maxSigned(width));
    if (!magnitude || *magnitude > largestMagnitude) {
        return Result<BitPattern>::failure(concat(negative ? "-" : "", text, " does not fit in ",
                                                  bitsPhrase(width), " signed (",
                                                  signedRange(width), ")"));
    }
    // Two's complement of the magnitude: 0 - m wraps to 2^64 - m, whose low bits are the pattern.
    const std::uint64_t bits = negative ? std::uint64_t{0} - *magnitude : *magnitude;
    return BitPattern(width, bits);
}

Result<BitPattern> parseHexText(std::string_view text, int width) {
    return parseGroupedDigits(text, width, 16);
}

Result<BitPattern> parseBinaryText(std::string_view text, int width) {
    return parseGroupedDigits(text, width, 2);
}

}  // namespace mlsyslab::numeric
