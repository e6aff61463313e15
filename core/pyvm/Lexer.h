#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pyvm/Token.h"

namespace mlsyslab::pyvm {

// A syntax error found while splitting source into tokens, worded as CPython 3.11 words it.
// `offset` is 1-based like Python's `SyntaxError.offset`, so it can be compared with CPython
// directly; `kind` is the exception class CPython raises (SyntaxError, IndentationError, TabError).
struct SyntaxError {
    std::string kind = "SyntaxError";
    std::string message;
    int line = 1;
    int offset = 1;

    bool operator==(const SyntaxError&) const = default;
};

// The tokens of a whole source, or the first error. Tokens before the error are kept so a view can
// still highlight what was understood.
struct LexResult {
    std::vector<Token> tokens;
    std::optional<SyntaxError> error;

    bool ok() const { return !error.has_value(); }
};

// Splits Python source (UTF-8) into the tokens CPython 3.11's `tokenize` produces, less NL and
// COMMENT. Bytes literals and imaginary numbers are outside the lesson subset and are refused.
LexResult tokenize(std::string_view source);

}  // namespace mlsyslab::pyvm
