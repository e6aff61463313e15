#include "pyvm/Numbers.h"

#include <cerrno>
#include <cmath>
#include <limits>

namespace mlsyslab::pyvm {
namespace {

constexpr std::int64_t kMinInt = std::numeric_limits<std::int64_t>::min();

// Doubles up to 2^53 hold every integer exactly, so such quotients need only one rounding.
constexpr std::uint64_t kExactDoubleIntegers = 1ULL << 53;

std::uint64_t magnitude(std::int64_t value) {
    return value < 0 ? 0ULL - static_cast<std::uint64_t>(value) : static_cast<std::uint64_t>(value);
}

// CPython's DOUBLE_IS_ODD_INTEGER.
bool isOddInteger(double value) { return std::fmod(std::fabs(value), 2.0) == 1.0; }

// Floor division with the remainder taking the divisor's sign; b != 0 and not (MIN, -1).
void floorDivideModulo(std::int64_t a, std::int64_t b, std::int64_t& quotient,
                       std::int64_t& remainder) {
    quotient = a / b;
    remainder = a % b;
    if (remainder != 0 && ((remainder < 0) != (b < 0))) {
        quotient -= 1;
        remainder += b;
    }
}

// CPython's _float_div_mod: fmod is exact, then the quotient is snapped to an integral value.
void floatDivideModulo(double a, double b, double& quotient, double& remainder) {
    remainder = std::fmod(a, b);
    double division = (a - remainder) / b;
    if (remainder != 0.0) {
        if ((b < 0) != (remainder < 0)) {
            remainder += b;
            division -= 1.0;
        }
    } else {
        remainder = std::copysign(0.0, b);
    }
    if (division != 0.0) {
        quotient = std::floor(division);
        if (division - quotient > 0.5) quotient += 1.0;
    } else {
        quotient = std::copysign(0.0, a / b);
    }
}

}  // namespace

Value raiseIntOverflow(Runtime& runtime) {
    return runtime.raise("OverflowError",
                         "integer result too large for the lesson VM (64-bit ints)");
}

Value intAdd(Runtime& runtime, std::int64_t a, std::int64_t b) {
    std::int64_t result;
    if (__builtin_add_overflow(a, b, &result)) return raiseIntOverflow(runtime);
    return Value::integer(result);
}

Value intSubtract(Runtime& runtime, std::int64_t a, std::int64_t b) {
    std::int64_t result;
    if (__builtin_sub_overflow(a, b, &result)) return raiseIntOverflow(runtime);
    return Value::integer(result);
}

Value intMultiply(Runtime& runtime, std::int64_t a, std::int64_t b) {
    std::int64_t result;
    if (__builtin_mul_overflow(a, b, &result)) return raiseIntOverflow(runtime);
    return Value::integer(result);
}

Value intFloorDivide(Runtime& runtime, std::int64_t a, std::int64_t b) {
    if (b == 0) return runtime.raise("ZeroDivisionError", "integer division or modulo by zero");
    if (a == kMinInt && b == -1) return raiseIntOverflow(runtime);
    std::int64_t quotient, remainder;
    floorDivideModulo(a, b, quotient, remainder);
    return Value::integer(quotient);
}

Value intModulo(Runtime& runtime, std::int64_t a, std::int64_t b) {
    if (b == 0) return runtime.raise("ZeroDivisionError", "integer modulo by zero");
    if (b == -1) return Value::integer(0);
    std::int64_t quotient, remainder;
    floorDivideModulo(a, b, quotient, remainder);
    return Value::integer(remainder);
}

double exactQuotient(std::int64_t a, std::int64_t b) {
    const bool negative = (a < 0) != (b < 0);
    const std::uint64_t numerator = magnitude(a);
    const std::uint64_t denominator = magnitude(b);
    double result;
    if (numerator <= kExactDoubleIntegers && denominator <= kExactDoubleIntegers) {
        result = static_cast<double>(numerator) / static_cast<double>(denominator);
    } else if (numerator == 0) {
        result = 0.0;
    } else {
        // Shift the numerator to the top of 128 bits so the quotient keeps at least 64 significant
        // bits; a nonzero remainder becomes a sticky low bit, so converting rounds only once.
        const int shift = __builtin_clzll(numerator) + 64;
        const unsigned __int128 scaled = static_cast<unsigned __int128>(numerator) << shift;
        unsigned __int128 quotient = scaled / denominator;
        if (scaled % denominator != 0) quotient |= 1;
        result = std::ldexp(static_cast<double>(quotient), -shift);
    }
    return negative ? -result : result;
}

Value intTrueDivide(Runtime& runtime, std::int64_t a, std::int64_t b) {
    if (b == 0) return runtime.raise("ZeroDivisionError", "division by zero");
    return Value::real(exactQuotient(a, b));
}

Value intPower(Runtime& runtime, std::int64_t base, std::int64_t exponent) {
    if (exponent < 0) {
        return floatPower(runtime, static_cast<double>(base), static_cast<double>(exponent));
    }
    std::int64_t result = 1;
    std::int64_t square = base;
    while (exponent > 0) {
        if (exponent & 1) {
            if (__builtin_mul_overflow(result, square, &result)) return raiseIntOverflow(runtime);
        }
        exponent >>= 1;
        if (exponent > 0 && __builtin_mul_overflow(square, square, &square)) {
            return raiseIntOverflow(runtime);
        }
    }
    return Value::integer(result);
}

Value intShift(Runtime& runtime, std::int64_t a, std::int64_t b, bool left) {
    if (b < 0) return runtime.raise("ValueError", "negative shift count");
    if (!left) return Value::integer(b >= 63 ? (a < 0 ? -1 : 0) : a >> b);
    if (a == 0) return Value::integer(0);
    if (b >= 63) return raiseIntOverflow(runtime);
    const std::int64_t shifted = static_cast<std::int64_t>(static_cast<std::uint64_t>(a) << b);
    if ((shifted >> b) != a) return raiseIntOverflow(runtime);
    return Value::integer(shifted);
}

Value intPowerModulo(Runtime& runtime, std::int64_t base, std::int64_t exponent,
                     std::int64_t modulus) {
    if (modulus == 0) return runtime.raise("ValueError", "pow() 3rd argument cannot be 0");
    const bool negativeModulus = modulus < 0;
    const std::uint64_t unsignedModulus = magnitude(modulus);
    if (unsignedModulus == 1) return Value::integer(0);
    auto reduce = [&](std::int64_t value) {
        const __int128 remainder = static_cast<__int128>(value) % unsignedModulus;
        return static_cast<std::uint64_t>(remainder < 0 ? remainder + unsignedModulus : remainder);
    };
    std::uint64_t factor = reduce(base);
    if (exponent < 0) {
        // The inverse by the extended Euclidean algorithm, in 128 bits to stay exact.
        __int128 oldRemainder = factor, remainder = unsignedModulus, oldCoefficient = 1,
                 coefficient = 0;
        while (remainder != 0) {
            const __int128 quotient = oldRemainder / remainder;
            __int128 next = oldRemainder - quotient * remainder;
            oldRemainder = remainder;
            remainder = next;
            next = oldCoefficient - quotient * coefficient;
            oldCoefficient = coefficient;
            coefficient = next;
        }
        if (oldRemainder != 1) {
            return runtime.raise("ValueError", "base is not invertible for the given modulus");
        }
        __int128 inverse = oldCoefficient % static_cast<__int128>(unsignedModulus);
        if (inverse < 0) inverse += unsignedModulus;
        factor = static_cast<std::uint64_t>(inverse);
        exponent = exponent == std::numeric_limits<std::int64_t>::min()
                       ? std::numeric_limits<std::int64_t>::max()
                       : -exponent;
    }
    unsigned __int128 result = 1 % unsignedModulus;
    unsigned __int128 square = factor;
    for (std::uint64_t remaining = static_cast<std::uint64_t>(exponent); remaining > 0;
         remaining >>= 1) {
        if (remaining & 1) result = result * square % unsignedModulus;
        square = square * square % unsignedModulus;
    }
    auto value = static_cast<std::int64_t>(result);
    if (negativeModulus && value != 0) value -= static_cast<std::int64_t>(unsignedModulus);
    return Value::integer(value);
}

Value floatTrueDivide(Runtime& runtime, double a, double b) {
    if (b == 0.0) return runtime.raise("ZeroDivisionError", "float division by zero");
    return Value::real(a / b);
}

Value floatFloorDivide(Runtime& runtime, double a, double b) {
    if (b == 0.0) return runtime.raise("ZeroDivisionError", "float floor division by zero");
    double quotient, remainder;
    floatDivideModulo(a, b, quotient, remainder);
    return Value::real(quotient);
}

Value floatModulo(Runtime& runtime, double a, double b) {
    if (b == 0.0) return runtime.raise("ZeroDivisionError", "float modulo");
    double remainder = std::fmod(a, b);
    if (remainder != 0.0) {
        if ((b < 0) != (remainder < 0)) remainder += b;
    } else {
        remainder = std::copysign(0.0, b);
    }
    return Value::real(remainder);
}

// CPython's float_pow, special cases first so the platform's pow() sees only the plain ones.
Value floatPower(Runtime& runtime, double base, double exponent) {
    if (exponent == 0.0) return Value::real(1.0);
    if (std::isnan(base)) return Value::real(base);
    if (std::isnan(exponent)) return Value::real(base == 1.0 ? 1.0 : exponent);
    if (std::isinf(exponent)) {
        const double size = std::fabs(base);
        if (size == 1.0) return Value::real(1.0);
        if ((exponent > 0.0) == (size > 1.0)) return Value::real(std::fabs(exponent));
        return Value::real(0.0);
    }
    if (std::isinf(base)) {
        const bool odd = isOddInteger(exponent);
        if (exponent > 0.0) return Value::real(odd ? base : std::fabs(base));
        return Value::real(odd ? std::copysign(0.0, base) : 0.0);
    }
    if (base == 0.0) {
        if (exponent < 0.0) {
            return runtime.raise("ZeroDivisionError", "0.0 cannot be raised to a negative power");
        }
        return Value::real(isOddInteger(exponent) ? base : 0.0);
    }
    bool negate = false;
    if (base < 0.0) {
        if (exponent != std::floor(exponent)) {
            // CPython answers with a complex number, which the lesson VM does not have.
            return runtime.raise("ValueError",
                                 "a negative number to a fractional power is complex; the lesson "
                                 "VM has no complex numbers");
        }
        base = -base;
        negate = isOddInteger(exponent);
    }
    if (base == 1.0) return Value::real(negate ? -1.0 : 1.0);
    const double result = std::pow(base, exponent);
    if (std::isinf(result))
        return runtime.raise("OverflowError", "(34, 'Numerical result out of range')");
    return Value::real(negate ? -result : result);
}

Value numberDivmod(Runtime& runtime, const Value& a, const Value& b) {
    if (isIntLike(a) && isIntLike(b)) {
        const std::int64_t divisor = b.asInt();
        if (divisor == 0)
            return runtime.raise("ZeroDivisionError", "integer division or modulo by zero");
        if (a.asInt() == kMinInt && divisor == -1) return raiseIntOverflow(runtime);
        std::int64_t quotient, remainder;
        floorDivideModulo(a.asInt(), divisor, quotient, remainder);
        return newTuple({Value::integer(quotient), Value::integer(remainder)});
    }
    const double divisor = toDouble(b);
    if (divisor == 0.0) return runtime.raise("ZeroDivisionError", "float divmod()");
    double quotient, remainder;
    floatDivideModulo(toDouble(a), divisor, quotient, remainder);
    return newTuple({Value::real(quotient), Value::real(remainder)});
}

int compareIntWithFloat(std::int64_t integer, double real) {
    if (std::isnan(real)) return 2;
    if (std::isinf(real)) return real > 0 ? -1 : 1;
    if (magnitude(integer) <= kExactDoubleIntegers) {
        const double converted = static_cast<double>(integer);
        return converted < real ? -1 : (converted > real ? 1 : 0);
    }
    // 2^63 is exact as a double: anything at or past it is beyond every int64.
    constexpr double kTwoTo63 = 9223372036854775808.0;
    if (real >= kTwoTo63) return -1;
    if (real < -kTwoTo63) return 1;
    const double whole = std::trunc(real);
    const auto wholeInteger = static_cast<std::int64_t>(whole);
    if (integer != wholeInteger) return integer < wholeInteger ? -1 : 1;
    const double fraction = real - whole;
    return fraction > 0 ? -1 : (fraction < 0 ? 1 : 0);
}

Value floatToInt(Runtime& runtime, double real) {
    if (std::isnan(real)) return runtime.raise("ValueError", "cannot convert float NaN to integer");
    if (std::isinf(real)) {
        return runtime.raise("OverflowError", "cannot convert float infinity to integer");
    }
    const double whole = std::trunc(real);
    constexpr double kTwoTo63 = 9223372036854775808.0;
    if (whole >= kTwoTo63 || whole < -kTwoTo63) return raiseIntOverflow(runtime);
    return Value::integer(static_cast<std::int64_t>(whole));
}

}  // namespace mlsyslab::pyvm
