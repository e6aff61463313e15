#include "pyvm/Lexer.h"

#include <array>

#include "common/Concat.h"
#include "pyvm/NumberLiteral.h"
#include "pyvm/SourceCharacters.h"

namespace mlsyslab::pyvm {
namespace {

// Python 3.11's operators and delimiters by length; longer ones are tried first, so `**=` is one
// token and not `**` then `=`.
constexpr std::array<std::string_view, 5> threeCharacterOperators = {"**=", "//=", "...",
                                                                     ">>=", "<<="};
constexpr std::array<std::string_view, 19> twoCharacterOperators = {
    "!=", "%=", "&=", "**", "*=", "+=", "-=", "->", "//", "/=",
    ":=", "<<", "<=", "==", ">=", ">>", "@=", "^=", "|="};
constexpr std::string_view oneCharacterOperators = "%&()*+,-./:;<=>@[]^{|}~";

// CPython measures indentation twice: with tabs to the next multiple of 8 and with tabs as one
// column. If the two disagree on the ordering of two lines, the meaning depends on the tab width
// and CPython raises TabError (Parser/tokenizer.c).
constexpr int tabSize = 8;

struct Indentation {
    int column = 0;
    int alternateColumn = 0;
};

struct OpenBracket {
    char bracket;
    int line;
    int column;
};

class Lexer {
public:
    explicit Lexer(std::string source) : source_(std::move(source)) {}

    LexResult run() {
        while (!result_.error && !atEnd()) {
            if (!readLineStart()) continue;
            readLogicalLineRest();
        }
        if (!result_.error) finish();
        return std::move(result_);
    }

private:
    bool atEnd() const { return position_ >= source_.size(); }
    char peek(std::size_t ahead = 0) const {
        return position_ + ahead < source_.size() ? source_[position_ + ahead] : '\0';
    }

    // Columns count code points, as `tokenize` does on decoded text. Lesson programs have short
    // lines, so counting from the line's start each time costs little.
    int columnOf(std::size_t bytePosition) const {
        int column = 0;
        for (std::size_t index = lineStart_; index < bytePosition; ++index) {
            if (!isUtf8Continuation(source_[index])) ++column;
        }
        return column;
    }
    int column() const { return columnOf(position_); }

    void advanceLine() {
        ++line_;
        lineStart_ = position_;
    }

    void fail(std::string message, int line, int offset, std::string kind = "SyntaxError") {
        if (!result_.error) {
            result_.error = SyntaxError{std::move(kind), std::move(message), line, offset};
        }
    }

    void add(TokenKind kind, std::size_t startPosition, int startLine, int startColumn) {
        Token token;
        token.kind = kind;
        token.text = source_.substr(startPosition, position_ - startPosition);
        token.startLine = startLine;
        token.startColumn = startColumn;
        token.endLine = line_;
        token.endColumn = column();
        result_.tokens.push_back(std::move(token));
    }

    // Measures the indentation of a new logical line and emits INDENT or DEDENT tokens. Returns
    // false for blank and comment-only lines, which `tokenize` reports as NL only.
    bool readLineStart() {
        Indentation indentation;
        while (peek() == ' ' || peek() == '\t' || peek() == '\f') {
            if (peek() == ' ') {
                ++indentation.column;
                ++indentation.alternateColumn;
            } else if (peek() == '\t') {
                indentation.column = (indentation.column / tabSize + 1) * tabSize;
                ++indentation.alternateColumn;
            } else {
                indentation = Indentation{};
            }
            ++position_;
        }
        if (peek() == '#') {
            while (!atEnd() && peek() != '\n') ++position_;
        }
        if (atEnd()) return false;
        if (peek() == '\n') {
            ++position_;
            advanceLine();
            return false;
        }
        applyIndentation(indentation);
        return !result_.error;
    }

    void applyIndentation(const Indentation& indentation) {
        const Indentation& current = indents_.back();
        if (indentation.column == current.column) {
            if (indentation.alternateColumn != current.alternateColumn) failTab();
            return;
        }
        if (indentation.column > current.column) {
            if (indentation.alternateColumn <= current.alternateColumn) return failTab();
            indents_.push_back(indentation);
            add(TokenKind::Indent, lineStart_, line_, 0);
            return;
        }
        while (indents_.size() > 1 && indentation.column < indents_.back().column) {
            indents_.pop_back();
            result_.tokens.push_back(
                Token{TokenKind::Dedent, "", line_, column(), line_, column()});
        }
        if (indentation.column != indents_.back().column) {
            // CPython points just past the end of the offending line.
            std::size_t lineEnd = position_;
            while (lineEnd < source_.size() && source_[lineEnd] != '\n') ++lineEnd;
            fail("unindent does not match any outer indentation level", line_,
                 columnOf(lineEnd) + 1, "IndentationError");
        } else if (indentation.alternateColumn != indents_.back().alternateColumn) {
            failTab();
        }
    }

