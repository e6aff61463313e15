#pragma once

#include <optional>

#include "pyvm/Ast.h"
#include "pyvm/Constant.h"

// What CPython 3.11's AST optimizer (Python/ast_opt.c) computes at compile time. Each function
// returns the folded constant, or nothing when CPython leaves the operation for run time: it
// would raise (1/0, -"a"), it makes something too big (2**1000, "ab"*5000), or the subset's
// 64-bit ints cannot hold the result.
namespace mlsyslab::pyvm::folding {

std::optional<Constant> binary(ast::BinaryOperator op, const Constant& left, const Constant& right);
std::optional<Constant> unary(ast::UnaryOperator op, const Constant& operand);
std::optional<Constant> subscript(const Constant& value, const Constant& index);

// Python's truth value of a constant (what `if 0:` and `not ""` see).
bool isTrue(const Constant& constant);

}  // namespace mlsyslab::pyvm::folding
