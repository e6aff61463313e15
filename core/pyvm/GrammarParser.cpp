#include "pyvm/GrammarParser.h"

#include <algorithm>

#include "common/Concat.h"

namespace mlsyslab::pyvm::grammar {
namespace {

// CPython gives up on trees about 3000 levels deep (its recursion limit of 1000 times the
// compiler's scale of 3) with a RecursionError. The same limit keeps this parser's recursion, and
// every later walk of the tree, far from the end of the stack.
constexpr int maximumTreeDepth = 3000;

bool isAsciiCharacterError(const SyntaxError& error) {
    constexpr std::string_view prefix = "invalid character '";
    return error.message.starts_with(prefix) && error.message.size() > prefix.size() &&
           static_cast<unsigned char>(error.message[prefix.size()]) < 0x80;
}

// Most of CPython's tokenizer errors raise at once, so they replace a parser error when CPython
// tokenizes the rest of the source. These do not: the tokenizer only flags them (E_DEDENT,
// E_TABSPACE, E_EOF, E_LINECONT, an ERRORTOKEN for a stray ASCII character), and the subset's own
// refusals (bytes, imaginary numbers) are no errors to CPython at all.
bool replacesParserError(const SyntaxError& lexError) {
    if (lexError.kind != "SyntaxError") return false;
    if (lexError.message.ends_with("was never closed")) return false;
    if (lexError.message == "unexpected EOF while parsing") return false;
    if (lexError.message == "unexpected character after line continuation character") return false;
    if (lexError.message.ends_with("not supported by the lesson VM")) return false;
    return !isAsciiCharacterError(lexError);
}

}  // namespace

std::optional<SyntaxError> firstError(const LexResult& lexed, const GrammarParser& parser) {
    if (!lexed.error) return parser.error();
    const SyntaxError& lexError = *lexed.error;
    if (!parser.error() || parser.reachedLexerError()) return lexError;
    if (parser.errorIsUnexpectedIndentation()) return parser.error();
    if (replacesParserError(lexError)) return lexError;
    // An unclosed bracket wins over a parser error on a later line (pegen's
    // _PyPegen_tokenize_full_source_to_check_for_errors).
    if (lexError.message.ends_with("was never closed") && parser.furthestLine() > lexError.line) {
        return lexError;
    }
    return parser.error();
}

GrammarParser::GrammarParser(const std::vector<Token>& tokens, bool tokensTruncated,
                             std::string_view source, ParserMode mode)
    : cursor_(tokens, tokensTruncated, source),
      mode_(mode),
      shapes_(tokens.size() + 1, AtomShape::Other) {}

bool GrammarParser::DepthGuard::deeper() {
    ++levels_;
    if (++parser_.depth_ <= maximumTreeDepth) return true;
    parser_.raiseAtToken(parser_.cursor_.position(),
                         "maximum recursion depth exceeded during compilation", "RecursionError");
    return false;
}

ast::StmtList GrammarParser::parseFile() {
    ast::StmtList body;
    while (!failed() && !cursor_.atKind(TokenKind::EndMarker)) {
        if (!parseStatement(body)) break;
    }
    return body;
}

ast::ExprPtr GrammarParser::parseFStringExpression() { return parseStarExpressions(); }

int GrammarParser::furthestLine() const { return cursor_.at(cursor_.furthest()).startLine; }

void GrammarParser::raiseAt(ErrorSite site, std::string message, std::string kind) {
    if (failed()) return;
    if (mode_.fstringExpression) {
        message = concat("f-string: ", message);
        site.offset -= mode_.startingColumnOffset;
    }
    error_ = SyntaxError{std::move(kind), std::move(message), site.line, site.offset};
    errorIsGeneric_ = false;
    errorIsIndentation_ = false;
}

void GrammarParser::raiseAtToken(std::size_t index, std::string message, std::string kind) {
    raiseAt(cursor_.siteOf(index), std::move(message), std::move(kind));
}

void GrammarParser::raiseAtNode(const ast::Location& where, std::string message) {
    raiseAt(ErrorSite{where.line, where.column + 1}, std::move(message));
}

void GrammarParser::raiseInvalidSyntax() {
    if (failed()) return;
    cursor_.peek();
    const std::size_t index = cursor_.firstPassFurthest();
    const TokenKind kind = cursor_.at(index).kind;
    const bool indentation = kind == TokenKind::Indent || kind == TokenKind::Dedent;
    if (kind == TokenKind::Indent) {
        raiseAtToken(index, "unexpected indent", "IndentationError");
    } else if (kind == TokenKind::Dedent) {
        raiseAtToken(index, "unexpected unindent", "IndentationError");
    } else {
        raiseAtToken(index, "invalid syntax");
    }
    errorIsGeneric_ = true;
    errorIsIndentation_ = indentation;
}

void GrammarParser::raiseUnsupported(std::size_t index, std::string_view what) {
    raiseAtToken(index, concat(what, " not supported by the lesson VM"));
}

void GrammarParser::raiseUnsupportedKeyword(std::size_t index) {
    raiseUnsupported(index, concat("'", cursor_.at(index).text, "' is"));
}

void GrammarParser::adoptError(SyntaxError error) {
    if (failed()) return;
    error_ = std::move(error);
    errorIsGeneric_ = false;
    errorIsIndentation_ = false;
}

// In prefix mode the expression ends before `continuation`, the operator or trailer whose
// right side did not parse.
bool GrammarParser::backtrack(std::size_t continuation) {
    // A specific error found while reading ahead is CPython's answer, not a reason to stop.
    if (!prefixMode_ || !errorIsGeneric_) return false;
    error_.reset();
    errorIsGeneric_ = false;
    errorIsIndentation_ = false;
    cursor_.rewind(continuation);
    return true;
}

ast::ExprPtr GrammarParser::endAtPrefix(ast::ExprPtr left, std::size_t continuation) {
    return backtrack(continuation) ? std::move(left) : nullptr;
}

bool GrammarParser::expectOperator(std::string_view text) {
    if (failed()) return false;
    if (cursor_.atOperator(text)) {
        cursor_.advance();
        return true;
    }
    raiseInvalidSyntax();
    return false;
}

// A node spans its first token to its last one, not counting the NEWLINE, INDENT and DEDENT
// tokens that end a block (pegen's _PyPegen_get_last_nonnwhitespace_token).
ast::Location GrammarParser::locationFrom(std::size_t startIndex) const {
    const Token& first = cursor_.at(startIndex);
    std::size_t lastIndex = cursor_.position() == 0 ? 0 : cursor_.position() - 1;
    while (lastIndex > startIndex) {
        const TokenKind kind = cursor_.at(lastIndex).kind;
        if (kind != TokenKind::Newline && kind != TokenKind::Indent && kind != TokenKind::Dedent &&
            kind != TokenKind::EndMarker) {
            break;
        }
        --lastIndex;
    }
    const Token& last = cursor_.at(lastIndex);
    return {first.startLine, first.startColumn, last.endLine, last.endColumn};
}

ast::ExprPtr GrammarParser::makeExpr(ast::Expr::Node node, ast::Location where) {
    return std::make_unique<ast::Expr>(ast::Expr{std::move(node), where});
}

ast::StmtPtr GrammarParser::makeStmt(ast::Stmt::Node node, ast::Location where) {
    return std::make_unique<ast::Stmt>(ast::Stmt{std::move(node), where});
}

bool GrammarParser::startsExpression(std::size_t ahead) {
    const Token& token = cursor_.peek(ahead);
    switch (token.kind) {
        case TokenKind::Number:
        case TokenKind::String:
            return true;
        case TokenKind::Name:
            return !isKeyword(token.text) || token.text == "True" || token.text == "False" ||
                   token.text == "None" || token.text == "not" || token.text == "lambda" ||
                   token.text == "await";
        case TokenKind::Operator:
            return token.text == "(" || token.text == "[" || token.text == "{" ||
                   token.text == "-" || token.text == "+" || token.text == "~" ||
                   token.text == "*" || token.text == "...";
        default:
            return false;
    }
}

void GrammarParser::setShape(std::size_t index, AtomShape shape) {
    if (index < shapes_.size()) shapes_[index] = shape;
}

GrammarParser::AtomShape GrammarParser::shapeAt(std::size_t index) const {
    return index < shapes_.size() ? shapes_[index] : AtomShape::Other;
}

}  // namespace mlsyslab::pyvm::grammar
