#include <cmath>

#include "pyvm/Arguments.h"
#include "pyvm/Methods.h"
#include "pyvm/Numbers.h"

// The methods of int (and bool) and float.
namespace mlsyslab::pyvm {
namespace {

using Arguments = CallArguments;

std::uint64_t magnitude(std::int64_t value) {
    return value < 0 ? 0ULL - static_cast<std::uint64_t>(value) : static_cast<std::uint64_t>(value);
}

Value bitLength(Runtime& runtime, const Value& self, const Arguments& arguments) {
    if (!expectNoArguments(runtime, arguments, "int.bit_length")) return Value();
    const std::uint64_t size = magnitude(self.asInt());
    return Value::integer(size == 0 ? 0 : 64 - __builtin_clzll(size));
}

Value bitCount(Runtime& runtime, const Value& self, const Arguments& arguments) {
    if (!expectNoArguments(runtime, arguments, "int.bit_count")) return Value();
    return Value::integer(__builtin_popcountll(magnitude(self.asInt())));
}

Value intConjugate(Runtime& runtime, const Value& self, const Arguments& arguments) {
    if (!expectNoArguments(runtime, arguments, "int.conjugate")) return Value();
    return Value::integer(self.asInt());
}

Value isInteger(Runtime& runtime, const Value& self, const Arguments& arguments) {
    if (!expectNoArguments(runtime, arguments, "float.is_integer")) return Value();
    const double value = self.asFloat();
    return Value::boolean(std::isfinite(value) && value == std::floor(value));
}

Value floatConjugate(Runtime& runtime, const Value& self, const Arguments& arguments) {
    if (!expectNoArguments(runtime, arguments, "float.conjugate")) return Value();
    return self;
}

// (numerator, denominator) in lowest terms, exactly, while both fit in 64 bits.
Value asIntegerRatio(Runtime& runtime, const Value& self, const Arguments& arguments) {
    if (!expectNoArguments(runtime, arguments, "float.as_integer_ratio")) return Value();
    const double value = self.asFloat();
    if (std::isinf(value))
        return runtime.raise("OverflowError", "cannot convert Infinity to integer ratio");
    if (std::isnan(value))
        return runtime.raise("ValueError", "cannot convert NaN to integer ratio");
    int exponent;
    double mantissa = std::frexp(value, &exponent);
    for (int i = 0; i < 300 && mantissa != std::floor(mantissa); ++i) {
        mantissa *= 2.0;
        --exponent;
    }
    if (std::fabs(mantissa) >= 9.2e18) return raiseIntOverflow(runtime);
    auto numerator = static_cast<std::int64_t>(mantissa);
    std::int64_t denominator = 1;
    if (exponent > 0) {
        for (int i = 0; i < exponent; ++i) {
            if (__builtin_mul_overflow(numerator, 2, &numerator)) return raiseIntOverflow(runtime);
        }
    } else {
        while (exponent < 0 && numerator % 2 == 0 && numerator != 0) {
            numerator /= 2;
            ++exponent;
        }
        if (-exponent > 62) return raiseIntOverflow(runtime);
        denominator = std::int64_t{1} << -exponent;
    }
    return newTuple({Value::integer(numerator), Value::integer(denominator)});
}

constexpr MethodEntry kIntMethods[] = {
    {"bit_count", bitCount}, {"bit_length", bitLength}, {"conjugate", intConjugate}};
constexpr MethodEntry kFloatMethods[] = {
    {"as_integer_ratio", asIntegerRatio}, {"conjugate", floatConjugate}, {"is_integer", isInteger}};

}  // namespace

std::span<const MethodEntry> intMethods() { return kIntMethods; }
std::span<const MethodEntry> floatMethods() { return kFloatMethods; }

}  // namespace mlsyslab::pyvm
