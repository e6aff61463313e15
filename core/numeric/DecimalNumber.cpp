#include "numeric/DecimalNumber.h"

#include <algorithm>
#include <string>

#include "common/Concat.h"
#include "numeric/BigUnsigned.h"

namespace mlsyslab::numeric {

namespace {

bool isSpace(char character) { return character == ' ' || character == '\t' || character == '\r'; }
bool isDigit(char character) { return character >= '0' && character <= '9'; }

std::string_view trimmed(std::string_view text) {
    while (!text.empty() && isSpace(text.front())) text.remove_prefix(1);
    while (!text.empty() && isSpace(text.back())) text.remove_suffix(1);
    return text;
}

bool equalsIgnoringCase(std::string_view text, std::string_view lowerCaseWord) {
    if (text.size() != lowerCaseWord.size()) return false;
    for (std::size_t index = 0; index < text.size(); ++index) {
        const char character = text[index];
        const char lower =
            character >= 'A' && character <= 'Z' ? char(character - 'A' + 'a') : character;
        if (lower != lowerCaseWord[index]) return false;
    }
    return true;
}

std::string_view digitRun(std::string_view text, std::size_t& position) {
    const std::size_t start = position;
    while (position < text.size() && isDigit(text[position])) ++position;
    return text.substr(start, position - start);
}

Result<DecimalNumber> notANumber(std::string_view text, std::string_view why) {
    return Result<DecimalNumber>::failure(concat("'", text, "' is not a decimal number: ", why));
}

Result<DecimalNumber> unexpectedCharacter(std::string_view text, std::size_t position) {
    const std::string character(1, text[position]);
    if ((character == "x" || character == "X") && position == 1) {
        return notANumber(text, "hex is for bit patterns (float32 patterns: --from-bits)");
    }
    return notANumber(
        text, concat("unexpected '", character, "' at character ", std::to_string(position + 1)));
}

}  // namespace

bool DecimalNumber::isZero() const {
    for (const char digit : integerDigits) {
        if (digit != '0') return false;
    }
    for (const char digit : fractionDigits) {
        if (digit != '0') return false;
    }
    return true;
}

long long DecimalNumber::leadingDigitExponent() const {
    for (std::size_t index = 0; index < integerDigits.size(); ++index) {
        if (integerDigits[index] != '0') {
            return exponent + static_cast<long long>(integerDigits.size() - 1 - index);
        }
    }
    for (std::size_t index = 0; index < fractionDigits.size(); ++index) {
        if (fractionDigits[index] != '0') return exponent - static_cast<long long>(index + 1);
    }
    return 0;
}

Result<DecimalNumber> parseDecimalNumber(std::string_view original) {
    if (original.size() > DecimalNumber::kMaxTextLength) {
        return Result<DecimalNumber>::failure(
            concat("the number is too long: ", std::to_string(original.size()),
                   " characters (at most ", std::to_string(DecimalNumber::kMaxTextLength), ")"));
    }
    const std::string_view text = trimmed(original);
    if (text.empty()) {
        return Result<DecimalNumber>::failure(
            "no number: type a decimal such as 3.5, -0.1 or 1e-3");
    }

    DecimalNumber number;
    std::size_t position = 0;
    if (text[0] == '+' || text[0] == '-') {
        number.negative = text[0] == '-';
        ++position;
    }
    const std::string_view body = text.substr(position);
    if (equalsIgnoringCase(body, "inf") || equalsIgnoringCase(body, "infinity")) {
        number.kind = DecimalNumber::Kind::Infinity;
        return number;
    }
    if (equalsIgnoringCase(body, "nan")) {
        number.kind = DecimalNumber::Kind::Nan;
        return number;
    }

    number.unsignedText = body;
    number.integerDigits = digitRun(text, position);
    if (position < text.size() && text[position] == '.') {
        ++position;
        number.fractionDigits = digitRun(text, position);
    }
    if (number.integerDigits.empty() && number.fractionDigits.empty()) {
        return notANumber(text, "expected digits, inf or nan");
    }
    if (position < text.size() && (text[position] == 'e' || text[position] == 'E')) {
        ++position;
        bool negativeExponent = false;
        if (position < text.size() && (text[position] == '+' || text[position] == '-')) {
            negativeExponent = text[position] == '-';
            ++position;
        }
        const std::string_view exponentDigits = digitRun(text, position);
        if (exponentDigits.empty()) return notANumber(text, "the exponent has no digits");
        long long exponent = 0;
        for (const char digit : exponentDigits) {
            exponent = std::min(exponent * 10 + (digit - '0'), DecimalNumber::kExponentLimit);
        }
        number.exponent = negativeExponent ? -exponent : exponent;
    }
    if (position < text.size()) return unexpectedCharacter(text, position);
    return number;
}

int compareMagnitudeWithBinary(const DecimalNumber& decimal, std::uint64_t significand,
                               int binaryExponent) {
    // decimal = digits x 10^decimalExponent = digits x 5^decimalExponent x 2^decimalExponent.
    // Move every power of five to one side and every power of two to the side with the smaller
    // one, then compare two integers.
    BigUnsigned decimalSide;
    decimalSide.appendDecimalDigits(decimal.integerDigits);
    decimalSide.appendDecimalDigits(decimal.fractionDigits);
    const long long decimalExponent =
        decimal.exponent - static_cast<long long>(decimal.fractionDigits.size());
    BigUnsigned binarySide(significand);
    if (decimalExponent >= 0) {
        decimalSide.multiplyByPowerOfFive(static_cast<int>(decimalExponent));
    } else {
        binarySide.multiplyByPowerOfFive(static_cast<int>(-decimalExponent));
    }
    const long long commonTwos = std::min<long long>(decimalExponent, binaryExponent);
    decimalSide.shiftLeft(static_cast<int>(decimalExponent - commonTwos));
    binarySide.shiftLeft(static_cast<int>(binaryExponent - commonTwos));

    const auto order = decimalSide <=> binarySide;
    if (order < 0) return -1;
    return order > 0 ? 1 : 0;
}

}  // namespace mlsyslab::numeric