    void failTab() {
        fail("inconsistent use of tabs and spaces in indentation", line_, 1, "TabError");
    }

    // Reads tokens up to the NEWLINE that ends the logical line (or the end of the source).
    void readLogicalLineRest() {
        while (!result_.error) {
            const char character = peek();
            if (atEnd()) {
                if (brackets_.empty()) {
                    // `tokenize` adds an empty NEWLINE when the last line has none.
                    const int at = column();
                    result_.tokens.push_back(
                        Token{TokenKind::Newline, "", line_, at, line_, at + 1});
                }
                return;
            }
            if (character == ' ' || character == '\t' || character == '\f') {
                ++position_;
            } else if (character == '#') {
                while (!atEnd() && peek() != '\n') ++position_;
            } else if (character == '\n') {
                const int startColumn = column();
                const std::size_t start = position_;
                ++position_;
                if (brackets_.empty()) {
                    result_.tokens.push_back(Token{TokenKind::Newline, source_.substr(start, 1),
                                                   line_, startColumn, line_, startColumn + 1});
                    advanceLine();
                    return;
                }
                advanceLine();  // implicit line joining inside brackets: an NL, dropped
            } else if (character == '\\') {
                readContinuation();
            } else if (isIdentifierStart(decodeCharacter(source_, position_).codePoint)) {
                readNameOrPrefixedString();
            } else if (isDigit(character) || (character == '.' && isDigit(peek(1)))) {
                readNumber();
            } else if (character == '\'' || character == '"') {
                readString(position_, column());
            } else {
                readOperator();
            }
        }
    }

    void readContinuation() {
        const int backslashColumn = column();
        ++position_;
        if (atEnd()) return fail("unexpected EOF while parsing", line_, backslashColumn + 2);
        if (peek() != '\n') {
            return fail("unexpected character after line continuation character", line_,
                        backslashColumn + 2);
        }
        ++position_;
        advanceLine();
    }

    void readNameOrPrefixedString() {
        const std::size_t start = position_;
        const int startColumn = column();
        while (!atEnd() && isIdentifierContinue(decodeCharacter(source_, position_).codePoint)) {
            position_ += decodeCharacter(source_, position_).lengthBytes;
        }
        if (peek() == '\'' || peek() == '"') {
            std::string prefix;
            for (std::size_t index = start; index < position_; ++index) {
                prefix.push_back(static_cast<char>(source_[index] | 0x20));  // ASCII lower case
            }
            if (prefix == "r" || prefix == "u" || prefix == "f" || prefix == "fr" ||
                prefix == "rf") {
                return readString(start, startColumn);
            }
            if (prefix == "b" || prefix == "rb" || prefix == "br") {
                return fail("bytes literals are not supported by the lesson VM", line_,
                            startColumn + 1);
            }
        }
        add(TokenKind::Name, start, line_, startColumn);
    }

    // Reads a string from its prefix at `start`; escape sequences stay raw in the token text and
    // f-strings stay one token, so the parser can split them.
    void readString(std::size_t start, int startColumn) {
        const int startLine = line_;
        const char quote = peek();
        const bool triple = peek(1) == quote && peek(2) == quote;
        position_ += triple ? 3 : 1;
        while (true) {
            if (atEnd()) {
                if (!triple) break;
                const int detectedLine = lastReadLine();
                return fail(concat("unterminated triple-quoted string literal (detected at line ",
                                   std::to_string(detectedLine), ")"),
                            startLine, startColumn + 1);
            }
            const char character = peek();
            if (character == '\\') {
                ++position_;  // the escaped character is taken below, whatever it is
                if (!atEnd()) takeCharacter();
                continue;
            }
            if (character == quote && (!triple || (peek(1) == quote && peek(2) == quote))) {
                position_ += triple ? 3 : 1;
                return add(TokenKind::String, start, startLine, startColumn);
            }
            if (character == '\n' && !triple) break;
            takeCharacter();
        }
        fail(concat("unterminated string literal (detected at line ",
                    std::to_string(lastReadLine()), ")"),
             startLine, startColumn + 1);
    }

