#pragma once

#include <string>
#include <string_view>

namespace mlsyslab::pyvm {

// The token kinds of CPython 3.11's `tokenize` module that matter to the parser. NL, COMMENT and
// ENCODING are dropped: they carry no meaning for the grammar.
enum class TokenKind { Name, Number, String, Operator, Newline, Indent, Dedent, EndMarker };

// One token with its exact source text and where it sits, as `tokenize` reports it: lines are
// 1-based, columns 0-based and counted in code points, and the end is one past the last character.
struct Token {
    TokenKind kind = TokenKind::EndMarker;
    std::string text;
    int startLine = 1;
    int startColumn = 0;
    int endLine = 1;
    int endColumn = 0;

    bool operator==(const Token&) const = default;
};

// The name `tokenize.tok_name` gives the kind, so goldens read like CPython's own output.
constexpr std::string_view tokenKindName(TokenKind kind) {
    switch (kind) {
        case TokenKind::Name:
            return "NAME";
        case TokenKind::Number:
            return "NUMBER";
        case TokenKind::String:
            return "STRING";
        case TokenKind::Operator:
            return "OP";
        case TokenKind::Newline:
            return "NEWLINE";
        case TokenKind::Indent:
            return "INDENT";
        case TokenKind::Dedent:
            return "DEDENT";
        case TokenKind::EndMarker:
            return "ENDMARKER";
    }
    return "UNKNOWN";
}

}  // namespace mlsyslab::pyvm
