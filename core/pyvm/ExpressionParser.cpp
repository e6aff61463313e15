// Expressions from star_expressions down to primary, with CPython's precedence: `-2**2` is
// -(2**2), `**` groups to the right, comparisons chain (`a < b < c` is one Compare).
#include <array>
#include <utility>

#include "pyvm/GrammarParser.h"

namespace mlsyslab::pyvm::grammar {
namespace {

struct BinaryOperatorToken {
    std::string_view text;
    ast::BinaryOperator op;
};

// From the loosest binding (bitwise_or) to the tightest (term); factor follows.
const std::array<std::vector<BinaryOperatorToken>, 6> binaryLevels = {{
    {{"|", ast::BinaryOperator::BitOr}},
    {{"^", ast::BinaryOperator::BitXor}},
    {{"&", ast::BinaryOperator::BitAnd}},
    {{"<<", ast::BinaryOperator::LShift}, {">>", ast::BinaryOperator::RShift}},
    {{"+", ast::BinaryOperator::Add}, {"-", ast::BinaryOperator::Sub}},
    {{"*", ast::BinaryOperator::Mult},
     {"/", ast::BinaryOperator::Div},
     {"//", ast::BinaryOperator::FloorDiv},
     {"%", ast::BinaryOperator::Mod},
     {"@", ast::BinaryOperator::MatMult}},
}};

}  // namespace

ast::ExprPtr GrammarParser::parseStarExpressions() {
    const std::size_t start = cursor_.position();
    ast::ExprPtr first = parseStarExpression();
    if (!first || !cursor_.atOperator(",")) return first;
    ast::ExprList elements;
    elements.push_back(std::move(first));
    while (cursor_.atOperator(",")) {
        cursor_.advance();
        if (!startsExpression()) break;  // a trailing comma
        const std::size_t elementStart = cursor_.position();
        ast::ExprPtr next = parseStarExpression();
        if (!next) {
            if (backtrack(elementStart)) break;
            return nullptr;
        }
        elements.push_back(std::move(next));
    }
    return makeExpr(ast::Tuple{std::move(elements), ast::Context::Load}, locationFrom(start));
}

ast::ExprPtr GrammarParser::parseStarExpression() {
    if (!cursor_.atOperator("*")) return parseExpression();
    const std::size_t start = cursor_.position();
    cursor_.advance();
    ast::ExprPtr value = parseBitwiseOr();
    if (!value) return nullptr;
    return makeExpr(ast::Starred{std::move(value), ast::Context::Load}, locationFrom(start));
}

ast::ExprPtr GrammarParser::parseStarNamedExpression() {
    if (!cursor_.atOperator("*")) return parseNamedExpression();
    return parseStarExpression();
}

ast::ExprPtr GrammarParser::parseNamedExpression() {
    const std::size_t start = cursor_.position();
    if (cursor_.atIdentifier() && cursor_.atOperator(":=", 1)) {
        raiseUnsupported(start, "assignment expressions (':=') are");
        return nullptr;
    }
    ast::ExprPtr expression = parseExpression();
    if (!expression) return nullptr;
    if (cursor_.atOperator(":=")) {
        raiseUnsupported(start, "assignment expressions (':=') are");
        return nullptr;
    }
    if (cursor_.atOperator("=") &&
        diagnoseNamedAssignment(start, cursor_.position(), *expression)) {
        return nullptr;
    }
    return expression;
}

ast::ExprPtr GrammarParser::parseExpression() {
    DepthGuard depth(*this);
    if (!depth.deeper()) return nullptr;
    const std::size_t start = cursor_.position();
    const std::size_t outerStart = std::exchange(expressionStart_, start);
    ast::ExprPtr expression = parseExpressionFrom(start);
    expressionStart_ = outerStart;
    return expression;
}

ast::ExprPtr GrammarParser::parseExpressionFrom(std::size_t start) {
    const bool checked = !std::exchange(skipExpressionCheck_, false);
    if (cursor_.atKeyword("lambda")) return parseLambda();
    ast::ExprPtr body = parseDisjunction();
    if (!body) return nullptr;
    if (!cursor_.atKeyword("if")) {
        if (checked) {
            checkMissingComma(start, *body);
            checkLegacyPrint(start);
        }
        return failed() ? nullptr : std::move(body);
    }
    const std::size_t ifPosition = cursor_.position();
    cursor_.advance();
    ast::ExprPtr test = parseDisjunction();
    if (!test) {
        if (checked) diagnoseMissingElse(*body, ifPosition + 1);
        return endAtPrefix(std::move(body), ifPosition);
    }
    if (!cursor_.atKeyword("else")) {
        if (checked && !speculating_ && !cursor_.atOperator(":")) {
            raiseAtNode(body->where, "expected 'else' after 'if' expression");
            return nullptr;
        }
        if (prefixMode_) return endAtPrefix(std::move(body), ifPosition);
        raiseInvalidSyntax();
        return nullptr;
    }
    cursor_.advance();
    ast::ExprPtr orelse = parseExpression();
    if (!orelse) return endAtPrefix(std::move(body), ifPosition);
    return makeExpr(ast::IfExp{std::move(test), std::move(body), std::move(orelse)},
                    locationFrom(start));
}

ast::ExprPtr GrammarParser::parseDisjunction() {
    const std::size_t start = cursor_.position();
    ast::ExprPtr first = parseConjunction();
    if (!first || !cursor_.atKeyword("or")) return first;
    ast::ExprList values;
    values.push_back(std::move(first));
    while (cursor_.atKeyword("or")) {
        const std::size_t operatorPosition = cursor_.position();
        cursor_.advance();
        ast::ExprPtr next = parseConjunction();
        if (!next) {
            if (backtrack(operatorPosition)) break;
            return nullptr;
        }
        values.push_back(std::move(next));
    }
    if (values.size() == 1) return std::move(values.front());
    return makeExpr(ast::BoolOp{ast::BooleanOperator::Or, std::move(values)}, locationFrom(start));
}

ast::ExprPtr GrammarParser::parseConjunction() {
    const std::size_t start = cursor_.position();
    ast::ExprPtr first = parseInversion();
    if (!first || !cursor_.atKeyword("and")) return first;
    ast::ExprList values;
    values.push_back(std::move(first));
    while (cursor_.atKeyword("and")) {
        const std::size_t operatorPosition = cursor_.position();
        cursor_.advance();
        ast::ExprPtr next = parseInversion();
        if (!next) {
            if (backtrack(operatorPosition)) break;
            return nullptr;
        }
        values.push_back(std::move(next));
    }
    if (values.size() == 1) return std::move(values.front());
    return makeExpr(ast::BoolOp{ast::BooleanOperator::And, std::move(values)}, locationFrom(start));
}

ast::ExprPtr GrammarParser::parseInversion() {
    if (!cursor_.atKeyword("not")) return parseComparison();
    DepthGuard depth(*this);
    if (!depth.deeper()) return nullptr;
    const std::size_t start = cursor_.position();
    cursor_.advance();
    ast::ExprPtr operand = parseInversion();
    if (!operand) return nullptr;
    return makeExpr(ast::UnaryOp{ast::UnaryOperator::Not, std::move(operand)}, locationFrom(start));
}

ast::ExprPtr GrammarParser::parseComparison() {
    const std::size_t start = cursor_.position();
    ast::ExprPtr left = parseBitwiseOr();
    if (!left) return nullptr;
    std::vector<ast::CompareOperator> ops;
    ast::ExprList comparators;
    while (true) {
        const Token& token = cursor_.peek();
        std::optional<ast::CompareOperator> op;
        std::size_t length = 1;
        if (token.kind == TokenKind::Operator) {
            if (token.text == "==") op = ast::CompareOperator::Eq;
            if (token.text == "!=") op = ast::CompareOperator::NotEq;
            if (token.text == "<") op = ast::CompareOperator::Lt;
            if (token.text == "<=") op = ast::CompareOperator::LtE;
            if (token.text == ">") op = ast::CompareOperator::Gt;
            if (token.text == ">=") op = ast::CompareOperator::GtE;
        } else if (cursor_.atKeyword("in")) {
            op = ast::CompareOperator::In;
        } else if (cursor_.atKeyword("not") && cursor_.atKeyword("in", 1)) {
            op = ast::CompareOperator::NotIn;
            length = 2;
        } else if (cursor_.atKeyword("is")) {
            const bool negated = cursor_.atKeyword("not", 1);
            op = negated ? ast::CompareOperator::IsNot : ast::CompareOperator::Is;
            length = negated ? 2 : 1;
        }
        if (!op) break;
        const std::size_t operatorPosition = cursor_.position();
        for (std::size_t taken = 0; taken < length; ++taken) cursor_.advance();
        ast::ExprPtr right = parseBitwiseOr();
        if (!right) {
            if (backtrack(operatorPosition)) break;
            return nullptr;
        }
        ops.push_back(*op);
        comparators.push_back(std::move(right));
    }
    if (ops.empty()) return left;
    return makeExpr(ast::Compare{std::move(left), std::move(ops), std::move(comparators)},
                    locationFrom(start));
}

ast::ExprPtr GrammarParser::parseBitwiseOr() { return parseBinaryLevel(0); }

ast::ExprPtr GrammarParser::parseBinaryLevel(int level) {
    if (level == static_cast<int>(binaryLevels.size())) return parseFactor();
    const std::size_t start = cursor_.position();
    DepthGuard depth(*this);  // a chain `a + b + c` nests to the left
    ast::ExprPtr left = parseBinaryLevel(level + 1);
    while (left) {
        const BinaryOperatorToken* found = nullptr;
        for (const BinaryOperatorToken& candidate : binaryLevels[static_cast<std::size_t>(level)]) {
            if (cursor_.atOperator(candidate.text)) found = &candidate;
        }
        if (found == nullptr) break;
        if (!depth.deeper()) return nullptr;
        const std::size_t operatorPosition = cursor_.position();
        cursor_.advance();
        ast::ExprPtr right = parseBinaryLevel(level + 1);
        if (!right) return endAtPrefix(std::move(left), operatorPosition);
        left =
            makeExpr(ast::BinOp{std::move(left), found->op, std::move(right)}, locationFrom(start));
    }
    return left;
}

ast::ExprPtr GrammarParser::parseFactor() {
    std::optional<ast::UnaryOperator> op;
    if (cursor_.atOperator("+")) op = ast::UnaryOperator::UAdd;
    if (cursor_.atOperator("-")) op = ast::UnaryOperator::USub;
    if (cursor_.atOperator("~")) op = ast::UnaryOperator::Invert;
    if (!op) return parsePower();
    DepthGuard depth(*this);
    if (!depth.deeper()) return nullptr;
    const std::size_t start = cursor_.position();
    cursor_.advance();
    ast::ExprPtr operand = parseFactor();
    if (!operand) return nullptr;
    return makeExpr(ast::UnaryOp{*op, std::move(operand)}, locationFrom(start));
}

ast::ExprPtr GrammarParser::parsePower() {
    const std::size_t start = cursor_.position();
    ast::ExprPtr base = parsePrimary();
    if (!base || !cursor_.atOperator("**")) return base;
    DepthGuard depth(*this);
    if (!depth.deeper()) return nullptr;
    const std::size_t operatorPosition = cursor_.position();
    cursor_.advance();
    ast::ExprPtr exponent = parseFactor();
    if (!exponent) return endAtPrefix(std::move(base), operatorPosition);
    return makeExpr(ast::BinOp{std::move(base), ast::BinaryOperator::Pow, std::move(exponent)},
                    locationFrom(start));
}

ast::ExprPtr GrammarParser::parsePrimary() {
    const std::size_t start = cursor_.position();
    DepthGuard depth(*this);  // so does a chain of trailers `a.b(c)[d]`
    ast::ExprPtr expression = parseAtom();
    while (expression) {
        const std::size_t trailer = cursor_.position();
        const bool trailing =
            cursor_.atOperator(".") || cursor_.atOperator("(") || cursor_.atOperator("[");
        if (trailing && !depth.deeper()) return nullptr;
        if (cursor_.atOperator(".")) {
            cursor_.advance();
            if (!cursor_.atIdentifier()) {
                if (backtrack(trailer)) break;
                raiseInvalidSyntax();
                return nullptr;
            }
            std::string attribute = cursor_.advance().text;
            expression = makeExpr(
                ast::Attribute{std::move(expression), std::move(attribute), ast::Context::Load},
                locationFrom(start));
        } else if (cursor_.atOperator("(") || cursor_.atOperator("[")) {
            const bool call = cursor_.atOperator("(");
            ast::ExprPtr extended =
                call ? parseCall(start, expression) : parseSubscript(start, expression);
            if (!extended) {
                // A PEG parser keeps the primary it has when a call or subscript after it fails.
                if (backtrack(trailer)) break;
                if (!call) diagnoseListAfterExpression(trailer);
                return nullptr;
            }
            expression = std::move(extended);
        } else {
            break;
        }
    }
    return expression;
}

}  // namespace mlsyslab::pyvm::grammar
