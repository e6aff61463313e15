// Statements that start with an expression: `a = b = 1`, `x += 1`, and expression statements;
// the targets of `for`; and the messages of CPython's invalid_assignment and
// invalid_named_expression rules for what cannot be assigned to.
#include "common/Concat.h"
#include "pyvm/AssignmentTargets.h"
#include "pyvm/GrammarParser.h"

namespace mlsyslab::pyvm::grammar {
namespace {

std::optional<ast::BinaryOperator> augmentedOperator(const Token& token) {
    if (token.kind != TokenKind::Operator) return std::nullopt;
    static const std::pair<std::string_view, ast::BinaryOperator> operators[] = {
        {"+=", ast::BinaryOperator::Add},      {"-=", ast::BinaryOperator::Sub},
        {"*=", ast::BinaryOperator::Mult},     {"@=", ast::BinaryOperator::MatMult},
        {"/=", ast::BinaryOperator::Div},      {"%=", ast::BinaryOperator::Mod},
        {"&=", ast::BinaryOperator::BitAnd},   {"|=", ast::BinaryOperator::BitOr},
        {"^=", ast::BinaryOperator::BitXor},   {"<<=", ast::BinaryOperator::LShift},
        {">>=", ast::BinaryOperator::RShift},  {"**=", ast::BinaryOperator::Pow},
        {"//=", ast::BinaryOperator::FloorDiv}};
    for (const auto& [text, op] : operators) {
        if (token.text == text) return op;
    }
    return std::nullopt;
}

bool isAssignmentOperator(const Token& token) {
    return token.kind == TokenKind::Operator && (token.text == "=" || token.text == ":=");
}

}  // namespace

ast::StmtPtr GrammarParser::parseExpressionStatement() {
    const std::size_t start = cursor_.position();
    ast::ExprPtr first = parseStarExpressions();
    const Token& next = cursor_.peek();
    const bool continues =
        next.kind == TokenKind::Newline ||
        (next.kind == TokenKind::Operator &&
         (next.text == "=" || next.text == ":" || next.text == ";" || augmentedOperator(next)));
    if ((!first && errorIsGeneric_) || (first && !continues)) {
        diagnoseUnparsedStatement(start);
    }
    if (!first || failed()) return nullptr;
    if (cursor_.atOperator(":")) {
        diagnoseAnnotation(*first, cursor_.position());
        return nullptr;
    }
    if (augmentedOperator(cursor_.peek())) return parseAugmentedAssignment(start, std::move(first));
    if (cursor_.atOperator("=")) return parseAssignment(start, std::move(first));
    return makeStmt(ast::ExprStmt{std::move(first)}, locationFrom(start));
}

ast::StmtPtr GrammarParser::parseAssignment(std::size_t startIndex, ast::ExprPtr first) {
    std::vector<ast::ExprPtr> parts;
    std::vector<std::size_t> starts{startIndex};
    parts.push_back(std::move(first));
    while (cursor_.atOperator("=")) {
        cursor_.advance();
        starts.push_back(cursor_.position());
        ast::ExprPtr part = parseStarExpressions();
        if (!part) {
            // An invalid target is reported even when what follows it does not parse, as
            // CPython's second pass finds it first; a specific error in the value stays.
            if (errorIsGeneric_) diagnoseAssignment(parts, starts);
            return nullptr;
        }
        parts.push_back(std::move(part));
    }
    diagnoseAssignment(parts, starts);
    if (failed()) return nullptr;
    ast::Assign assign;
    assign.value = std::move(parts.back());
    parts.pop_back();
    for (ast::ExprPtr& target : parts) {
        setContext(*target, ast::Context::Store);
        assign.targets.push_back(std::move(target));
    }
    return makeStmt(std::move(assign), locationFrom(startIndex));
}

ast::StmtPtr GrammarParser::parseAugmentedAssignment(std::size_t startIndex, ast::ExprPtr target) {
    const ast::BinaryOperator op = *augmentedOperator(cursor_.advance());
    if (!isSingleTarget(*target)) {
        if (speculate([this] { parseStarExpressions(); }, true).ok) {
            raiseAtNode(target->where,
                        concat("'", expressionName(*target),
                               "' is an illegal expression for augmented assignment"));
        }
        raiseInvalidSyntax();
        return nullptr;
    }
    ast::ExprPtr value = parseStarExpressions();
    if (!value) return nullptr;
    setContext(*target, ast::Context::Store);
    return makeStmt(ast::AugAssign{std::move(target), op, std::move(value)},
                    locationFrom(startIndex));
}

// Whether an expression follows the ':' at `colonIndex`, read as CPython's second pass reads it.
bool GrammarParser::annotationFollows(std::size_t colonIndex) {
    const std::size_t saved = cursor_.position();
    const bool savedLookingAhead = cursor_.lookingAhead();
    cursor_.setLookingAhead(true);
    cursor_.rewind(colonIndex + 1);
    const bool follows = startsExpression() && expressionParsesAhead(Lookahead::Expression);
    cursor_.rewind(saved);
    cursor_.setLookingAhead(savedLookingAhead);
    return follows && !failed();
}

void GrammarParser::diagnoseAnnotation(const ast::Expr& target, std::size_t colonIndex) {
    if (isSingleTarget(target)) {
        raiseUnsupported(colonIndex, "annotations are");
        return;
    }
    if (!annotationFollows(colonIndex)) {
        raiseInvalidSyntax();
        return;
    }
    if (std::holds_alternative<ast::List>(target.node)) {
        raiseAtNode(target.where, "only single target (not list) can be annotated");
    } else if (const auto* tuple = std::get_if<ast::Tuple>(&target.node)) {
        const bool bare = cursor_.at(colonIndex - 1).text != ")" || tuple->elts.empty();
        raiseAtNode(bare && !tuple->elts.empty() ? tuple->elts.front()->where : target.where,
                    "only single target (not tuple) can be annotated");
    } else {
        raiseAtNode(target.where, "illegal target for annotation");
    }
}

// CPython's second pass over a statement that did not parse: a line starting with `match` is
// tried as a match statement; then invalid_assignment's
// `star_named_expression ',' star_named_expressions* ':' expression`, whose elements may stand
// side by side without commas, and one followed by `=` gets invalid_named_expression's message
// (`a, b c = 1, 2`).
void GrammarParser::diagnoseUnparsedStatement(std::size_t start) {
    // A match statement's subject is read with the diagnostics of named expressions.
    const Token& first = cursor_.at(start);
    if (first.kind == TokenKind::Name && first.text == "match" && secondPass(start + 1, [this] {
            if (!parseStarNamedExpression()) return;
            if (cursor_.atOperator(",")) {
                cursor_.advance();
                while (startsExpression() && parseStarNamedExpression()) {
                    if (!cursor_.atOperator(",")) break;
                    cursor_.advance();
                }
            }
            // invalid_match_stmt: `match subject` and the end of the line.
            if (!failed() && cursor_.atKind(TokenKind::Newline)) {
                raiseAtToken(cursor_.position(), "expected ':'");
            }
        })) {
        return;
    }
    secondPass(start, [this] {
        ast::ExprPtr first = parseStarNamedExpression();
        if (!first || !cursor_.atOperator(",")) return;
        cursor_.advance();
        while (startsExpression()) {
            if (!parseStarNamedExpression()) return;
            if (cursor_.atOperator(",")) cursor_.advance();
        }
        if (cursor_.atOperator(":") && annotationFollows(cursor_.position())) {
            raiseAtNode(first->where, "only single target (not tuple) can be annotated");
        }
    });
}

// invalid_assignment. `parts` are what stood between the `=` signs (the last one may be missing
// when it failed to parse); `starts` are their first tokens.
void GrammarParser::diagnoseAssignment(const std::vector<ast::ExprPtr>& parts,
                                       const std::vector<std::size_t>& starts) {
    const std::size_t targetCount = parts.size() == starts.size() ? parts.size() - 1 : parts.size();
    const ast::Expr* invalid = nullptr;
    for (std::size_t index = 0; index < targetCount && invalid == nullptr; ++index) {
        invalid = invalidTarget(*parts[index], TargetUse::Assign);
    }
    if (invalid == nullptr) return;

    // Replacing the generic error the value left, if any.
    std::optional<SyntaxError> generic = std::move(error_);
    error_.reset();
    const std::size_t equals = starts[1] - 1;
    // First CPython reads the first target as a named expression (`a = b` where a comparison was
    // meant), or, for `a, b = ...`, the last element of the tuple.
    const ast::Expr& first = *parts.front();
    const std::size_t firstStart = starts.front();
    const int outerDepth = firstStart == 0 ? 0 : cursor_.bracketDepthAfter(firstStart - 1);
    const auto isTopLevelComma = [&](std::size_t index) {
        const Token& token = cursor_.at(index);
        return token.kind == TokenKind::Operator && token.text == "," &&
               cursor_.bracketDepthAfter(index) == outerDepth;
    };
    std::size_t elementStart = firstStart;
    const ast::Expr* element = &first;
    const auto* tuple = std::get_if<ast::Tuple>(&first.node);
    if (tuple != nullptr && !tuple->elts.empty()) {
        // A top-level comma makes it a tuple without parentheses.
        bool sawComma = false;
        for (std::size_t index = firstStart; index < equals; ++index) {
            if (isTopLevelComma(index)) {
                sawComma = true;
                elementStart = index + 1;
            }
        }
        if (sawComma) element = elementStart == equals ? nullptr : tuple->elts.back().get();
    }
    if (element != nullptr && !std::holds_alternative<ast::Starred>(element->node)) {
        diagnoseNamedAssignment(elementStart, equals, *element);
    }
    if (!failed()) {
        for (std::size_t index = 0; index < targetCount; ++index) {
            if (const ast::Expr* bad = invalidTarget(*parts[index], TargetUse::Assign)) {
                raiseAtNode(bad->where, concat("cannot assign to ", expressionName(*bad)));
                break;
            }
        }
    }
    if (!failed()) error_ = std::move(generic);
}

// invalid_named_expression for `target = value`, with the `=` at `equals`: "invalid syntax.
// Maybe you meant '==' or ':=' instead of '='?" after a name, "cannot assign to X here. Maybe
// you meant '==' instead of '='?" after other expressions. CPython only says so when the value is
// a bitwise_or-level expression not itself followed by `=`.
bool GrammarParser::diagnoseNamedAssignment(std::size_t start, std::size_t equals,
                                            const ast::Expr& target) {
    if (speculating_ || failed()) return false;
    const std::size_t saved = cursor_.position();
    cursor_.rewind(equals + 1);
    const Speculation value = speculate([this] { parseBitwiseOr(); }, true);
    const bool valueFits = value.ok && !isAssignmentOperator(cursor_.at(value.end));
    cursor_.rewind(start);
    const Speculation whole = speculate([this] { parseBitwiseOr(); });
    cursor_.rewind(saved);
    if (!valueFits) return false;

    const Token& first = cursor_.at(start);
    if (first.kind == TokenKind::Name && !isKeyword(first.text) && equals == start + 1) {
        raiseAtToken(start, "invalid syntax. Maybe you meant '==' or ':=' instead of '='?");
        return true;
    }
    const AtomShape shape = shapeAt(start);
    const bool excluded = shape == AtomShape::List || shape == AtomShape::ParenthesizedTuple ||
                          first.text == "True" || first.text == "False" || first.text == "None";
    if (excluded || !whole.ok || whole.end != equals) return false;
    raiseAtNode(target.where, concat("cannot assign to ", expressionName(target),
                                     " here. Maybe you meant '==' instead of '='?"));
    return true;
}

// star_targets of `for` and comprehensions: names, attributes, subscripts, starred targets and
// bracketed lists of them, read as primaries so that `in` is not taken for a comparison.
ast::ExprPtr GrammarParser::parseForTargets() {
    const std::size_t start = cursor_.position();
    ast::ExprList elements;
    bool sawComma = false;
    bool parsed = true;
    while (parsed) {
        const std::size_t elementStart = cursor_.position();
        const bool starred = cursor_.atOperator("*");
        if (starred) cursor_.advance();
        ast::ExprPtr element = parsePrimary();
        if (!element) {
            parsed = false;
            break;
        }
        if (starred) {
            element = makeExpr(ast::Starred{std::move(element), ast::Context::Load},
                               locationFrom(elementStart));
        }
        elements.push_back(std::move(element));
        if (!cursor_.atOperator(",")) break;
        cursor_.advance();
        sawComma = true;
        if (cursor_.atKeyword("in") || !startsExpression()) break;
    }
    if (parsed) {
        ast::ExprPtr target = sawComma
                                  ? makeExpr(ast::Tuple{std::move(elements), ast::Context::Store},
                                             locationFrom(start))
                                  : std::move(elements.front());
        if (invalidTarget(*target, TargetUse::For) == nullptr && cursor_.atKeyword("in")) {
            setContext(*target, ast::Context::Store);
            return target;
        }
    }
    // invalid_for_target: CPython reads `target in iterable` again as star_expressions and names
    // the first part of the target that cannot be assigned to.
    const bool diagnosed = secondPass(start, [this] {
        ast::ExprPtr expression = parseStarExpressions();
        if (!expression) return;
        if (const ast::Expr* invalid = invalidTarget(*expression, TargetUse::For)) {
            raiseAtNode(invalid->where, concat("cannot assign to ", expressionName(*invalid)));
        }
    });
    if (!diagnosed) raiseInvalidSyntax();
    return nullptr;
}

}  // namespace mlsyslab::pyvm::grammar
