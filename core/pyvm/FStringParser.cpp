// The inside of f-strings, following CPython 3.11's Parser/string_parser.c (fstring_find_literal,
// fstring_find_expr, fstring_compile_expr): the lexer returns an f-string as one STRING token, so
// its literal parts, {expression}s, conversions and format specs are taken apart here.
#include "pyvm/FStringParser.h"

#include "common/Concat.h"
#include "pyvm/GrammarParser.h"
#include "pyvm/SourceCharacters.h"
#include "pyvm/StringLiteral.h"

namespace mlsyslab::pyvm::grammar {
namespace {

// CPython's MAXLEVEL for brackets inside one f-string expression.
constexpr std::size_t maximumNesting = 200;

bool isAsciiSpace(char character) {
    return character == ' ' || character == '\t' || character == '\n' || character == '\r' ||
           character == '\v' || character == '\f';
}

struct SourcePosition {
    int line = 1;
    int column = 0;
};

// Where the byte at `index` of a token's text sits in the source.
SourcePosition positionInToken(const Token& token, std::size_t index) {
    SourcePosition position{token.startLine, token.startColumn};
    for (std::size_t at = 0; at < index && at < token.text.size(); ++at) {
        if (token.text[at] == '\n') {
            ++position.line;
            position.column = 0;
        } else if (!isUtf8Continuation(token.text[at])) {
            ++position.column;
        }
    }
    return position;
}

// The literal text gathered so far and the parts already closed (FstringParser in CPython).
struct Parts {
    std::optional<std::string> pendingText;
    ast::ExprList values;
    bool formatted = false;

    void addText(std::string text) {
        if (text.empty()) return;
        if (pendingText) {
            *pendingText += text;
        } else {
            pendingText = std::move(text);
        }
    }
};

class StringJoiner {
public:
    StringJoiner(const std::vector<Token>& strings, ErrorSite errorSite)
        : strings_(strings), errorSite_(errorSite) {}

    StringLiteralResult run() {
        Parts parts;
        for (const Token& token : strings_) {
            const StringTokenParts pieces = splitStringToken(token.text);
            if (pieces.formatted) {
                std::size_t position = 0;
                if (!joinFString(parts, pieces, position, 0, token)) return takeError();
            } else if (pieces.raw) {
                parts.addText(std::string(pieces.body));
            } else {
                Result<std::string> decoded = decodeEscapes(pieces.body);
                if (!decoded) return fail(decoded.error());
                parts.addText(*decoded);
            }
        }
        StringLiteralResult result;
        result.expression = finish(parts, strings_.front(), strings_.back());
        return result;
    }

private:
    StringLiteralResult fail(std::string message) {
        raise(std::move(message));
        return takeError();
    }

    StringLiteralResult takeError() {
        StringLiteralResult result;
        result.error = std::move(error_);
        result.errorIsFinal = errorIsFinal_;
        return result;
    }

    bool raise(std::string message) {
        if (!error_) {
            error_ =
                SyntaxError{"SyntaxError", std::move(message), errorSite_.line, errorSite_.offset};
        }
        return false;
    }

    ast::ExprPtr makeText(std::string text, const Token& first, const Token& last) const {
        ast::ConstantExpr constant{Constant{std::move(text)}};
        if (!first.text.empty() && first.text[0] == 'u') constant.kind = "u";
        return std::make_unique<ast::Expr>(ast::Expr{std::move(constant), span(first, last)});
    }

    static ast::Location span(const Token& first, const Token& last) {
        return {first.startLine, first.startColumn, last.endLine, last.endColumn};
    }

    ast::ExprPtr finish(Parts& parts, const Token& first, const Token& last) const {
        if (!parts.formatted) return makeText(parts.pendingText.value_or(""), first, last);
        if (parts.pendingText) parts.values.push_back(makeText(*parts.pendingText, first, last));
        return std::make_unique<ast::Expr>(
            ast::Expr{ast::JoinedStr{std::move(parts.values)}, span(first, last)});
    }

