#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "pyvm/Token.h"

// The parser's view of the lexer's tokens: a position that moves forward and can be set back for
// the look-ahead CPython's grammar needs, plus what CPython's error reporting needs to know about
// each token (its bracket depth, where the caret goes).
namespace mlsyslab::pyvm::grammar {

// Where a SyntaxError points: a 1-based line and a 1-based offset, as `SyntaxError.offset`.
struct ErrorSite {
    int line = 1;
    int offset = 1;
};

bool isKeyword(std::string_view name);

class TokenCursor {
public:
    // `truncated`: the lexer stopped at an error, so the tokens end early and reading past them
    // means the parser has reached the lexer's error. `source` is the text the tokens came from
    // (empty for the inside of an f-string), for where errors at the ends of lines point.
    TokenCursor(const std::vector<Token>& tokens, bool truncated, std::string_view source);

    const Token& peek(std::size_t ahead = 0);
    const Token& advance();
    const Token& previous() const;
    const Token& at(std::size_t index) const;
    std::size_t position() const { return position_; }
    void rewind(std::size_t position) { position_ = position; }

    bool atOperator(std::string_view text, std::size_t ahead = 0);
    bool atKeyword(std::string_view text, std::size_t ahead = 0);
    bool atKind(TokenKind kind, std::size_t ahead = 0);
    // A NAME that is not one of Python's keywords.
    bool atIdentifier(std::size_t ahead = 0);

    // How many brackets are open just after the token at `index`.
    int bracketDepthAfter(std::size_t index) const;
    // Where CPython puts the caret for a syntax error at the token at `index`: INDENT and DEDENT
    // tokens have no column of their own in CPython, so the tokenizer's position is used (the
    // indentation width, not plus one), and the end of the source for the last tokens.
    ErrorSite siteOf(std::size_t index) const;

    // The furthest token the parser has looked at, and the furthest its first pass looked at:
    // CPython reports "invalid syntax" at the latter, the token its first pass could not parse.
    // While `lookingAhead` is set (the diagnostics of CPython's second pass), only the former
    // moves.
    std::size_t furthest() const { return furthest_; }
    std::size_t firstPassFurthest() const { return firstPassFurthest_; }
    bool lookingAhead() const { return lookingAhead_; }
    void setLookingAhead(bool lookingAhead) { lookingAhead_ = lookingAhead; }
    bool reachedTruncation() const { return reachedTruncation_; }

private:
    bool onlyEndTokensFrom(std::size_t index) const;
    ErrorSite newlineSite(std::size_t index) const;

    const std::vector<Token>& tokens_;
    std::vector<int> depths_;
    bool truncated_;
    std::vector<std::string> lines_;
    ErrorSite sourceEnd_;
    Token pastEnd_;
    std::size_t position_ = 0;
    std::size_t furthest_ = 0;
    std::size_t firstPassFurthest_ = 0;
    bool lookingAhead_ = false;
    bool reachedTruncation_ = false;
};

}  // namespace mlsyslab::pyvm::grammar
