#pragma once

#include <string>
#include <string_view>

#include "common/Result.h"

// The inside of a STRING token: which prefixes it has, and its text with escapes decoded.
namespace mlsyslab::pyvm::grammar {

struct StringTokenParts {
    bool formatted = false;     // an f-string: the body still holds its {fields}
    bool raw = false;           // backslashes are plain characters
    std::size_t bodyStart = 0;  // byte offset of the body in the token text
    std::string_view body;      // between the quotes, escapes not decoded
};

// Splits a STRING token's text (prefix letters, quotes, body) as the lexer produced it.
StringTokenParts splitStringToken(std::string_view tokenText);

// Decodes backslash escapes as CPython's 'unicodeescape' codec does for a str literal: \\ \' \"
// \a \b \f \n \r \t \v, octal \ooo, \xhh, \uhhhh, \Uhhhhhhhh, a backslash-newline vanishes, and an
// unknown escape stays as written. Errors read as CPython's: "(unicode error) 'unicodeescape'
// codec can't decode bytes in position 2-4: truncated \xXX escape". \N{name} needs Unicode's name
// table, which the lesson VM does not carry, so it is refused.
Result<std::string> decodeEscapes(std::string_view body);

}  // namespace mlsyslab::pyvm::grammar