    // _PyPegen_FstringParser_ConcatFstring: literal and {expression} pairs up to the end of the
    // body, or up to the '}' that closes a format spec (level 1).
    bool joinFString(Parts& parts, const StringTokenParts& pieces, std::size_t& position, int level,
                     const Token& token) {
        parts.formatted = true;
        const std::string_view body = pieces.body;
        while (true) {
            std::optional<std::string> literal;
            const int found = findLiteral(pieces, position, level, literal);
            if (found < 0) return false;
            if (literal) parts.addText(std::move(*literal));
            if (found == 1) continue;  // a doubled brace: keep reading literal text
            if (position >= body.size() || body[position] == '}') break;
            std::optional<std::string> debugText;
            ast::ExprPtr field = findExpression(pieces, position, level, debugText, token);
            if (!field) return false;
            if (debugText) parts.addText(std::move(*debugText));
            if (parts.pendingText) {
                parts.values.push_back(
                    makeText(*parts.pendingText, strings_.front(), strings_.back()));
                parts.pendingText.reset();
            }
            parts.values.push_back(std::move(field));
        }
        if (level == 0 && position + 1 < body.size())
            return raise("f-string: unexpected end of string");
        if (level != 0 && (position >= body.size() || body[position] != '}')) {
            return raise("f-string: expecting '}'");
        }
        return true;
    }

    // fstring_find_literal: text up to an undoubled brace. Returns -1 on error, 1 after a doubled
    // brace (more literal text follows), 0 otherwise.
    int findLiteral(const StringTokenParts& pieces, std::size_t& position, int level,
                    std::optional<std::string>& literal) {
        const std::string_view body = pieces.body;
        const std::size_t start = position;
        std::size_t at = position;
        int result = 0;
        std::size_t resume = std::string_view::npos;
        while (at < body.size()) {
            char character = body[at++];
            if (!pieces.raw && character == '\\' && at < body.size()) {
                character = body[at++];
                if (character == 'N' && at < body.size() && body[at] == '{') {
                    while (at < body.size() && body[at++] != '}') {
                    }
                    continue;
                }
            }
            if (character != '{' && character != '}') continue;
            if (level == 0) {
                if (at < body.size() && body[at] == character) {
                    resume = at + 1;  // keep one brace of the pair in the literal
                    result = 1;
                    break;
                }
                if (character == '}') {
                    raise("f-string: single '}' is not allowed");
                    return -1;
                }
            }
            --at;  // the brace starts an expression, or ends a format spec
            break;
        }
        position = resume == std::string_view::npos ? at : resume;
        if (at != start) {
            const std::string_view text = body.substr(start, at - start);
            if (pieces.raw) {
                literal = std::string(text);
            } else {
                Result<std::string> decoded = decodeEscapes(text);
                if (!decoded) {
                    raise(decoded.error());
                    return -1;
                }
                literal = *decoded;
            }
        }
        return result;
    }

    // fstring_find_expr: `{expression[=][!conversion][:format_spec]}`.
    ast::ExprPtr findExpression(const StringTokenParts& pieces, std::size_t& position, int level,
                                std::optional<std::string>& debugText, const Token& token) {
        const std::string_view body = pieces.body;
        if (level >= 2) return fault("f-string: expressions nested too deeply");
        ++position;  // the '{'
        const std::size_t expressionStart = position;
        char quote = 0;
        bool tripleQuoted = false;
        std::string brackets;
        for (; position < body.size(); ++position) {
            const char character = body[position];
            if (character == '\\')
                return fault("f-string expression part cannot include a backslash");
            if (quote != 0) {
                if (character != quote) continue;
                if (!tripleQuoted) {
                    quote = 0;
                } else if (position + 2 < body.size() && body[position + 1] == quote &&
                           body[position + 2] == quote) {
                    position += 2;
                    quote = 0;
                }
                continue;
            }
            if (character == '\'' || character == '"') {
                tripleQuoted = position + 2 < body.size() && body[position + 1] == character &&
                               body[position + 2] == character;
                if (tripleQuoted) position += 2;
                quote = character;
            } else if (character == '[' || character == '{' || character == '(') {
                if (brackets.size() >= maximumNesting)
                    return fault("f-string: too many nested parenthesis");
                brackets.push_back(character);
            } else if (character == '#') {
                return fault("f-string expression part cannot include '#'");
            } else if (brackets.empty() &&
                       std::string_view("!:}=<>").find(character) != std::string_view::npos) {
                if (position + 1 < body.size()) {
                    const char next = body[position + 1];
                    if (next == '=' && (character == '!' || character == '=' || character == '<' ||
                                        character == '>')) {
                        ++position;  // != == <= >= are operators inside the expression
                        continue;
                    }
                    if (character == '<' || character == '>') continue;
                }
                break;
            } else if (character == ']' || character == '}' || character == ')') {
                if (brackets.empty())
                    return fault(concat("f-string: unmatched '", std::string(1, character), "'"));
                const char opening = brackets.back();
                brackets.pop_back();
                const char expected = opening == '(' ? ')' : opening == '[' ? ']' : '}';
                if (character != expected) {
                    return fault(concat(
                        "f-string: closing parenthesis '", std::string(1, character),
                        "' does not match opening parenthesis '", std::string(1, opening), "'"));
                }
            }
        }
        const std::size_t expressionEnd = position;
        if (quote != 0) return fault("f-string: unterminated string");
        if (!brackets.empty())
            return fault(concat("f-string: unmatched '", std::string(1, brackets.back()), "'"));
        if (position >= body.size()) return fault("f-string: expecting '}'");

        ast::ExprPtr value = compileExpression(pieces, expressionStart, expressionEnd, token);
        if (!value) return nullptr;
        if (body[position] == '=') {
            ++position;
            while (position < body.size() && isAsciiSpace(body[position])) ++position;
            debugText = std::string(body.substr(expressionStart, position - expressionStart));
        }
        int conversion = -1;
        if (position < body.size() && body[position] == '!') {
            ++position;
            if (position >= body.size()) return fault("f-string: expecting '}'");
            conversion = static_cast<unsigned char>(body[position++]);
            if (conversion != 's' && conversion != 'r' && conversion != 'a') {
                return fault("f-string: invalid conversion character: expected 's', 'r', or 'a'");
            }
        }
        if (position >= body.size()) return fault("f-string: expecting '}'");
        ast::ExprPtr formatSpec;
        if (body[position] == ':') {
            ++position;
            if (position >= body.size()) return fault("f-string: expecting '}'");
            Parts specParts;
            if (!joinFString(specParts, pieces, position, level + 1, token)) return nullptr;
            formatSpec = finish(specParts, token, token);
        }
        if (position >= body.size() || body[position] != '}')
            return fault("f-string: expecting '}'");
        ++position;
        if (debugText && !formatSpec && conversion == -1) conversion = 'r';
        return std::make_unique<ast::Expr>(
            ast::Expr{ast::FormattedValue{std::move(value), conversion, std::move(formatSpec)},
                      span(strings_.front(), strings_.back())});
    }

