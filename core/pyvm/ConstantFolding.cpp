#include "pyvm/ConstantFolding.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "pyvm/SourceCharacters.h"

namespace mlsyslab::pyvm::folding {
namespace {

using ast::BinaryOperator;
using Int = std::int64_t;

// ast_opt.c's limits on what folding may build.
constexpr int kMaxIntBits = 128;
constexpr Int kMaxCollectionSize = 256;
constexpr Int kMaxStringSize = 4096;
constexpr Int kMaxTotalItems = 1024;

std::optional<Int> asInt(const Constant& constant) {  // bool counts as int, as in Python
    if (const auto* value = std::get_if<Int>(&constant.value)) return *value;
    if (const auto* flag = std::get_if<bool>(&constant.value)) return *flag ? 1 : 0;
    return std::nullopt;
}

// int to float rounds to nearest, as Python's float(int) does.
std::optional<double> asFloat(const Constant& constant) {
    if (const auto* value = std::get_if<double>(&constant.value)) return *value;
    if (auto integer = asInt(constant)) return static_cast<double>(*integer);
    return std::nullopt;
}

// int / int, correctly rounded like Python's long_true_divide: the quotient is taken to at least
// 55 bits with a sticky bit for the remainder, so converting it rounds once, to nearest even.
double trueDivide(Int a, Int b) {
    const bool negative = (a < 0) != (b < 0);
    using Wide = unsigned __int128;
    const Wide dividend = a < 0 ? Wide(0 - static_cast<std::uint64_t>(a)) : Wide(static_cast<std::uint64_t>(a));
    const Wide divisor = b < 0 ? Wide(0 - static_cast<std::uint64_t>(b)) : Wide(static_cast<std::uint64_t>(b));
    if (dividend == 0) return negative ? -0.0 : 0.0;
    int shift = 0;
    Wide quotient = dividend / divisor;
    // Scale so the quotient has 55 to 63 bits: enough below double's 53 for exact rounding.
    while (quotient < (Wide(1) << 55)) {
        ++shift;
        quotient = (dividend << shift) / divisor;
    }
    const bool inexact = (dividend << shift) % divisor != 0;
    const auto bits = static_cast<std::uint64_t>(quotient) | (inexact ? 1u : 0u);
    const double magnitude = std::ldexp(static_cast<double>(bits), -shift);
    return negative ? -magnitude : magnitude;
}

int bitLength(Int value) {
    std::uint64_t magnitude = value < 0 ? 0 - static_cast<std::uint64_t>(value) : static_cast<std::uint64_t>(value);
    int bits = 0;
    while (magnitude != 0) {
        ++bits;
        magnitude >>= 1;
    }
    return bits;
}

Constant make(Int value) { return Constant{value}; }
Constant make(double value) { return Constant{value}; }

Int floorMod(Int a, Int b) {
    Int remainder = a % b;
    if (remainder != 0 && ((remainder < 0) != (b < 0))) remainder += b;
    return remainder;
}

std::optional<Constant> integerPower(Int base, Int exponent) {
    if (exponent < 0) {
        if (base == 0) return std::nullopt;  // ZeroDivisionError
        return make(std::pow(static_cast<double>(base), static_cast<double>(exponent)));
    }
    if (base != 0 && exponent > 0 && bitLength(base) > kMaxIntBits / exponent) return std::nullopt;
    // 0, 1 and -1 stay small for any exponent; other bases overflow within 63 steps.
    if (base == 0) return make(Int{exponent == 0 ? 1 : 0});
    if (base == 1) return make(Int{1});
    if (base == -1) return make(Int{exponent % 2 == 0 ? 1 : -1});
    Int result = 1;
    for (Int step = 0; step < exponent; ++step) {
        if (__builtin_mul_overflow(result, base, &result)) return std::nullopt;
    }
    return make(result);
}

std::optional<Constant> integerBinary(BinaryOperator op, Int a, Int b, bool bothBool) {
    Int result = 0;
    switch (op) {
        case BinaryOperator::Add:
            if (__builtin_add_overflow(a, b, &result)) return std::nullopt;
            return make(result);
        case BinaryOperator::Sub:
            if (__builtin_sub_overflow(a, b, &result)) return std::nullopt;
            return make(result);
        case BinaryOperator::Mult:
            if (a != 0 && b != 0 && bitLength(a) + bitLength(b) > kMaxIntBits) return std::nullopt;
            if (__builtin_mul_overflow(a, b, &result)) return std::nullopt;
            return make(result);
        case BinaryOperator::Div:
            if (b == 0) return std::nullopt;
            return make(trueDivide(a, b));
        case BinaryOperator::FloorDiv:
            if (b == 0 || (a == std::numeric_limits<Int>::min() && b == -1)) return std::nullopt;
            return make((a - floorMod(a, b)) / b);
        case BinaryOperator::Mod:
            if (b == 0) return std::nullopt;
            if (b == -1) return make(Int{0});
            return make(floorMod(a, b));
        case BinaryOperator::Pow:
            return integerPower(a, b);
        case BinaryOperator::LShift:
            if (b < 0) return std::nullopt;
            if (a == 0) return make(Int{0});
            if (b > kMaxIntBits || bitLength(a) > kMaxIntBits - b || bitLength(a) + b > 63) return std::nullopt;
            return make(static_cast<Int>(static_cast<std::uint64_t>(a) << b));
        case BinaryOperator::RShift:
            if (b < 0) return std::nullopt;
            return make(a >> (b > 63 ? 63 : b));
        case BinaryOperator::BitOr:
        case BinaryOperator::BitXor:
        case BinaryOperator::BitAnd: {
            result = op == BinaryOperator::BitOr ? (a | b) : op == BinaryOperator::BitXor ? (a ^ b) : (a & b);
            if (bothBool) return Constant{result != 0};  // True & False is a bool
            return make(result);
        }
        case BinaryOperator::MatMult:
            return std::nullopt;
    }
    return std::nullopt;
}

std::optional<Constant> floatBinary(BinaryOperator op, double a, double b) {
    switch (op) {
        case BinaryOperator::Add:
            return make(a + b);
        case BinaryOperator::Sub:
            return make(a - b);
        case BinaryOperator::Mult:
            return make(a * b);
        case BinaryOperator::Div:
            if (b == 0.0) return std::nullopt;
            return make(a / b);
        case BinaryOperator::Mod:
        case BinaryOperator::FloorDiv: {
            if (b == 0.0) return std::nullopt;
            // float_divmod in floatobject.c
            double mod = std::fmod(a, b);
            double div = (a - mod) / b;
            if (mod != 0.0) {
                if ((b < 0) != (mod < 0)) {
                    mod += b;
                    div -= 1.0;
                }
            } else {
                mod = std::copysign(0.0, b);
            }
            if (op == BinaryOperator::Mod) return make(mod);
            double floorDiv = 0.0;
            if (div != 0.0) {
                floorDiv = std::floor(div);
                if (div - floorDiv > 0.5) floorDiv += 1.0;
            } else {
                floorDiv = std::copysign(0.0, a / b);
            }
            return make(floorDiv);
        }
        case BinaryOperator::Pow: {
            if (b == 0.0) return make(1.0);
            if (a == 0.0 && b < 0.0) return std::nullopt;                         // ZeroDivisionError
            if (a < 0.0 && std::isfinite(b) && b != std::floor(b)) return std::nullopt;  // complex
            const double result = std::pow(a, b);
            if (std::isinf(result) && std::isfinite(a) && std::isfinite(b)) return std::nullopt;  // OverflowError
            return make(result);
        }
        default:
            return std::nullopt;  // shifts and bit operations refuse floats
    }
}

// Code points in a UTF-8 string (Python's len()).
std::size_t codePointCount(const std::string& utf8) {
    std::size_t count = 0;
    for (const char byte : utf8) {
        if (!isUtf8Continuation(byte)) ++count;
    }
    return count;
}

// check_complexity: the items a nested tuple holds, all levels counted.
bool withinComplexity(const Constant::Tuple& tuple, Int& limit) {
    limit -= static_cast<Int>(tuple.size());
    for (const auto& item : tuple) {
        if (limit < 0) return false;
        if (const auto* inner = std::get_if<Constant::Tuple>(&item.value)) {
            if (!withinComplexity(*inner, limit)) return false;
        }
    }
    return limit >= 0;
}

std::optional<Constant> repeatSequence(const Constant& sequence, Int count) {
    if (const auto* text = std::get_if<std::string>(&sequence.value)) {
        const Int length = static_cast<Int>(codePointCount(*text));
        if (length == 0) return Constant{std::string()};
        if (count < 0 || count > kMaxStringSize / length) return std::nullopt;
        std::string result;
        for (Int copy = 0; copy < count; ++copy) result += *text;
        return Constant{result};
    }
    if (const auto* tuple = std::get_if<Constant::Tuple>(&sequence.value)) {
        const Int size = static_cast<Int>(tuple->size());
        if (size == 0) return Constant{Constant::Tuple{}};
        if (count < 0 || count > kMaxCollectionSize / size) return std::nullopt;
        Int limit = count == 0 ? 0 : kMaxTotalItems / count;
        if (count != 0 && !withinComplexity(*tuple, limit)) return std::nullopt;
        Constant::Tuple result;
        for (Int copy = 0; copy < count; ++copy) result.insert(result.end(), tuple->begin(), tuple->end());
        return Constant{result};
    }
    return std::nullopt;
}

}  // namespace

std::optional<Constant> binary(BinaryOperator op, const Constant& left, const Constant& right) {
    const bool leftIsFloat = std::holds_alternative<double>(left.value);
    const bool rightIsFloat = std::holds_alternative<double>(right.value);
    const auto leftInt = asInt(left);
    const auto rightInt = asInt(right);
    if (leftInt && rightInt) {
        const bool bothBool = std::holds_alternative<bool>(left.value) && std::holds_alternative<bool>(right.value);
        return integerBinary(op, *leftInt, *rightInt, bothBool);
    }
    if ((leftIsFloat || leftInt) && (rightIsFloat || rightInt)) {
        const auto a = asFloat(left);
        const auto b = asFloat(right);
        if (!a || !b) return std::nullopt;
        return floatBinary(op, *a, *b);
    }
    const auto* leftText = std::get_if<std::string>(&left.value);
    const auto* rightText = std::get_if<std::string>(&right.value);
    const auto* leftTuple = std::get_if<Constant::Tuple>(&left.value);
    const auto* rightTuple = std::get_if<Constant::Tuple>(&right.value);
    if (op == BinaryOperator::Add) {
        if (leftText && rightText) return Constant{*leftText + *rightText};
        if (leftTuple && rightTuple) {
            Constant::Tuple joined = *leftTuple;
            joined.insert(joined.end(), rightTuple->begin(), rightTuple->end());
            return Constant{joined};
        }
    }
    if (op == BinaryOperator::Mult) {
        if (leftInt && (rightText || rightTuple)) return repeatSequence(right, *leftInt);
        if (rightInt && (leftText || leftTuple)) return repeatSequence(left, *rightInt);
    }
    return std::nullopt;
}

std::optional<Constant> unary(ast::UnaryOperator op, const Constant& operand) {
    if (op == ast::UnaryOperator::Not) return Constant{!isTrue(operand)};
    if (auto integer = asInt(operand)) {
        switch (op) {
            case ast::UnaryOperator::UAdd:
                return make(*integer);
            case ast::UnaryOperator::USub:
                if (*integer == std::numeric_limits<Int>::min()) return std::nullopt;
                return make(-*integer);
            case ast::UnaryOperator::Invert:
                return make(~*integer);
            default:
                return std::nullopt;
        }
    }
    if (const auto* value = std::get_if<double>(&operand.value)) {
        if (op == ast::UnaryOperator::UAdd) return make(*value);
        if (op == ast::UnaryOperator::USub) return make(-*value);
    }
    return std::nullopt;
}

std::optional<Constant> subscript(const Constant& value, const Constant& index) {
    const auto position = asInt(index);
    if (!position) return std::nullopt;
    if (const auto* tuple = std::get_if<Constant::Tuple>(&value.value)) {
        const Int size = static_cast<Int>(tuple->size());
        const Int at = *position < 0 ? *position + size : *position;
        if (at < 0 || at >= size) return std::nullopt;
        return (*tuple)[static_cast<std::size_t>(at)];
    }
    if (const auto* text = std::get_if<std::string>(&value.value)) {
        // Index by code point, as Python's str does.
        std::vector<std::string> characters;
        for (std::size_t byte = 0; byte < text->size();) {
            const auto decoded = decodeCharacter(*text, byte);
            characters.push_back(text->substr(byte, decoded.lengthBytes));
            byte += decoded.lengthBytes;
        }
        const Int size = static_cast<Int>(characters.size());
        const Int at = *position < 0 ? *position + size : *position;
        if (at < 0 || at >= size) return std::nullopt;
        return Constant{characters[static_cast<std::size_t>(at)]};
    }
    return std::nullopt;
}

bool isTrue(const Constant& constant) {
    return std::visit(
        [](const auto& value) -> bool {
            using Type = std::decay_t<decltype(value)>;
            if constexpr (std::is_same_v<Type, Constant::None>) {
                return false;
            } else if constexpr (std::is_same_v<Type, Constant::Ellipsis>) {
                return true;
            } else if constexpr (std::is_same_v<Type, bool>) {
                return value;
            } else if constexpr (std::is_same_v<Type, std::int64_t>) {
                return value != 0;
            } else if constexpr (std::is_same_v<Type, double>) {
                return value != 0.0;
            } else if constexpr (std::is_same_v<Type, std::string> || std::is_same_v<Type, Constant::Tuple>) {
                return !value.empty();
            } else {
                return true;
            }
        },
        constant.value);
}

}  // namespace mlsyslab::pyvm::folding
