#pragma once

#include <optional>

#include "pyvm/Lexer.h"
#include "pyvm/SymbolTable.h"

namespace mlsyslab::pyvm {

// Decides the scope of every name in `module` and its nested scopes (CPython 3.11's analyze()
// in symtable.c): explicit and implicit globals, locals, free variables and the cells that
// closures capture. Returns the first error (`no binding for nonlocal 'x' found`).
std::optional<SyntaxError> analyzeScopes(ScopeInfo& module);

}  // namespace mlsyslab::pyvm