    ast::ExprPtr fault(std::string message) {
        raise(std::move(message));
        return nullptr;
    }

    // fstring_compile_expr: the expression is parsed as "(expression)" by a parser of its own,
    // whose tokens are moved to where the expression sits in the source.
    ast::ExprPtr compileExpression(const StringTokenParts& pieces, std::size_t start,
                                   std::size_t end, const Token& token) {
        const std::string_view text = pieces.body.substr(start, end - start);
        if (text.find_first_not_of(" \t\n\f") == std::string_view::npos) {
            const char next = pieces.body[end];
            if (next == '!' || next == ':' || next == '=') {
                return fault(
                    concat("f-string: expression required before '", std::string(1, next), "'"));
            }
            return fault("f-string: empty expression not allowed");
        }
        const std::size_t braceIndex = pieces.bodyStart + start - 1;
        const SourcePosition brace = positionInToken(token, braceIndex);
        const std::size_t lineBreak = text.find_first_not_of(" \t\f");
        const bool newlineAfterBrace = text[lineBreak] == '\n';
        const bool braceOnFirstLine = brace.line == token.startLine;
        // CPython shifts the first line of "(expression)" to the brace's column, except when the
        // expression starts on the next line (then the shift is the token's column or nothing);
        // error offsets are counted back from that shift.
        const int shift = !newlineAfterBrace ? brace.column
                          : braceOnFirstLine ? token.startColumn
                                             : 0;
        LexResult lexed = tokenize(concat("(", text, ")"));
        const auto moveLine = [&](int line) { return brace.line + line - 1; };
        for (Token& inner : lexed.tokens) {
            if (inner.startLine == 1) inner.startColumn += shift;
            if (inner.endLine == 1) inner.endColumn += shift;
            inner.startLine = moveLine(inner.startLine);
            inner.endLine = moveLine(inner.endLine);
        }
        if (lexed.error) lexed.error->line = moveLine(lexed.error->line);
        GrammarParser parser(lexed.tokens, lexed.error.has_value(), "", ParserMode{true, shift});
        ast::ExprPtr expression = parser.parseFStringExpression();
        if (std::optional<SyntaxError> error = firstError(lexed, parser)) {
            if (!error_) {
                error_ = std::move(*error);
                errorIsFinal_ = true;
            }
            return nullptr;
        }
        return expression;
    }

    const std::vector<Token>& strings_;
    ErrorSite errorSite_;
    std::optional<SyntaxError> error_;
    bool errorIsFinal_ = false;
};

}  // namespace

StringLiteralResult concatenateStrings(const std::vector<Token>& strings, ErrorSite errorSite) {
    return StringJoiner(strings, errorSite).run();
}

}  // namespace mlsyslab::pyvm::grammar
