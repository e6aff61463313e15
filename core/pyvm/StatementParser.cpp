// Statements and blocks: simple statements separated by `;`, if/elif/else, while, for, def,
// return, del, global, nonlocal; and the statements outside the lesson subset, refused by name.
#include "common/Concat.h"
#include "pyvm/AssignmentTargets.h"
#include "pyvm/GrammarParser.h"

namespace mlsyslab::pyvm::grammar {
namespace {

bool isUnsupportedStatementKeyword(std::string_view word) {
    return word == "class" || word == "try" || word == "with" || word == "async" ||
           word == "import" || word == "raise" || word == "assert";
}

}  // namespace

bool GrammarParser::parseStatement(ast::StmtList& body) {
    const std::size_t index = cursor_.position();
    const Token& token = cursor_.peek();
    ast::StmtPtr compound;
    if (token.kind == TokenKind::Name) {
        if (token.text == "if") {
            compound = parseIf(false);
        } else if (token.text == "while") {
            compound = parseWhile();
        } else if (token.text == "for") {
            compound = parseFor();
        } else if (token.text == "def") {
            compound = parseFunctionDef();
        } else if (isUnsupportedStatementKeyword(token.text)) {
            raiseUnsupportedKeyword(index);
            return false;
        } else if (token.text == "from") {
            raiseUnsupported(index, "'import' is");
            return false;
        } else if (token.text == "match" && looksLikeMatchStatement()) {
            raiseUnsupportedKeyword(index);
            return false;
        } else {
            return parseSimpleStatements(body);
        }
        if (!compound) return false;
        body.push_back(std::move(compound));
        return true;
    }
    if (cursor_.atOperator("@")) {
        raiseUnsupported(index, "decorators are");
        return false;
    }
    return parseSimpleStatements(body);
}

bool GrammarParser::parseStatementsUntilDedent(ast::StmtList& body) {
    while (!cursor_.atKind(TokenKind::Dedent)) {
        if (cursor_.atKind(TokenKind::EndMarker)) {
            raiseInvalidSyntax();
            return false;
        }
        if (!parseStatement(body)) return false;
    }
    cursor_.advance();
    return true;
}

bool GrammarParser::parseSimpleStatements(ast::StmtList& body) {
    while (true) {
        ast::StmtPtr statement = parseSimpleStatement();
        if (!statement) return false;
        body.push_back(std::move(statement));
        if (!cursor_.atOperator(";")) break;
        cursor_.advance();
        if (cursor_.atKind(TokenKind::Newline)) break;
    }
    if (!cursor_.atKind(TokenKind::Newline)) {
        raiseInvalidSyntax();
        return false;
    }
    cursor_.advance();
    return true;
}

ast::StmtPtr GrammarParser::parseSimpleStatement() {
    const std::size_t start = cursor_.position();
    const Token& token = cursor_.peek();
    if (token.kind == TokenKind::Name) {
        if (token.text == "pass" || token.text == "break" || token.text == "continue") {
            const std::string word = cursor_.advance().text;
            ast::Stmt::Node node = ast::Pass{};
            if (word == "break") node = ast::Break{};
            if (word == "continue") node = ast::Continue{};
            return makeStmt(std::move(node), locationFrom(start));
        }
        if (token.text == "return") return parseReturn();
        if (token.text == "del") return parseDelete();
        if (token.text == "global" || token.text == "nonlocal") {
            return parseNameList(token.text == "nonlocal");
        }
        if (token.text == "import" || token.text == "raise" || token.text == "assert") {
            raiseUnsupportedKeyword(start);
            return nullptr;
        }
        if (token.text == "from") {
            raiseUnsupported(start, "'import' is");
            return nullptr;
        }
    }
    return parseExpressionStatement();
}

ast::StmtPtr GrammarParser::parseReturn() {
    const std::size_t start = cursor_.position();
    cursor_.advance();
    ast::ExprPtr value;
    if (startsExpression()) {
        value = parseStarExpressions();
        if (!value) return nullptr;
    }
    return makeStmt(ast::Return{std::move(value)}, locationFrom(start));
}

// del_stmt: CPython's first pass reads targets as primaries (names, attributes, subscripts,
// bracketed lists of them) up to ';' or the end of the line; when that fails its second pass
// reads `del` star_expressions and names the first part that cannot be deleted.
ast::StmtPtr GrammarParser::parseDelete() {
    const std::size_t start = cursor_.position();
    cursor_.advance();
    const std::size_t targetsStart = cursor_.position();
    ast::Delete del;
    bool parsed = true;
    while (parsed) {
        ast::ExprPtr target = parsePrimary();
        if (!target) {
            parsed = false;
            break;
        }
        del.targets.push_back(std::move(target));
        if (!cursor_.atOperator(",")) break;
        cursor_.advance();
        if (!startsExpression()) break;  // a trailing comma
    }
    parsed = parsed && (cursor_.atOperator(";") || cursor_.atKind(TokenKind::Newline));
    for (const ast::ExprPtr& target : del.targets) {
        parsed = parsed && invalidTarget(*target, TargetUse::Delete) == nullptr;
    }
    if (!parsed) {
        const bool diagnosed = secondPass(targetsStart, [this] {
            ast::ExprPtr targets = parseStarExpressions();
            if (!targets) return;
            if (const ast::Expr* invalid = invalidTarget(*targets, TargetUse::Delete)) {
                raiseAtNode(invalid->where, concat("cannot delete ", expressionName(*invalid)));
            }
        });
        if (!diagnosed) raiseInvalidSyntax();
        return nullptr;
    }
    for (ast::ExprPtr& target : del.targets) setContext(*target, ast::Context::Del);
    return makeStmt(std::move(del), locationFrom(start));
}

ast::StmtPtr GrammarParser::parseNameList(bool nonlocal) {
    const std::size_t start = cursor_.position();
    cursor_.advance();
    std::vector<std::string> names;
    while (true) {
        if (!cursor_.atIdentifier()) {
            raiseInvalidSyntax();
            return nullptr;
        }
        names.push_back(cursor_.advance().text);
        if (!cursor_.atOperator(",")) break;
        cursor_.advance();
    }
    if (nonlocal) return makeStmt(ast::Nonlocal{std::move(names)}, locationFrom(start));
    return makeStmt(ast::Global{std::move(names)}, locationFrom(start));
}

ast::StmtPtr GrammarParser::parseIf(bool isElif) {
    DepthGuard depth(*this);  // each elif nests in the If before it
    if (!depth.deeper()) return nullptr;
    const std::size_t start = cursor_.position();
    cursor_.advance();
    ast::If statement;
    statement.test = parseNamedExpression();
    if (!statement.test || !parseConditionColon()) return nullptr;
    // CPython names the line of the condition here, which is the keyword's line in practice.
    const int line = statement.test->where.line;
    if (!parseBlock(statement.body, line, isElif ? "'elif' statement" : "'if' statement")) {
        return nullptr;
    }
    if (cursor_.atKeyword("elif")) {
        ast::StmtPtr elif = parseIf(true);
        if (!elif) return nullptr;
        statement.orelse.push_back(std::move(elif));
    } else if (cursor_.atKeyword("else") && !parseElseBlock(statement.orelse)) {
        return nullptr;
    }
    return makeStmt(std::move(statement), locationFrom(start));
}

ast::StmtPtr GrammarParser::parseWhile() {
    const std::size_t start = cursor_.position();
    const int line = cursor_.advance().startLine;
    ast::While statement;
    statement.test = parseNamedExpression();
    if (!statement.test || !parseConditionColon()) return nullptr;
    if (!parseBlock(statement.body, line, "'while' statement")) return nullptr;
    if (cursor_.atKeyword("else") && !parseElseBlock(statement.orelse)) return nullptr;
    return makeStmt(std::move(statement), locationFrom(start));
}

ast::StmtPtr GrammarParser::parseFor() {
    const std::size_t start = cursor_.position();
    const int line = cursor_.advance().startLine;
    if (cursor_.atKeyword("async")) {
        raiseUnsupportedKeyword(cursor_.position());
        return nullptr;
    }
    ast::For statement;
    statement.target = parseForTargets();
    if (!statement.target) return nullptr;
    if (!cursor_.atKeyword("in")) {
        raiseInvalidSyntax();
        return nullptr;
    }
    cursor_.advance();
    statement.iter = parseStarExpressions();
    if (!statement.iter || !parseConditionColon()) return nullptr;
    if (!parseBlock(statement.body, line, "'for' statement")) return nullptr;
    if (cursor_.atKeyword("else") && !parseElseBlock(statement.orelse)) return nullptr;
    return makeStmt(std::move(statement), locationFrom(start));
}

ast::StmtPtr GrammarParser::parseFunctionDef() {
    const std::size_t start = cursor_.position();
    const int line = cursor_.advance().startLine;
    if (!cursor_.atIdentifier()) {
        raiseInvalidSyntax();
        return nullptr;
    }
    ast::FunctionDef function;
    function.name = cursor_.advance().text;
    if (!cursor_.atOperator("(")) {
        raiseAtToken(cursor_.position(), "expected '('");
        return nullptr;
    }
    cursor_.advance();
    if (!cursor_.atOperator(")") && !parseParameters(function.args, ")")) return nullptr;
    if (!expectOperator(")")) return nullptr;
    if (cursor_.atOperator("->")) {
        raiseUnsupported(cursor_.position(), "annotations are");
        return nullptr;
    }
    if (!cursor_.atOperator(":")) {
        raiseAtToken(cursor_.position(), "expected ':'");
        return nullptr;
    }
    cursor_.advance();
    if (!parseBlock(function.body, line, "function definition")) return nullptr;
    return makeStmt(std::move(function), locationFrom(start));
}

// The ':' after an if/elif/while/for header; CPython says "expected ':'" when the line ends.
bool GrammarParser::parseConditionColon() {
    if (cursor_.atOperator(":")) {
        cursor_.advance();
        return true;
    }
    if (cursor_.atKind(TokenKind::Newline)) {
        raiseAtToken(cursor_.position(), "expected ':'");
    } else {
        raiseInvalidSyntax();
    }
    return false;
}

bool GrammarParser::parseElseBlock(ast::StmtList& orelse) {
    const int line = cursor_.advance().startLine;
    if (!cursor_.atOperator(":")) {
        raiseAtToken(cursor_.position(), "expected ':'");
        return false;
    }
    cursor_.advance();
    return parseBlock(orelse, line, "'else' statement");
}

// block: NEWLINE INDENT statements DEDENT, or simple statements on the header's line.
bool GrammarParser::parseBlock(ast::StmtList& body, int headerLine, std::string_view after) {
    DepthGuard depth(*this);
    if (!depth.deeper()) return false;
    if (!cursor_.atKind(TokenKind::Newline)) return parseSimpleStatements(body);
    cursor_.advance();
    if (!cursor_.atKind(TokenKind::Indent)) {
        raiseAtToken(cursor_.position(),
                     concat("expected an indented block after ", after, " on line ",
                            std::to_string(headerLine)),
                     "IndentationError");
        return false;
    }
    cursor_.advance();
    return parseStatementsUntilDedent(body);
}

// `match subject:` (soft keyword): a line that starts with `match` and ends with ':'.
bool GrammarParser::looksLikeMatchStatement() {
    const std::size_t start = cursor_.position();
    const auto isOperator = [this](std::size_t index, std::string_view text) {
        const Token& token = cursor_.at(index);
        return token.kind == TokenKind::Operator && token.text == text;
    };
    std::size_t end = start + 1;
    while (cursor_.at(end).kind != TokenKind::Newline &&
           cursor_.at(end).kind != TokenKind::EndMarker) {
        ++end;
    }
    return end > start + 2 && isOperator(end - 1, ":") && !isOperator(start + 1, ":") &&
           !isOperator(start + 1, "=") && !isOperator(start + 1, ".");
}

}  // namespace mlsyslab::pyvm::grammar