    // The line of the last character read: at the end of a source that ends in "\n", the line
    // counter has already moved past it, but CPython reports the line the newline ended.
    int lastReadLine() const { return position_ == lineStart_ && line_ > 1 ? line_ - 1 : line_; }

    void takeCharacter() {
        const bool newline = peek() == '\n';
        ++position_;
        if (newline) advanceLine();
    }

    void readNumber() {
        const std::size_t start = position_;
        const int startColumn = column();
        const NumberScan scan = scanNumber(source_, position_);
        if (!scan.error.empty()) {
            return fail(scan.error, line_, startColumn + scan.errorOffsetFromStart);
        }
        position_ += scan.lengthBytes;
        add(TokenKind::Number, start, line_, startColumn);
    }

    void readOperator() {
        const std::size_t start = position_;
        const int startColumn = column();
        const std::string_view rest(source_.data() + position_, source_.size() - position_);
        std::size_t length = 0;
        for (std::string_view candidate : threeCharacterOperators) {
            if (rest.starts_with(candidate)) length = 3;
        }
        for (std::string_view candidate : twoCharacterOperators) {
            if (length == 0 && rest.starts_with(candidate)) length = 2;
        }
        if (length == 0 && oneCharacterOperators.find(rest[0]) != std::string_view::npos) {
            length = 1;
        }
        if (length == 0) return failInvalidCharacter(startColumn);
        if (length == 1 && !trackBracket(rest[0], startColumn)) return;
        position_ += length;
        add(TokenKind::Operator, start, line_, startColumn);
    }

    bool trackBracket(char bracket, int startColumn) {
        if (bracket == '(' || bracket == '[' || bracket == '{') {
            brackets_.push_back(OpenBracket{bracket, line_, startColumn});
            return true;
        }
        if (bracket != ')' && bracket != ']' && bracket != '}') return true;
        if (brackets_.empty()) {
            fail(concat("unmatched '", std::string(1, bracket), "'"), line_, startColumn + 1);
            return false;
        }
        const OpenBracket open = brackets_.back();
        const char expected = open.bracket == '(' ? ')' : open.bracket == '[' ? ']' : '}';
        if (bracket != expected) {
            const std::string where =
                open.line == line_ ? "" : concat(" on line ", std::to_string(open.line));
            fail(concat("closing parenthesis '", std::string(1, bracket),
                        "' does not match opening parenthesis '", std::string(1, open.bracket), "'",
                        where),
                 line_, startColumn + 1);
            return false;
        }
        brackets_.pop_back();
        return true;
    }

    // Names the character by its code point, as CPython does for characters outside the grammar.
    void failInvalidCharacter(int startColumn) {
        const DecodedCharacter character = decodeCharacter(source_, position_);
        fail(concat("invalid character '", source_.substr(position_, character.lengthBytes), "' (",
                    codePointName(character.codePoint), ")"),
             line_, startColumn + 1);
    }

    void finish() {
        if (!brackets_.empty()) {
            const OpenBracket open = brackets_.back();
            return fail(concat("'", std::string(1, open.bracket), "' was never closed"), open.line,
                        open.column + 1);
        }
        // A last line without "\n" counts as a line of its own unless it is only whitespace.
        const bool lastLineBlank =
            source_.find_first_not_of(" \t\f", lineStart_) == std::string::npos;
        const int endLine = lastLineBlank ? line_ : line_ + 1;
        while (indents_.size() > 1) {
            indents_.pop_back();
            result_.tokens.push_back(Token{TokenKind::Dedent, "", endLine, 0, endLine, 0});
        }
        result_.tokens.push_back(Token{TokenKind::EndMarker, "", endLine, 0, endLine, 0});
    }

    std::string source_;
    std::size_t position_ = 0;
    std::size_t lineStart_ = 0;
    int line_ = 1;
    std::vector<Indentation> indents_{Indentation{}};
    std::vector<OpenBracket> brackets_;
    LexResult result_;
};

}  // namespace

LexResult tokenize(std::string_view source) { return Lexer(normalizeNewlines(source)).run(); }

}  // namespace mlsyslab::pyvm
