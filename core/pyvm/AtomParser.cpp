// Atoms (names, literals, displays, comprehensions) and subscripts.
#include "pyvm/FStringParser.h"
#include "pyvm/GrammarParser.h"
#include "pyvm/NumberValue.h"

namespace mlsyslab::pyvm::grammar {

ast::ExprPtr GrammarParser::parseAtom() {
    const std::size_t start = cursor_.position();
    const Token& token = cursor_.peek();
    if (token.kind == TokenKind::Number) return parseNumber();
    if (token.kind == TokenKind::String) return parseStrings();
    if (token.kind == TokenKind::Name) {
        if (!isKeyword(token.text)) {
            std::string id = cursor_.advance().text;
            return makeExpr(ast::Name{std::move(id), ast::Context::Load}, locationFrom(start));
        }
        Constant value;
        if (token.text == "True") {
            value.value = true;
        } else if (token.text == "False") {
            value.value = false;
        } else if (token.text == "None") {
            value.value = Constant::None{};
        } else if (token.text == "yield" || token.text == "await" || token.text == "async") {
            raiseUnsupportedKeyword(start);
            return nullptr;
        } else {
            raiseInvalidSyntax();
            return nullptr;
        }
        cursor_.advance();
        return makeExpr(ast::ConstantExpr{std::move(value)}, locationFrom(start));
    }
    if (cursor_.atOperator("(")) return parseParenthesized();
    if (cursor_.atOperator("[")) return parseSquareBrackets();
    if (cursor_.atOperator("{")) return parseBraces();
    if (cursor_.atOperator("...")) {
        cursor_.advance();
        return makeExpr(ast::ConstantExpr{Constant{Constant::Ellipsis{}}}, locationFrom(start));
    }
    raiseInvalidSyntax();
    return nullptr;
}

ast::ExprPtr GrammarParser::parseNumber() {
    const std::size_t start = cursor_.position();
    const Result<Constant> value = numberValue(cursor_.advance().text);
    if (!value) {
        raiseAtToken(start, value.error());
        return nullptr;
    }
    return makeExpr(ast::ConstantExpr{*value}, locationFrom(start));
}

ast::ExprPtr GrammarParser::parseStrings() {
    std::vector<Token> strings;
    while (cursor_.atKind(TokenKind::String)) strings.push_back(cursor_.advance());
    // CPython joins the strings once it has seen the token after them, and reports errors in
    // them there.
    const ErrorSite errorSite = cursor_.siteOf(cursor_.position());
    cursor_.peek();
    StringLiteralResult result = concatenateStrings(strings, errorSite);
    if (result.error) {
        if (result.errorIsFinal) {
            adoptError(std::move(*result.error));
        } else {
            raiseAt({result.error->line, result.error->offset}, std::move(result.error->message),
                    std::move(result.error->kind));
        }
        return nullptr;
    }
    return std::move(result.expression);
}

ast::ExprPtr GrammarParser::parseParenthesized() {
    const std::size_t start = cursor_.position();
    cursor_.advance();
    if (cursor_.atOperator(")")) {
        cursor_.advance();
        setShape(start, AtomShape::ParenthesizedTuple);
        return makeExpr(ast::Tuple{{}, ast::Context::Load}, locationFrom(start));
    }
    if (cursor_.atKeyword("yield")) {
        raiseUnsupportedKeyword(cursor_.position());
        return nullptr;
    }
    if (cursor_.atOperator("**")) {
        raiseAtToken(cursor_.position(), "cannot use double starred expression here");
        return nullptr;
    }
    ast::ExprPtr first = parseStarNamedExpression();
    if (!first) return nullptr;
    if (cursor_.atKeyword("for") || cursor_.atKeyword("async")) {
        raiseUnsupported(start, "generator expressions are");
        return nullptr;
    }
    if (cursor_.atOperator(")")) {
        cursor_.advance();
        if (std::holds_alternative<ast::Starred>(first->node)) {
            raiseAtNode(first->where, "cannot use starred expression here");
            return nullptr;
        }
        setShape(start, AtomShape::Group);
        return first;  // a parenthesized expression keeps its own location
    }
    if (!cursor_.atOperator(",")) {
        raiseInvalidSyntax();
        return nullptr;
    }
    ast::ExprList elements;
    elements.push_back(std::move(first));
    while (cursor_.atOperator(",")) {
        cursor_.advance();
        if (cursor_.atOperator(")")) break;
        ast::ExprPtr next = parseStarNamedExpression();
        if (!next) return nullptr;
        elements.push_back(std::move(next));
    }
    if (!expectOperator(")")) return nullptr;
    setShape(start, AtomShape::ParenthesizedTuple);
    return makeExpr(ast::Tuple{std::move(elements), ast::Context::Load}, locationFrom(start));
}

ast::ExprPtr GrammarParser::parseSquareBrackets() {
    const std::size_t start = cursor_.position();
    cursor_.advance();
    ast::ExprList elements;
    if (!cursor_.atOperator("]")) {
        ast::ExprPtr first = parseStarNamedExpression();
        if (!first) return nullptr;
        if (cursor_.atKeyword("async")) {
            raiseUnsupportedKeyword(cursor_.position());
            return nullptr;
        }
        if (cursor_.atKeyword("for")) {
            if (std::holds_alternative<ast::Starred>(first->node)) {
                raiseAtNode(first->where, "iterable unpacking cannot be used in comprehension");
                return nullptr;
            }
            std::vector<ast::Comprehension> generators;
            if (!parseComprehensionClauses(generators) || !expectOperator("]")) return nullptr;
            return makeExpr(ast::ListComp{std::move(first), std::move(generators)},
                            locationFrom(start));
        }
        elements.push_back(std::move(first));
        if (!parseDisplayElements(elements, "]")) return nullptr;
    }
    if (!expectOperator("]")) return nullptr;
    setShape(start, AtomShape::List);
    return makeExpr(ast::List{std::move(elements), ast::Context::Load}, locationFrom(start));
}

ast::ExprPtr GrammarParser::parseBraces() {
    const std::size_t start = cursor_.position();
    cursor_.advance();
    if (cursor_.atOperator("}")) {
        cursor_.advance();
        return makeExpr(ast::Dict{}, locationFrom(start));
    }
    if (cursor_.atOperator("**")) return parseDictRest(start, nullptr, nullptr);
    ast::ExprPtr first = parseStarNamedExpression();
    if (!first) return nullptr;
    if (cursor_.atOperator(":") && !std::holds_alternative<ast::Starred>(first->node)) {
        const std::size_t colon = cursor_.position();
        cursor_.advance();
        if (cursor_.atOperator("}") || cursor_.atOperator(",")) {
            raiseAtToken(colon, "expression expected after dictionary key and ':'");
            return nullptr;
        }
        if (cursor_.atOperator("*")) {
            raiseAtToken(cursor_.position(),
                         "cannot use a starred expression in a dictionary value");
            return nullptr;
        }
        ast::ExprPtr value = parseExpression();
        if (!value) return nullptr;
        if (cursor_.atKeyword("for") || cursor_.atKeyword("async")) {
            raiseUnsupported(start, "dict comprehensions are");
            return nullptr;
        }
        return parseDictRest(start, std::move(first), std::move(value));
    }
    if (cursor_.atKeyword("for") || cursor_.atKeyword("async")) {
        raiseUnsupported(start, "set comprehensions are");
        return nullptr;
    }
    ast::ExprList elements;
    elements.push_back(std::move(first));
    if (!parseDisplayElements(elements, "}") || !expectOperator("}")) return nullptr;
    return makeExpr(ast::Set{std::move(elements)}, locationFrom(start));
}

// The elements after the first of a list or set display, up to `closing`.
bool GrammarParser::parseDisplayElements(ast::ExprList& elements, std::string_view closing) {
    while (cursor_.atOperator(",")) {
        cursor_.advance();
        if (cursor_.atOperator(closing) || cursor_.atKeyword("for")) break;
        ast::ExprPtr next = parseStarNamedExpression();
        if (!next) return false;
        elements.push_back(std::move(next));
    }
    if (!cursor_.atKeyword("for")) return true;
    // invalid_comprehension: `[a, b for ...]`, said once the `for` clauses have parsed.
    const ast::Location first = elements.front()->where;
    const bool diagnosed = secondPass(cursor_.position(), [this, first] {
        std::vector<ast::Comprehension> generators;
        if (parseComprehensionClauses(generators)) {
            raiseAtNode(first, "did you forget parentheses around the comprehension target?");
        }
    });
    if (!diagnosed) raiseInvalidSyntax();
    return false;
}

// The rest of a dict display: its first entry is given (a null key for `**mapping`) or, when
// firstValue is null, still to be read.
ast::ExprPtr GrammarParser::parseDictRest(std::size_t start, ast::ExprPtr firstKey,
                                          ast::ExprPtr firstValue) {
    ast::Dict dict;
    if (firstValue) {
        dict.keys.push_back(std::move(firstKey));
        dict.values.push_back(std::move(firstValue));
    } else if (!parseDictEntry(dict.keys, dict.values)) {
        return nullptr;
    }
    while (cursor_.atOperator(",")) {
        cursor_.advance();
        if (cursor_.atOperator("}")) break;
        if (!parseDictEntry(dict.keys, dict.values)) return nullptr;
    }
    if (cursor_.atKeyword("for") || cursor_.atKeyword("async")) {
        raiseUnsupported(start, "dict comprehensions are");
        return nullptr;
    }
    if (!expectOperator("}")) return nullptr;
    return makeExpr(std::move(dict), locationFrom(start));
}

bool GrammarParser::parseDictEntry(ast::ExprList& keys, ast::ExprList& values) {
    if (cursor_.atOperator("**")) {
        cursor_.advance();
        ast::ExprPtr mapping = parseBitwiseOr();
        if (!mapping) return false;
        keys.push_back(nullptr);
        values.push_back(std::move(mapping));
        return true;
    }
    const std::size_t keyStart = cursor_.position();
    // After a first entry, CPython's second pass reads keys without looking for a missing comma
    // after them, and says "':' expected after dictionary key" instead.
    skipExpressionCheck_ = !keys.empty();
    ast::ExprPtr key = parseExpression();
    if (!key) {
        // invalid_kvpair reads the longest key that parses and wants a ':' after it.
        if (!errorIsGeneric_) return false;
        cursor_.rewind(keyStart);
        const Speculation prefix = speculate([this] { parseExpression(); }, true);
        if (prefix.ok && !(cursor_.at(prefix.end).kind == TokenKind::Operator &&
                           cursor_.at(prefix.end).text == ":")) {
            error_.reset();
            raiseAt({cursor_.at(keyStart).startLine, cursor_.at(prefix.end - 1).endColumn},
                    "':' expected after dictionary key");
        }
        return false;
    }
    if (!cursor_.atOperator(":")) {
        // invalid_kvpair: CPython points at the key's last character.
        raiseAt({key->where.line, key->where.endColumn}, "':' expected after dictionary key");
        return false;
    }
    const std::size_t colon = cursor_.position();
    cursor_.advance();
    if (cursor_.atOperator("}") || cursor_.atOperator(",")) {
        raiseAtToken(colon, "expression expected after dictionary key and ':'");
        return false;
    }
    if (cursor_.atOperator("*")) {
        raiseAtToken(cursor_.position(), "cannot use a starred expression in a dictionary value");
        return false;
    }
    ast::ExprPtr value = parseExpression();
    if (!value) return false;
    keys.push_back(std::move(key));
    values.push_back(std::move(value));
    return true;
}

bool GrammarParser::parseComprehensionClauses(std::vector<ast::Comprehension>& generators) {
    while (cursor_.atKeyword("for") || cursor_.atKeyword("async")) {
        if (cursor_.atKeyword("async")) {
            raiseUnsupportedKeyword(cursor_.position());
            return false;
        }
        cursor_.advance();
        ast::Comprehension clause;
        clause.target = parseForTargets();
        if (!clause.target) return false;
        if (!cursor_.atKeyword("in")) {
            raiseInvalidSyntax();
            return false;
        }
        cursor_.advance();
        clause.iter = parseDisjunction();
        if (!clause.iter) return false;
        while (cursor_.atKeyword("if")) {
            cursor_.advance();
            ast::ExprPtr condition = parseDisjunction();
            if (!condition) return false;
            clause.ifs.push_back(std::move(condition));
        }
        generators.push_back(std::move(clause));
    }
    return true;
}

// The subscript of `value` (which is left as it was when the subscript does not parse).
ast::ExprPtr GrammarParser::parseSubscript(std::size_t start, ast::ExprPtr& value) {
    cursor_.advance();
    const std::size_t sliceStart = cursor_.position();
    ast::ExprPtr slice = parseSliceOrElement();
    if (!slice) return nullptr;
    // A starred element is never a slice of its own: `a[*b]` subscripts with a tuple.
    if (cursor_.atOperator(",") || std::holds_alternative<ast::Starred>(slice->node)) {
        ast::ExprList elements;
        elements.push_back(std::move(slice));
        while (cursor_.atOperator(",")) {
            cursor_.advance();
            if (cursor_.atOperator("]")) break;
            ast::ExprPtr next = parseSliceOrElement();
            if (!next) return nullptr;
            elements.push_back(std::move(next));
        }
        slice =
            makeExpr(ast::Tuple{std::move(elements), ast::Context::Load}, locationFrom(sliceStart));
    }
    if (!expectOperator("]")) return nullptr;
    return makeExpr(ast::Subscript{std::move(value), std::move(slice), ast::Context::Load},
                    locationFrom(start));
}

ast::ExprPtr GrammarParser::parseSliceOrElement() {
    const std::size_t start = cursor_.position();
    if (cursor_.atOperator("*")) {
        cursor_.advance();
        ast::ExprPtr value = parseExpression();
        if (!value) return nullptr;
        return makeExpr(ast::Starred{std::move(value), ast::Context::Load}, locationFrom(start));
    }
    ast::Slice slice;
    if (!cursor_.atOperator(":")) {
        slice.lower = parseNamedExpression();
        if (!slice.lower || !cursor_.atOperator(":")) return std::move(slice.lower);
    }
    cursor_.advance();
    const auto boundFollows = [this] {
        return !cursor_.atOperator(":") && !cursor_.atOperator("]") && !cursor_.atOperator(",");
    };
    if (boundFollows()) {
        slice.upper = parseExpression();
        if (!slice.upper) return nullptr;
    }
    if (cursor_.atOperator(":")) {
        cursor_.advance();
        if (boundFollows()) {
            slice.step = parseExpression();
            if (!slice.step) return nullptr;
        }
    }
    return makeExpr(std::move(slice), locationFrom(start));
}

}  // namespace mlsyslab::pyvm::grammar
