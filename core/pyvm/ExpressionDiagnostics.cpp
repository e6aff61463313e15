// The messages of CPython's invalid_expression and invalid_legacy_expression rules: a missing
// comma between two expressions, a conditional expression without `else`, Python 2's print
// statement. CPython finds them in a second pass over a line that did not parse; here they are
// checked where the first parse stops, by reading ahead as CPython's parser would.
#include <utility>

#include "common/Concat.h"
#include "pyvm/GrammarParser.h"

namespace mlsyslab::pyvm::grammar {
namespace {

// CPython 3.11 compares a NAME with the soft keywords over the NAME's length only, so `c` and
// `ma` count as soft keywords too (Parser/pegen.c, _PyPegen_soft_keyword_token).
bool isSoftKeywordPrefix(std::string_view name) {
    for (const std::string_view keyword : {"_", "case", "match"}) {
        if (!name.empty() && keyword.starts_with(name)) return true;
    }
    return false;
}

bool isLegacyStatementName(const ast::Expr& expression) {
    const auto* name = std::get_if<ast::Name>(&expression.node);
    return name != nullptr && (name->id == "print" || name->id == "exec");
}

}  // namespace

// invalid_expression's `disjunction 'if' disjunction !('else'|':')`, when the condition after
// `if` does not parse in full: CPython takes the part of it that does.
void GrammarParser::diagnoseMissingElse(const ast::Expr& body, std::size_t conditionStart) {
    if (speculating_ || !errorIsGeneric_) return;
    const std::size_t end = cursor_.position();
    cursor_.rewind(conditionStart);
    const Speculation condition = speculate([this] { parseDisjunction(); }, true);
    cursor_.rewind(end);
    const Token& next = cursor_.at(condition.end);
    const bool elseOrColon = (next.kind == TokenKind::Name && next.text == "else") ||
                             (next.kind == TokenKind::Operator && next.text == ":");
    if (!condition.ok || elseOrColon) return;
    error_.reset();
    raiseAtNode(body.where, "expected 'else' after 'if' expression");
}

// invalid_expression: inside brackets, an expression directly followed by another one.
void GrammarParser::checkMissingComma(std::size_t start, const ast::Expr& expression) {
    if (speculating_ || failed() || !canStartAfterExpression()) return;
    const Token& first = cursor_.at(start);
    if (first.kind == TokenKind::Name && !isKeyword(first.text) &&
        (cursor_.at(start + 1).kind == TokenKind::String || isSoftKeywordPrefix(first.text))) {
        return;  // !(NAME STRING | SOFT_KEYWORD): f"..." written with a space, match and case
    }
    // CPython reads the second expression even where it will not complain (outside brackets),
    // which decides whether it meets a lexer error further on.
    if (!expressionParsesAhead(Lookahead::ExpressionWithoutInvalid) ||
        isLegacyStatementName(expression)) {
        return;
    }
    if (cursor_.bracketDepthAfter(cursor_.position() - 1) == 0) return;
    raiseAtNode(expression.where, "invalid syntax. Perhaps you forgot a comma?");
}

// invalid_legacy_expression: `print "hello"`, Python 2's print statement: a name, then
// star_expressions (`print *args` too). CPython reads what follows any name this way when the
// line does not parse, and an error inside it is what it reports.
void GrammarParser::checkLegacyPrint(std::size_t start) {
    if (speculating_ || failed() || !canStartAfterExpression()) return;
    const Token& first = cursor_.at(start);
    const Token& second = cursor_.at(start + 1);
    if (first.kind != TokenKind::Name || isKeyword(first.text)) return;
    if (second.kind == TokenKind::Operator && second.text == "(") return;
    const std::size_t end = cursor_.position();
    cursor_.rewind(start + 1);
    const bool parsed = startsExpression() && expressionParsesAhead(Lookahead::StarExpressions);
    cursor_.rewind(end);
    if (!parsed || failed() || (first.text != "print" && first.text != "exec")) return;
    raiseAtToken(start, concat("Missing parentheses in call to '", first.text, "'. Did you mean ",
                               first.text, "(...)?"));
}

// invalid_expression again, for `f("label" [x for x in y])`: the subscript does not parse, so
// CPython's parser ends the expression before the '[' and reads a list display after it.
void GrammarParser::diagnoseListAfterExpression(std::size_t bracket) {
    if (speculating_ || prefixMode_ || !errorIsGeneric_) return;
    const std::size_t start = expressionStart_;
    if (bracket == 0 || cursor_.bracketDepthAfter(bracket - 1) == 0) return;
    const Token& first = cursor_.at(start);
    if (first.kind == TokenKind::Name && !isKeyword(first.text) &&
        (cursor_.at(start + 1).kind == TokenKind::String || isSoftKeywordPrefix(first.text) ||
         (bracket == start + 1 && (first.text == "print" || first.text == "exec")))) {
        return;
    }
    const std::size_t end = cursor_.position();
    cursor_.rewind(bracket);
    const Speculation list = speculate([this] {
        if (parseAtom()) cursor_.peek();  // CPython looks on, past the list
    });
    cursor_.rewind(end);
    if (!list.ok) return;
    error_.reset();
    raiseAtToken(start, "invalid syntax. Perhaps you forgot a comma?");
}

// Tokens that begin an expression but cannot continue one, so an expression followed by one of
// them is two expressions side by side.
bool GrammarParser::canStartAfterExpression(std::size_t ahead) {
    const Token& token = cursor_.peek(ahead);
    switch (token.kind) {
        case TokenKind::Number:
        case TokenKind::String:
            return true;
        case TokenKind::Name:
            return !isKeyword(token.text) || token.text == "True" || token.text == "False" ||
                   token.text == "None" || token.text == "not" || token.text == "lambda";
        case TokenKind::Operator:
            return token.text == "{" || token.text == "~" || token.text == "...";
        default:
            return false;
    }
}

// Whether an expression starts here, parsed as CPython's PEG parser parses it: a failing
// continuation just ends it earlier. CPython parses `expression_without_invalid` (the second
// expression of invalid_expression) with all invalid_* rules off; the other look-aheads keep them
// on, so an error inside what they read (a missing comma in a display further on) is what CPython
// reports. Reading ahead also decides whether a lexer error further on is reached.
bool GrammarParser::expressionParsesAhead(Lookahead rule) {
    if (rule == Lookahead::ExpressionWithoutInvalid) {
        return speculate(
                   [this] {
                       if (parseExpression()) cursor_.peek();
                   },
                   true)
            .ok;
    }
    const std::size_t start = cursor_.position();
    const bool savedPrefix = prefixMode_;
    const bool savedLookingAhead = cursor_.lookingAhead();
    prefixMode_ = true;
    cursor_.setLookingAhead(true);
    const bool parsed = (rule == Lookahead::StarExpressions ? parseStarExpressions()
                                                            : parseExpression()) != nullptr;
    if (parsed) cursor_.peek();
    prefixMode_ = savedPrefix;
    cursor_.setLookingAhead(savedLookingAhead);
    cursor_.rewind(start);
    if (error_ && errorIsGeneric_) {
        error_.reset();
        errorIsGeneric_ = false;
    }
    return parsed;
}

}  // namespace mlsyslab::pyvm::grammar
