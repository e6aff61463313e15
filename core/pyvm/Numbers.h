#pragma once

#include <cstdint>

#include "pyvm/Runtime.h"
#include "pyvm/Value.h"

// The arithmetic of int (64-bit here), bool (an int in arithmetic) and float, each operation as
// CPython 3.11's longobject.c and floatobject.c do it: floor division and modulo round toward
// minus infinity, signed zeros come out as CPython's, and errors carry CPython's words.
namespace mlsyslab::pyvm {

inline bool isIntLike(const Value& value) {
    return value.kind() == Kind::Int || value.kind() == Kind::Bool;
}
inline bool isNumber(const Value& value) { return isIntLike(value) || value.kind() == Kind::Float; }
// The value of an int, bool or float as a double (the caller has checked isNumber()).
inline double toDouble(const Value& value) {
    return value.kind() == Kind::Float ? value.asFloat() : static_cast<double>(value.asInt());
}

// Raises `OverflowError: integer result too large for the lesson VM (64-bit ints)`.
Value raiseIntOverflow(Runtime& runtime);

Value intAdd(Runtime& runtime, std::int64_t a, std::int64_t b);
Value intSubtract(Runtime& runtime, std::int64_t a, std::int64_t b);
Value intMultiply(Runtime& runtime, std::int64_t a, std::int64_t b);
Value intFloorDivide(Runtime& runtime, std::int64_t a, std::int64_t b);
Value intModulo(Runtime& runtime, std::int64_t a, std::int64_t b);
Value intTrueDivide(Runtime& runtime, std::int64_t a, std::int64_t b);
Value intPower(Runtime& runtime, std::int64_t base, std::int64_t exponent);
Value intShift(Runtime& runtime, std::int64_t a, std::int64_t b, bool left);
// pow(base, exponent, modulus) for ints, negative exponents as modular inverses (Python 3.8+).
Value intPowerModulo(Runtime& runtime, std::int64_t base, std::int64_t exponent,
                     std::int64_t modulus);

Value floatTrueDivide(Runtime& runtime, double a, double b);
Value floatFloorDivide(Runtime& runtime, double a, double b);
Value floatModulo(Runtime& runtime, double a, double b);
Value floatPower(Runtime& runtime, double base, double exponent);
// divmod() of two numbers: a tuple (quotient, remainder); ints stay ints.
Value numberDivmod(Runtime& runtime, const Value& a, const Value& b);

// Exact comparison of an int with a float (no rounding of the int): -1, 0, 1, or 2 when the float
// is NaN (unordered).
int compareIntWithFloat(std::int64_t integer, double real);

// int(x) of a float: truncates toward zero; infinity and NaN raise as CPython's.
Value floatToInt(Runtime& runtime, double real);

// a / b of two int64s rounded once, correctly, as CPython's long_true_divide.
double exactQuotient(std::int64_t a, std::int64_t b);

}  // namespace mlsyslab::pyvm
