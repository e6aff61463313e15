#include "numeric/ExactDecimal.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

namespace mlsyslab::numeric {

namespace {

int digitValue(char digit) { return digit - '0'; }
char digitCharacter(int value) { return static_cast<char>('0' + value); }

// digits x factor, for a small factor (2 or 5), in place.
void multiplyDigits(std::string& digits, int factor) {
    int carry = 0;
    for (auto position = digits.rbegin(); position != digits.rend(); ++position) {
        const int product = digitValue(*position) * factor + carry;
        *position = digitCharacter(product % 10);
        carry = product / 10;
    }
    if (carry != 0) digits.insert(digits.begin(), digitCharacter(carry));
}

// The two numbers' digits with the same count after the point and the same length, so that
// digit i of one lines up with digit i of the other.
struct AlignedDigits {
    std::string left;
    std::string right;
    long long fractionDigitCount = 0;
};

AlignedDigits align(std::string left, long long leftFraction, std::string right,
                    long long rightFraction) {
    const long long fractionDigitCount = std::max(leftFraction, rightFraction);
    left.append(static_cast<std::size_t>(fractionDigitCount - leftFraction), '0');
    right.append(static_cast<std::size_t>(fractionDigitCount - rightFraction), '0');
    const std::size_t length = std::max(left.size(), right.size());
    left.insert(0, length - left.size(), '0');
    right.insert(0, length - right.size(), '0');
    return {std::move(left), std::move(right), fractionDigitCount};
}

}  // namespace

ExactDecimal ExactDecimal::fromDyadic(bool negative, std::uint64_t magnitude, int fractionBits) {
    // magnitude / 2^n = magnitude x 5^n / 10^n.
    ExactDecimal number;
    number.negative_ = negative;
    number.digits_ = std::to_string(magnitude);
    for (int step = 0; step < fractionBits; ++step) multiplyDigits(number.digits_, 5);
    number.fractionDigitCount_ = fractionBits;
    number.normalize();
    return number;
}

ExactDecimal ExactDecimal::fromDecimal(const DecimalNumber& decimal) {
    ExactDecimal number;
    number.negative_ = decimal.negative;
    number.digits_ = std::string(decimal.integerDigits).append(decimal.fractionDigits);
    if (number.digits_.empty()) number.digits_.push_back('0');  // a default DecimalNumber
    number.fractionDigitCount_ =
        static_cast<long long>(decimal.fractionDigits.size()) - decimal.exponent;
    if (number.fractionDigitCount_ < 0) {
        number.digits_.append(static_cast<std::size_t>(-number.fractionDigitCount_), '0');
        number.fractionDigitCount_ = 0;
    }
    number.normalize();
    return number;
}

void ExactDecimal::normalize() {
    const std::size_t firstNonZero = digits_.find_first_not_of('0');
    if (firstNonZero == std::string::npos) {
        *this = ExactDecimal();
        return;
    }
    digits_.erase(0, firstNonZero);
    while (fractionDigitCount_ > 0 && digits_.back() == '0') {
        digits_.pop_back();
        --fractionDigitCount_;
    }
}

ExactDecimal ExactDecimal::timesPowerOfTwo(int exponent) const {
    ExactDecimal product = *this;
    for (int step = 0; step < exponent; ++step) multiplyDigits(product.digits_, 2);
    product.normalize();
    return product;
}

ExactDecimal ExactDecimal::negated() const {
    ExactDecimal negation = *this;
    negation.negative_ = !negative_ && !isZero();
    return negation;
}

int ExactDecimal::compareMagnitudes(const ExactDecimal& left, const ExactDecimal& right) {
    const AlignedDigits aligned =
        align(left.digits_, left.fractionDigitCount_, right.digits_, right.fractionDigitCount_);
    const int order = aligned.left.compare(aligned.right);  // same length: digit order
    return order < 0 ? -1 : (order > 0 ? 1 : 0);
}

ExactDecimal ExactDecimal::addMagnitudes(const ExactDecimal& left, const ExactDecimal& right) {
    AlignedDigits aligned =
        align(left.digits_, left.fractionDigitCount_, right.digits_, right.fractionDigitCount_);
    ExactDecimal sum;
    sum.digits_ = std::move(aligned.left);
    int carry = 0;
    for (std::size_t index = sum.digits_.size(); index-- > 0;) {
        const int digitSum =
            digitValue(sum.digits_[index]) + digitValue(aligned.right[index]) + carry;
        sum.digits_[index] = digitCharacter(digitSum % 10);
        carry = digitSum / 10;
    }
    if (carry != 0) sum.digits_.insert(sum.digits_.begin(), digitCharacter(carry));
    sum.fractionDigitCount_ = aligned.fractionDigitCount;
    sum.normalize();
    return sum;
}

ExactDecimal ExactDecimal::subtractMagnitudes(const ExactDecimal& larger,
                                              const ExactDecimal& smaller) {
    AlignedDigits aligned = align(larger.digits_, larger.fractionDigitCount_, smaller.digits_,
                                  smaller.fractionDigitCount_);
    ExactDecimal difference;
    difference.digits_ = std::move(aligned.left);
    int borrow = 0;
    for (std::size_t index = difference.digits_.size(); index-- > 0;) {
        int digit =
            digitValue(difference.digits_[index]) - digitValue(aligned.right[index]) - borrow;
        borrow = digit < 0 ? 1 : 0;
        difference.digits_[index] = digitCharacter(digit + 10 * borrow);
    }
    difference.fractionDigitCount_ = aligned.fractionDigitCount;
    difference.normalize();
    return difference;
}

ExactDecimal operator+(const ExactDecimal& left, const ExactDecimal& right) {
    // Zero first: aligning a tiny number (1e-900) with a whole one would write 900 zeros.
    if (right.isZero()) return left;
    if (left.isZero()) return right;
    if (left.negative_ == right.negative_) {
        ExactDecimal sum = ExactDecimal::addMagnitudes(left, right);
        sum.negative_ = left.negative_;
        return sum;
    }
    const int order = ExactDecimal::compareMagnitudes(left, right);
    if (order == 0) return ExactDecimal();
    const ExactDecimal& larger = order > 0 ? left : right;
    const ExactDecimal& smaller = order > 0 ? right : left;
    ExactDecimal difference = ExactDecimal::subtractMagnitudes(larger, smaller);
    difference.negative_ = larger.negative_;
    return difference;
}

ExactDecimal operator-(const ExactDecimal& left, const ExactDecimal& right) {
    return left + right.negated();
}

std::string ExactDecimal::wholeDigits() const {
    const auto length = static_cast<long long>(digits_.size());
    if (fractionDigitCount_ >= length) return "0";
    return digits_.substr(0, static_cast<std::size_t>(length - fractionDigitCount_));
}

int ExactDecimal::compareFractionWithHalf() const {
    if (fractionDigitCount_ == 0) return -1;
    const auto length = static_cast<long long>(digits_.size());
    if (fractionDigitCount_ > length) return -1;  // starts 0.0...
    const char firstFractionDigit = digits_[static_cast<std::size_t>(length - fractionDigitCount_)];
    if (firstFractionDigit != '5') return firstFractionDigit < '5' ? -1 : 1;
    // No trailing zeros are kept, so any digit after the 5 makes it more than a half.
    return fractionDigitCount_ == 1 ? 0 : 1;
}

std::string ExactDecimal::text() const {
    std::string text = negative_ ? "-" : "";
    const auto length = static_cast<long long>(digits_.size());
    const long long leadingZeros = fractionDigitCount_ - length;
    if (leadingZeros > kMaxLeadingZeros) {
        // 0.000...00015 as 1.5e-30: the same number, readable.
        text += digits_.front();
        if (length > 1) text.append(".").append(digits_, 1);
        return text.append("e-").append(std::to_string(leadingZeros + 1));
    }
    text += wholeDigits();
    if (fractionDigitCount_ > 0) {
        text += '.';
        if (leadingZeros > 0) text.append(static_cast<std::size_t>(leadingZeros), '0');
        text.append(digits_, static_cast<std::size_t>(std::max(0LL, -leadingZeros)));
    }
    return text;
}

double ExactDecimal::toDouble() const {
    // from_chars, not strtod: strtod reads the locale's decimal point (a ',' in much of Europe,
    // and QApplication adopts the user's locale).
    const std::string digits = text();
    double value = 0.0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    (void)end;
    if (error == std::errc::result_out_of_range) {
        const bool large = fractionDigitCount_ < static_cast<long long>(digits_.size());
        value = large ? std::numeric_limits<double>::infinity() : 0.0;
        return negative_ ? -value : value;
    }
    return value;
}

}  // namespace mlsyslab::numeric
