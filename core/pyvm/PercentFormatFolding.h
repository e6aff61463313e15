#pragma once

#include <optional>
#include <string>

#include "pyvm/Ast.h"

namespace mlsyslab::pyvm {

// CPython 3.11 compiles `'%s and %r' % (a, b)` as the f-string `f'{a!s} and {b!r}'` when every
// unit is a plain %s, %r or %a (with optional flags, width and precision) and the counts match.
// Returns that f-string, moving the tuple's items into it, or nothing when the format does not
// qualify (the items are then left untouched).
std::optional<ast::JoinedStr> percentFormatAsFString(const std::string& format, ast::ExprList& items);

}  // namespace mlsyslab::pyvm
