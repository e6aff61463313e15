#include <cmath>

#include "common/Concat.h"
#include "pyvm/ArithmeticParts.h"
#include "pyvm/Numbers.h"
#include "pyvm/Operations.h"

namespace mlsyslab::pyvm {
namespace {

using Op = BinaryOpArg;

// The symbol `dis` and CPython's error messages use for each BINARY_OP argument 0..12.
constexpr std::string_view kSymbols[] = {"+", "&",  "//", "<<", "@", "*", "%",
                                         "|", "**", ">>", "-",  "/", "^"};

Value unsupported(Runtime& runtime, int op, bool inPlace, const Value& left, const Value& right) {
    std::string symbol(kSymbols[op]);
    if (inPlace)
        symbol += "=";
    else if (op == static_cast<int>(Op::Power))
        symbol = "** or pow()";
    return runtime.raise("TypeError", concat("unsupported operand type(s) for ", symbol, ": '",
                                             typeName(left), "' and '", typeName(right), "'"));
}

Value intOp(Runtime& runtime, int op, std::int64_t a, std::int64_t b) {
    switch (static_cast<Op>(op)) {
        case Op::Add:
            return intAdd(runtime, a, b);
        case Op::Subtract:
            return intSubtract(runtime, a, b);
        case Op::Multiply:
            return intMultiply(runtime, a, b);
        case Op::FloorDivide:
            return intFloorDivide(runtime, a, b);
        case Op::Remainder:
            return intModulo(runtime, a, b);
        case Op::TrueDivide:
            return intTrueDivide(runtime, a, b);
        case Op::Power:
            return intPower(runtime, a, b);
        case Op::LShift:
            return intShift(runtime, a, b, true);
        case Op::RShift:
            return intShift(runtime, a, b, false);
        case Op::And:
            return Value::integer(a & b);
        case Op::Or:
            return Value::integer(a | b);
        case Op::Xor:
            return Value::integer(a ^ b);
        default:
            return Value();
    }
}

// Null without an error when the operator has no float meaning (bit operations, @).
Value floatOp(Runtime& runtime, int op, double a, double b) {
    switch (static_cast<Op>(op)) {
        case Op::Add:
            return Value::real(a + b);
        case Op::Subtract:
            return Value::real(a - b);
        case Op::Multiply:
            return Value::real(a * b);
        case Op::TrueDivide:
            return floatTrueDivide(runtime, a, b);
        case Op::FloorDivide:
            return floatFloorDivide(runtime, a, b);
        case Op::Remainder:
            return floatModulo(runtime, a, b);
        case Op::Power:
            return floatPower(runtime, a, b);
        default:
            return Value();
    }
}

Value numberOp(Runtime& runtime, int op, bool inPlace, const Value& left, const Value& right) {
    if (isIntLike(left) && isIntLike(right)) {
        if (op == static_cast<int>(Op::MatrixMultiply))
            return unsupported(runtime, op, inPlace, left, right);
        // bool & | ^ bool stays a bool (bool's own __and__, __or__, __xor__).
        if (left.kind() == Kind::Bool && right.kind() == Kind::Bool &&
            (op == static_cast<int>(Op::And) || op == static_cast<int>(Op::Or) ||
             op == static_cast<int>(Op::Xor))) {
            return Value::boolean(intOp(runtime, op, left.asInt(), right.asInt()).asInt() != 0);
        }
        return intOp(runtime, op, left.asInt(), right.asInt());
    }
    Value result = floatOp(runtime, op, toDouble(left), toDouble(right));
    if (result.isNull() && !runtime.hasError())
        return unsupported(runtime, op, inPlace, left, right);
    return result;
}

}  // namespace

Value binaryOp(Runtime& runtime, int op, const Value& left, const Value& right) {
    // The interpreter's hottest path: two plain ints, no allocation.
    if (left.kind() == Kind::Int && right.kind() == Kind::Int) {
        const std::int64_t a = left.asInt(), b = right.asInt();
        std::int64_t result;
        switch (op) {
            case static_cast<int>(Op::Add):
            case static_cast<int>(Op::Add) + static_cast<int>(Op::InplaceOffset):
                if (!__builtin_add_overflow(a, b, &result)) return Value::integer(result);
                break;
            case static_cast<int>(Op::Subtract):
            case static_cast<int>(Op::Subtract) + static_cast<int>(Op::InplaceOffset):
                if (!__builtin_sub_overflow(a, b, &result)) return Value::integer(result);
                break;
            case static_cast<int>(Op::Multiply):
            case static_cast<int>(Op::Multiply) + static_cast<int>(Op::InplaceOffset):
                if (!__builtin_mul_overflow(a, b, &result)) return Value::integer(result);
                break;
            default:
                break;
        }
    }
    const bool inPlace = op >= static_cast<int>(Op::InplaceOffset);
    const int base = inPlace ? op - static_cast<int>(Op::InplaceOffset) : op;
    if (base < 0 || base > static_cast<int>(Op::Xor))
        return runtime.raise("SystemError", "bad BINARY_OP argument");
    if (isNumber(left) && isNumber(right)) return numberOp(runtime, base, inPlace, left, right);
    if (base == static_cast<int>(Op::Remainder) && left.kind() == Kind::Str) {
        return percentFormat(runtime, left, right);
    }
    bool handled = true;
    Value result = containerBinaryOp(runtime, base, inPlace, left, right, handled);
    if (handled) return result;
    return unsupported(runtime, base, inPlace, left, right);
}

Value unaryOp(Runtime& runtime, Opcode op, const Value& operand) {
    if (isIntLike(operand)) {
        const std::int64_t value = operand.asInt();
        switch (op) {
            case Opcode::UNARY_NEGATIVE:
                if (value == INT64_MIN) return raiseIntOverflow(runtime);
                return Value::integer(-value);
            case Opcode::UNARY_POSITIVE:
                return Value::integer(value);
            case Opcode::UNARY_INVERT:
                return Value::integer(~value);
            case Opcode::UNARY_NOT:
                return Value::boolean(value == 0);
            default:
                break;
        }
    }
    if (operand.kind() == Kind::Float) {
        if (op == Opcode::UNARY_NEGATIVE) return Value::real(-operand.asFloat());
        if (op == Opcode::UNARY_POSITIVE) return operand;
    }
    if (op == Opcode::UNARY_NOT) return Value::boolean(!isTrue(operand));
    const std::string_view symbol =
        op == Opcode::UNARY_NEGATIVE ? "-" : (op == Opcode::UNARY_POSITIVE ? "+" : "~");
    return runtime.raise(
        "TypeError", concat("bad operand type for unary ", symbol, ": '", typeName(operand), "'"));
}

}  // namespace mlsyslab::pyvm
