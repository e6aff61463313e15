#pragma once

#include <optional>
#include <vector>

#include "pyvm/Ast.h"
#include "pyvm/Lexer.h"
#include "pyvm/TokenCursor.h"

namespace mlsyslab::pyvm::grammar {

struct StringLiteralResult {
    ast::ExprPtr expression;
    std::optional<SyntaxError> error;
    // Errors from an f-string's {expression} come worded by the parser that read it; the others
    // are worded by the caller (which, inside an f-string expression, adds "f-string: " again,
    // as CPython does).
    bool errorIsFinal = false;
};

// Adjacent STRING tokens joined into one node as CPython 3.11's _PyPegen_concatenate_strings
// does: a Constant when none is an f-string, else a JoinedStr of Constant and FormattedValue
// parts with the locations CPython gives them. `errorSite` is where CPython reports errors in the
// strings themselves: at the token after the last one.
StringLiteralResult concatenateStrings(const std::vector<Token>& strings, ErrorSite errorSite);

}  // namespace mlsyslab::pyvm::grammar
