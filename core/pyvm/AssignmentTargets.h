#pragma once

#include <string_view>

#include "pyvm/Ast.h"

// What may stand left of `=`, after `for` and after `del`, checked the way CPython 3.11's parser
// checks it (Parser/pegen.c: _PyPegen_get_invalid_target, _PyPegen_get_expr_name).
namespace mlsyslab::pyvm::grammar {

enum class TargetUse { Assign, Delete, For };

// The first sub-expression that cannot be a target, or null when all can.
const ast::Expr* invalidTarget(const ast::Expr& expression, TargetUse use);

// How CPython names an expression in "cannot assign to function call" and its other messages.
std::string_view expressionName(const ast::Expr& expression);

// Name, attribute or subscript: what augmented assignment accepts.
bool isSingleTarget(const ast::Expr& expression);

// Marks a target, and the names, attributes, subscripts and stars inside it, Store or Del.
void setContext(ast::Expr& target, ast::Context context);

}  // namespace mlsyslab::pyvm::grammar
