#pragma once

#include <optional>
#include <string_view>

#include "pyvm/Ast.h"
#include "pyvm/Lexer.h"

namespace mlsyslab::pyvm {

// A module's syntax tree, or the first syntax error with CPython 3.11's wording, line and offset
// (`SyntaxError: invalid syntax`, `expected ':'`, `'(' was never closed`, `IndentationError:
// expected an indented block after 'if' statement on line 1`). Constructs outside the lesson
// subset (import, class, try, with, lambda-free generators, ...) are a SyntaxError-kind error
// whose message names the construct: `'import' is not supported by the lesson VM`.
struct ParseResult {
    ast::Module module;
    std::optional<SyntaxError> error;

    bool ok() const { return !error.has_value(); }
};

ParseResult parse(std::string_view source);

// The tree in `ast.dump(tree)` form (no attributes), for comparing with CPython's.
std::string dump(const ast::Module& module);

}  // namespace mlsyslab::pyvm
