#pragma once

#include "pyvm/Ast.h"

namespace mlsyslab::pyvm {

// Rewrites the tree in place as CPython 3.11's AST optimizer does before compiling: folds
// operations on constants, makes tuples of constants constant, turns `x in [1, 2]` and
// `for x in [a, b]` into tuples, `'%s=%r' % (a, b)` into an f-string, and `__debug__` into True.
void optimizeTree(ast::Module& module);

}  // namespace mlsyslab::pyvm
