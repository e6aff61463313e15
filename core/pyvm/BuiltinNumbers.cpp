#include <charconv>
#include <cmath>
#include <string>

#include "common/Concat.h"
#include "pyvm/Arguments.h"
#include "pyvm/BuiltinFunctions.h"
#include "pyvm/NumberParsing.h"
#include "pyvm/Numbers.h"
#include "pyvm/Operations.h"

// abs, round, divmod, pow, and the int and float constructors.
namespace mlsyslab::pyvm::builtins {
namespace {

using Arguments = CallArguments;

// floatobject.c's double_round limits: past these, rounding changes nothing (or gives zero).
constexpr std::int64_t kMostDigits = 323;
constexpr std::int64_t kFewestDigits = -308;

std::string decimalText(double value, int precision) {
    std::string text(static_cast<std::size_t>(precision) + 400, '\0');
    const auto written = std::to_chars(text.data(), text.data() + text.size(), value,
                                       std::chars_format::fixed, precision);
    text.resize(static_cast<std::size_t>(written.ptr - text.data()));
    return text;
}

// |value| rounded, half to even, to a multiple of 10^places (places >= 1), on the exact decimal
// digits of its integer part, the fraction deciding only whether it is above the halfway point.
double roundToTens(double magnitude, int places) {
    const double whole = std::trunc(magnitude);
    const bool fraction = magnitude != whole;
    std::string digits = decimalText(whole, 0);
    if (digits.size() < static_cast<std::size_t>(places) + 1) {
        digits.insert(0, static_cast<std::size_t>(places) + 1 - digits.size(), '0');
    }
    const std::size_t cut = digits.size() - static_cast<std::size_t>(places);
    const std::string lower = digits.substr(cut);
    std::string upper = digits.substr(0, cut);
    const std::string half = concat("5", std::string(static_cast<std::size_t>(places) - 1, '0'));
    const int versusHalf = lower.compare(half);
    const bool roundUp =
        versusHalf > 0 || (versusHalf == 0 && (fraction || (upper.back() - '0') % 2 == 1));
    if (roundUp) {
        std::size_t i = upper.size();
        while (i > 0 && upper[i - 1] == '9') upper[--i] = '0';
        if (i == 0)
            upper = concat("1", upper);
        else
            ++upper[i - 1];
    }
    const std::string rounded = concat(upper, std::string(static_cast<std::size_t>(places), '0'));
    double result = 0;
    std::from_chars(rounded.data(), rounded.data() + rounded.size(), result);
    return result;
}

Value roundFloat(Runtime& runtime, double value, const Value* digitsArgument) {
    if (digitsArgument == nullptr || digitsArgument->kind() == Kind::None) {
        double rounded = std::round(value);
        if (std::fabs(value - rounded) == 0.5) rounded = 2.0 * std::round(value / 2.0);
        return floatToInt(runtime, rounded);
    }
    std::int64_t digits;
    if (!indexArgument(runtime, *digitsArgument, digits)) return Value();
    if (!std::isfinite(value) || value == 0.0 || digits > kMostDigits) return Value::real(value);
    if (digits < kFewestDigits) return Value::real(0.0 * value);
    double rounded;
    if (digits >= 0) {
        const std::string text = decimalText(std::fabs(value), static_cast<int>(digits));
        std::from_chars(text.data(), text.data() + text.size(), rounded);
    } else {
        rounded = roundToTens(std::fabs(value), static_cast<int>(-digits));
    }
    if (std::isinf(rounded))
        return runtime.raise("OverflowError", "rounded value too large to represent");
    return Value::real(std::copysign(rounded, value));
}

Value roundInt(Runtime& runtime, std::int64_t value, const Value* digitsArgument) {
    if (digitsArgument == nullptr || digitsArgument->kind() == Kind::None)
        return Value::integer(value);
    std::int64_t digits;
    if (!indexArgument(runtime, *digitsArgument, digits)) return Value();
    if (digits >= 0) return Value::integer(value);
    if (digits < -18) return Value::integer(0);
    std::int64_t unit = 1;
    for (std::int64_t i = 0; i < -digits; ++i) unit *= 10;
    // divmod_near: the quotient rounded half to even, on the remainder's size.
    std::int64_t quotient = value / unit, remainder = value % unit;
    if (remainder < 0) {
        quotient -= 1;
        remainder += unit;
    }
    if (2 * static_cast<__int128>(remainder) > unit ||
        (2 * static_cast<__int128>(remainder) == unit && quotient % 2 != 0)) {
        quotient += 1;
    }
    return intMultiply(runtime, quotient, unit);
}

}  // namespace

Value abs(Runtime& runtime, const Value&, const Arguments& arguments) {
    if (!expectOneArgument(runtime, arguments, "abs")) return Value();
    const Value& value = arguments.positional[0];
    if (isIntLike(value)) {
        if (value.asInt() == INT64_MIN) return raiseIntOverflow(runtime);
        return Value::integer(value.asInt() < 0 ? -value.asInt() : value.asInt());
    }
    if (value.kind() == Kind::Float) return Value::real(std::fabs(value.asFloat()));
    return runtime.raise("TypeError",
                         concat("bad operand type for abs(): '", typeName(value), "'"));
}

Value round(Runtime& runtime, const Value&, const Arguments& arguments) {
    if (!expectKeywords(runtime, arguments, "round", {"number", "ndigits"})) return Value();
    if (!expectPositionalCount(runtime, arguments, "round", 0, 2)) return Value();
    const Value* number = arguments.positional.size() > 0 ? &arguments.positional[0]
                                                          : keywordArgument(arguments, "number");
    const Value* digits = arguments.positional.size() > 1 ? &arguments.positional[1]
                                                          : keywordArgument(arguments, "ndigits");
    if (number == nullptr)
        return runtime.raise("TypeError", "round() missing required argument 'number' (pos 1)");
    if (isIntLike(*number)) return roundInt(runtime, number->asInt(), digits);
    if (number->kind() == Kind::Float) return roundFloat(runtime, number->asFloat(), digits);
    return runtime.raise("TypeError",
                         concat("type ", typeName(*number), " doesn't define __round__ method"));
}

Value divmod(Runtime& runtime, const Value&, const Arguments& arguments) {
    if (!expectNoKeywords(runtime, arguments, "divmod")) return Value();
    if (!expectPositionalCount(runtime, arguments, "divmod", 2, 2)) return Value();
    const Value& a = arguments.positional[0];
    const Value& b = arguments.positional[1];
    if (!isNumber(a) || !isNumber(b)) {
        return runtime.raise("TypeError", concat("unsupported operand type(s) for divmod(): '",
                                                 typeName(a), "' and '", typeName(b), "'"));
    }
    return numberDivmod(runtime, a, b);
}

Value pow(Runtime& runtime, const Value&, const Arguments& arguments) {
    if (!expectKeywords(runtime, arguments, "pow", {"base", "exp", "mod"})) return Value();
    const Value* values[3] = {nullptr, nullptr, nullptr};
    constexpr std::string_view names[3] = {"base", "exp", "mod"};
    for (std::size_t i = 0; i < 3; ++i) {
        values[i] = i < arguments.positional.size() ? &arguments.positional[i]
                                                    : keywordArgument(arguments, names[i]);
    }
    if (arguments.positional.size() > 3)
        return runtime.raise("TypeError", concat("pow expected at most 3 arguments, got ",
                                                 std::to_string(arguments.positional.size())));
    if (values[0] == nullptr || values[1] == nullptr) {
        return runtime.raise("TypeError", concat("pow() missing required argument '",
                                                 values[0] == nullptr ? "base" : "exp", "' (pos ",
                                                 values[0] == nullptr ? "1" : "2", ")"));
    }
    if (values[2] == nullptr || values[2]->kind() == Kind::None) {
        return binaryOp(runtime, static_cast<int>(BinaryOpArg::Power), *values[0], *values[1]);
    }
    if (isIntLike(*values[0]) && isIntLike(*values[1]) && isIntLike(*values[2])) {
        return intPowerModulo(runtime, values[0]->asInt(), values[1]->asInt(), values[2]->asInt());
    }
    if (isNumber(*values[0]) && isNumber(*values[1]) && isNumber(*values[2])) {
        return runtime.raise("TypeError",
                             "pow() 3rd argument not allowed unless all arguments are integers");
    }
    return runtime.raise(
        "TypeError", concat("unsupported operand type(s) for ** or pow(): '", typeName(*values[0]),
                            "', '", typeName(*values[1]), "', '", typeName(*values[2]), "'"));
}

Value makeInt(Runtime& runtime, const Value&, const Arguments& arguments) {
    if (!expectKeywords(runtime, arguments, "int", {"base"})) return Value();
    if (!expectTupleCount(runtime, arguments, "int", 0, 2)) return Value();
    const Value* base = arguments.positional.size() > 1 ? &arguments.positional[1]
                                                        : keywordArgument(arguments, "base");
    if (arguments.positional.empty()) {
        if (base != nullptr) return runtime.raise("TypeError", "int() missing string argument");
        return Value::integer(0);
    }
    const Value& value = arguments.positional[0];
    if (base != nullptr) {
        std::int64_t baseNumber;
        if (!indexArgument(runtime, *base, baseNumber)) return Value();
        if (value.kind() != Kind::Str)
            return runtime.raise("TypeError", "int() can't convert non-string with explicit base");
        if (baseNumber != 0 && (baseNumber < 2 || baseNumber > 36)) {
            return runtime.raise("ValueError", "int() base must be >= 2 and <= 36, or 0");
        }
        return parseIntText(runtime, value, static_cast<int>(baseNumber));
    }
    switch (value.kind()) {
        case Kind::Int:
        case Kind::Bool:
            return Value::integer(value.asInt());
        case Kind::Float:
            return floatToInt(runtime, value.asFloat());
        case Kind::Str:
            return parseIntText(runtime, value, 10);
        default:
            return runtime.raise(
                "TypeError",
                concat(
                    "int() argument must be a string, a bytes-like object or a real number, not '",
                    typeName(value), "'"));
    }
}

Value makeFloat(Runtime& runtime, const Value&, const Arguments& arguments) {
    if (!expectNoKeywords(runtime, arguments, "float")) return Value();
    if (!expectPositionalCount(runtime, arguments, "float", 0, 1)) return Value();
    if (arguments.positional.empty()) return Value::real(0.0);
    const Value& value = arguments.positional[0];
    if (isNumber(value)) return Value::real(toDouble(value));
    if (value.kind() == Kind::Str) return parseFloatText(runtime, value);
    return runtime.raise(
        "TypeError",
        concat("float() argument must be a string or a real number, not '", typeName(value), "'"));
}

}  // namespace mlsyslab::pyvm::builtins
