#include "pyvm/TokenCursor.h"

#include <algorithm>
#include <array>

#include "pyvm/SourceCharacters.h"

namespace mlsyslab::pyvm::grammar {
namespace {

// keyword.kwlist of Python 3.11.
constexpr std::array<std::string_view, 35> keywords = {
    "False", "None",     "True",  "and",    "as",   "assert", "async",  "await",    "break",
    "class", "continue", "def",   "del",    "elif", "else",   "except", "finally",  "for",
    "from",  "global",   "if",    "import", "in",   "is",     "lambda", "nonlocal", "not",
    "or",    "pass",     "raise", "return", "try",  "while",  "with",   "yield"};

int depthChange(const Token& token) {
    if (token.kind != TokenKind::Operator || token.text.size() != 1) return 0;
    const char bracket = token.text[0];
    if (bracket == '(' || bracket == '[' || bracket == '{') return 1;
    if (bracket == ')' || bracket == ']' || bracket == '}') return -1;
    return 0;
}

int codePointCount(std::string_view text) {
    int count = 0;
    for (const char byte : text) {
        if (!isUtf8Continuation(byte)) ++count;
    }
    return count;
}

}  // namespace

bool isKeyword(std::string_view name) {
    return std::find(keywords.begin(), keywords.end(), name) != keywords.end();
}

TokenCursor::TokenCursor(const std::vector<Token>& tokens, bool truncated, std::string_view source)
    : tokens_(tokens), truncated_(truncated) {
    const std::string text = normalizeNewlines(source);
    std::size_t lineStart = 0;
    while (lineStart < text.size()) {
        const std::size_t newline = text.find('\n', lineStart);
        const std::size_t end = newline == std::string::npos ? text.size() : newline;
        lines_.push_back(text.substr(lineStart, end - lineStart));
        lineStart = end + 1;
    }
    // CPython reports errors at the end of the source (ENDMARKER, the last DEDENTs) on the last
    // line, just past its last character with its newline counted (an implicit one when the file
    // lacks it).
    if (!lines_.empty()) {
        sourceEnd_ = {static_cast<int>(lines_.size()), codePointCount(lines_.back()) + 1};
    }
    depths_.reserve(tokens.size());
    int depth = 0;
    for (const Token& token : tokens) {
        depth = std::max(0, depth + depthChange(token));
        depths_.push_back(depth);
    }
    // Past the last token stands an ENDMARKER with no text, so the parser fails on it; whether it
    // is the lexer's error that shows is decided by the caller (reachedTruncation).
    pastEnd_.kind = TokenKind::EndMarker;
    if (!tokens.empty()) {
        pastEnd_.startLine = pastEnd_.endLine = tokens.back().endLine;
        pastEnd_.startColumn = pastEnd_.endColumn = tokens.back().endColumn;
    }
}

const Token& TokenCursor::at(std::size_t index) const {
    if (index < tokens_.size()) return tokens_[index];
    return truncated_ || tokens_.empty() ? pastEnd_ : tokens_.back();
}

const Token& TokenCursor::peek(std::size_t ahead) {
    const std::size_t index = position_ + ahead;
    furthest_ = std::max(furthest_, std::min(index, tokens_.size()));
    if (!lookingAhead_)
        firstPassFurthest_ = std::max(firstPassFurthest_, std::min(index, tokens_.size()));
    if (index >= tokens_.size() && truncated_) reachedTruncation_ = true;
    return at(index);
}

const Token& TokenCursor::advance() {
    const Token& token = peek();
    if (position_ < tokens_.size()) ++position_;
    return token;
}

const Token& TokenCursor::previous() const { return at(position_ == 0 ? 0 : position_ - 1); }

bool TokenCursor::atOperator(std::string_view text, std::size_t ahead) {
    const Token& token = peek(ahead);
    return token.kind == TokenKind::Operator && token.text == text;
}

bool TokenCursor::atKeyword(std::string_view text, std::size_t ahead) {
    const Token& token = peek(ahead);
    return token.kind == TokenKind::Name && token.text == text;
}

bool TokenCursor::atKind(TokenKind kind, std::size_t ahead) { return peek(ahead).kind == kind; }

bool TokenCursor::atIdentifier(std::size_t ahead) {
    const Token& token = peek(ahead);
    return token.kind == TokenKind::Name && !isKeyword(token.text);
}

int TokenCursor::bracketDepthAfter(std::size_t index) const {
    if (depths_.empty()) return 0;
    return depths_[std::min(index, depths_.size() - 1)];
}

bool TokenCursor::onlyEndTokensFrom(std::size_t index) const {
    if (truncated_) return false;
    for (std::size_t later = index; later < tokens_.size(); ++later) {
        const TokenKind kind = tokens_[later].kind;
        if (kind != TokenKind::Dedent && kind != TokenKind::EndMarker) return false;
    }
    return true;
}

ErrorSite TokenCursor::siteOf(std::size_t index) const {
    const Token& token = at(index);
    if (index >= tokens_.size()) {
        return truncated_ ? ErrorSite{token.startLine, token.startColumn + 1} : sourceEnd_;
    }
    if (token.kind == TokenKind::EndMarker ||
        (token.kind == TokenKind::Dedent && onlyEndTokensFrom(index))) {
        return sourceEnd_;
    }
    if (token.kind == TokenKind::Newline) return newlineSite(index);
    if (token.kind == TokenKind::Indent) return {token.startLine, token.endColumn};
    if (token.kind == TokenKind::Dedent) return {token.startLine, token.startColumn};
    return {token.startLine, token.startColumn + 1};
}

// CPython's NEWLINE token starts where a comment before it starts (the tokenizer skips the
// comment as part of the NEWLINE), not at the end of the line as `tokenize` reports it.
ErrorSite TokenCursor::newlineSite(std::size_t index) const {
    const Token& token = tokens_[index];
    const ErrorSite atToken{token.startLine, token.startColumn + 1};
    if (index == 0 || token.startLine < 1 || token.startLine > static_cast<int>(lines_.size())) {
        return atToken;
    }
    const Token& before = tokens_[index - 1];
    if (before.endLine != token.startLine) return atToken;
    const std::string& line = lines_[static_cast<std::size_t>(token.startLine - 1)];
    int column = 0;
    for (std::size_t at = 0; at < line.size() && column < token.startColumn; ++at) {
        if (isUtf8Continuation(line[at])) continue;
        if (column >= before.endColumn && line[at] == '#') return {token.startLine, column + 1};
        ++column;
    }
    return atToken;
}

}  // namespace mlsyslab::pyvm::grammar
