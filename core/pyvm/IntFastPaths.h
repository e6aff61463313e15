#pragma once

#include <cstdint>
#include <limits>

#include "pyvm/Code.h"

namespace mlsyslab::pyvm {

// BINARY_OP and COMPARE_OP on two ints without leaving the eval loop. `binary` answers false when
// the result needs the general path (overflow, division by zero, a float result, a power), which
// then computes it or raises exactly as Operations does.
struct IntFastPaths {
    static bool binary(int op, std::int64_t left, std::int64_t right, std::int64_t& result) {
        const int base = op >= static_cast<int>(BinaryOpArg::InplaceOffset)
                             ? op - static_cast<int>(BinaryOpArg::InplaceOffset)
                             : op;
        switch (static_cast<BinaryOpArg>(base)) {
            case BinaryOpArg::Add:
                return !__builtin_add_overflow(left, right, &result);
            case BinaryOpArg::Subtract:
                return !__builtin_sub_overflow(left, right, &result);
            case BinaryOpArg::Multiply:
                return !__builtin_mul_overflow(left, right, &result);
            case BinaryOpArg::Remainder:
                if (right == 0 || right == -1) return false;
                result = left % right;
                if (result != 0 && ((result < 0) != (right < 0)))
                    result += right;  // floor semantics
                return true;
            case BinaryOpArg::FloorDivide:
                if (right == 0 || right == -1) return false;
                result = left / right;
                if (left % right != 0 && ((left < 0) != (right < 0))) --result;
                return true;
            case BinaryOpArg::And:
                result = left & right;
                return true;
            case BinaryOpArg::Or:
                result = left | right;
                return true;
            case BinaryOpArg::Xor:
                result = left ^ right;
                return true;
            case BinaryOpArg::RShift:
                if (right < 0) return false;
                result = right >= 64 ? (left < 0 ? -1 : 0) : (left >> right);
                return true;
            case BinaryOpArg::LShift:
                if (right < 0 || right >= 63) return false;
                result = static_cast<std::int64_t>(static_cast<std::uint64_t>(left) << right);
                return (result >> right) == left;
            default:
                return false;
        }
    }

    static bool compare(int op, std::int64_t left, std::int64_t right) {
        switch (static_cast<CompareOpArg>(op)) {
            case CompareOpArg::Less:
                return left < right;
            case CompareOpArg::LessEqual:
                return left <= right;
            case CompareOpArg::Equal:
                return left == right;
            case CompareOpArg::NotEqual:
                return left != right;
            case CompareOpArg::Greater:
                return left > right;
            case CompareOpArg::GreaterEqual:
                return left >= right;
        }
        return false;
    }
};

}  // namespace mlsyslab::pyvm
