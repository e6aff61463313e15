#include "pyvm/NumberLiteral.h"

#include "common/Concat.h"
#include "pyvm/SourceCharacters.h"

namespace mlsyslab::pyvm {
namespace {

class NumberScanner {
public:
    NumberScanner(std::string_view text, std::size_t start) : text_(text), start_(start) {
        position_ = start;
    }

    NumberScan scan() {
        const char marker = static_cast<char>(peek(1) | 0x20);  // ASCII lower case
        if (peek() == '0' && (marker == 'x' || marker == 'o' || marker == 'b')) {
            return scanPrefixed(marker == 'x' ? 16 : marker == 'o' ? 8 : 2);
        }
        return scanDecimal();
    }

private:
    char peek(std::size_t ahead = 0) const {
        return position_ + ahead < text_.size() ? text_[position_ + ahead] : '\0';
    }
    int distance() const { return static_cast<int>(position_ - start_); }
    bool identifierFollows() const {
        return isIdentifierContinue(static_cast<unsigned char>(peek()));
    }

    NumberScan valid() const { return NumberScan{position_ - start_, "", 0}; }
    NumberScan invalid(std::string message, int offsetFromStart) const {
        return NumberScan{position_ - start_, std::move(message), offsetFromStart};
    }

    // Digits of `base` with single underscores between them.
    void readDigits(int base) {
        while (true) {
            if (isDigitOfBase(peek(), base)) {
                ++position_;
            } else if (peek() == '_' && isDigitOfBase(peek(1), base)) {
                position_ += 2;
            } else {
                return;
            }
        }
    }

    NumberScan scanPrefixed(int base) {
        position_ += 2;
        if (peek() == '_') ++position_;
        const std::size_t digitsStart = position_;
        readDigits(base);
        if (base != 16 && isDigit(peek())) {
            const std::string_view name = base == 8 ? "octal" : "binary";
            return invalid(
                concat("invalid digit '", std::string(1, peek()), "' in ", name, " literal"),
                distance() + 1);
        }
        if (position_ == digitsStart || peek() == '_' || identifierFollows()) {
            const std::string_view name = base == 16  ? "hexadecimal"
                                          : base == 8 ? "octal"
                                                      : "binary";
            return invalid(concat("invalid ", name, " literal"), distance());
        }
        return valid();
    }

    NumberScan scanDecimal() {
        readDigits(10);
        const bool integer = peek() != '.' && (peek() | 0x20) != 'e' && (peek() | 0x20) != 'j';
        const std::string_view digits = text_.substr(start_, position_ - start_);
        if (integer && digits.size() > 1 && digits[0] == '0' &&
            digits.find_first_not_of("0_") != std::string_view::npos) {
            return invalid(
                "leading zeros in decimal integer literals are not permitted; use an 0o prefix for "
                "octal integers",
                1);
        }
        if (peek() == '.') {
            ++position_;
            readDigits(10);
        }
        if ((peek() | 0x20) == 'e') {
            ++position_;
            if (peek() == '+' || peek() == '-') ++position_;
            if (!isDigit(peek())) return invalid("invalid decimal literal", 1);
            readDigits(10);
        }
        if ((peek() | 0x20) == 'j') {
            return invalid("imaginary numbers are not supported by the lesson VM", 1);
        }
        // CPython points at a stray underscore, but at the literal's start for a trailing letter.
        if (peek() == '_') return invalid("invalid decimal literal", distance() + 1);
        if (identifierFollows()) return invalid("invalid decimal literal", 1);
        return valid();
    }

    std::string_view text_;
    std::size_t start_;
    std::size_t position_;
};

}  // namespace

NumberScan scanNumber(std::string_view text, std::size_t start) {
    return NumberScanner(text, start).scan();
}

}  // namespace mlsyslab::pyvm
