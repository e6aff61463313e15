#include "pyvm/NumberValue.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <limits>
#include <string>

namespace mlsyslab::pyvm {
namespace {

constexpr std::string_view tooLargeMessage =
    "integer literal too large for the lesson VM (64-bit ints)";

std::string withoutUnderscores(std::string_view literal) {
    std::string digits;
    for (const char character : literal) {
        if (character != '_') digits.push_back(character);
    }
    return digits;
}

Result<Constant> integerValue(const std::string& digits) {
    int base = 10;
    std::size_t start = 0;
    if (digits.size() > 1 && digits[0] == '0') {
        const char marker = static_cast<char>(digits[1] | 0x20);  // ASCII lower case
        base = marker == 'x' ? 16 : marker == 'o' ? 8 : marker == 'b' ? 2 : 10;
        if (base != 10) start = 2;
    }
    std::int64_t value = 0;
    const char* first = digits.data() + start;
    const char* last = digits.data() + digits.size();
    const auto [end, status] = std::from_chars(first, last, value, base);
    if (status == std::errc::result_out_of_range) {
        return Result<Constant>::failure(std::string(tooLargeMessage));
    }
    if (status != std::errc() || end != last) {
        return Result<Constant>::failure("invalid integer literal");
    }
    return Constant{value};
}

// Whether a float literal too large or too small for a double is an overflow (Python gives inf)
// or an underflow (Python gives 0.0): the decimal exponent of its first significant digit decides.
bool overflows(const std::string& digits) {
    const std::size_t exponentMarker = digits.find_first_of("eE");
    const std::string mantissa = digits.substr(0, exponentMarker);
    long exponent = 0;
    if (exponentMarker != std::string::npos) {
        std::from_chars(digits.data() + exponentMarker + 1 + (digits[exponentMarker + 1] == '+'),
                        digits.data() + digits.size(), exponent);
    }
    const std::size_t point = std::min(mantissa.find('.'), mantissa.size());
    const std::size_t firstSignificant = mantissa.find_first_of("123456789");
    if (firstSignificant == std::string::npos) return false;
    const long position = firstSignificant < point
                              ? static_cast<long>(point - firstSignificant)
                              : -static_cast<long>(firstSignificant - point - 1);
    return position + exponent > 0;
}

Result<Constant> floatValue(const std::string& digits) {
    double value = 0;
    const char* last = digits.data() + digits.size();
    const auto [end, status] =
        std::from_chars(digits.data(), last, value, std::chars_format::general);
    if (status == std::errc::result_out_of_range) {
        return Constant{overflows(digits) ? std::numeric_limits<double>::infinity() : 0.0};
    }
    if (status != std::errc() || end != last) {
        return Result<Constant>::failure("invalid float literal");
    }
    return Constant{value};
}

}  // namespace

Result<Constant> numberValue(std::string_view literal) {
    const std::string digits = withoutUnderscores(literal);
    const bool prefixed = digits.size() > 1 && digits[0] == '0' &&
                          std::string_view("xXoObB").find(digits[1]) != std::string_view::npos;
    if (!prefixed && digits.find_first_of(".eE") != std::string::npos) return floatValue(digits);
    return integerValue(digits);
}

}  // namespace mlsyslab::pyvm
