// Call arguments (positional, `*args`, `name=value`, `**kwargs`) and the parameters of `def` and
// `lambda` (positional-only before `/`, defaults, `*args`, keyword-only, `**kwargs`), with
// CPython's messages for arguments and parameters in the wrong order.
#include "common/Concat.h"
#include "pyvm/GrammarParser.h"

namespace mlsyslab::pyvm::grammar {
namespace {

// Where a parameter may stand: before `*`, after `*` or `*args` (keyword-only), after `**kwargs`.
enum Section { positional = 0, keywordOnly = 1, afterKeywordDictionary = 2 };

bool isConstantKeyword(const Token& token) {
    return token.kind == TokenKind::Name &&
           (token.text == "True" || token.text == "False" || token.text == "None");
}

}  // namespace

// The call of `function` (which is left as it was when the call does not parse).
ast::ExprPtr GrammarParser::parseCall(std::size_t start, ast::ExprPtr& function) {
    const std::size_t openIndex = cursor_.position();
    cursor_.advance();
    ast::Call call;
    bool sawKeyword = false;
    bool sawDoubleStar = false;
    while (!cursor_.atOperator(")")) {
        if (!parseArgument(call.args, call.keywords, sawKeyword, sawDoubleStar, openIndex)) {
            return nullptr;
        }
        if (!cursor_.atOperator(",")) break;
        cursor_.advance();
    }
    if (!expectOperator(")")) return nullptr;
    call.func = std::move(function);
    return makeExpr(std::move(call), locationFrom(start));
}

bool GrammarParser::parseArgument(ast::ExprList& args, std::vector<ast::Keyword>& keywords,
                                  bool& sawKeyword, bool& sawDoubleStar, std::size_t openIndex) {
    const std::size_t start = cursor_.position();
    if (cursor_.atOperator("*")) {
        cursor_.advance();
        ast::ExprPtr value = parseExpression();
        if (!value) {
            // invalid_arguments' `args ',' '*'`, which CPython reaches after keyword arguments.
            if (errorIsGeneric_ && !speculating_ && !keywords.empty()) {
                error_.reset();
                raiseAtToken(start,
                             "iterable argument unpacking follows keyword argument unpacking");
            }
            return false;
        }
        if (sawDoubleStar) {
            raiseAtToken(start, "iterable argument unpacking follows keyword argument unpacking");
            return false;
        }
        args.push_back(
            makeExpr(ast::Starred{std::move(value), ast::Context::Load}, locationFrom(start)));
        return true;
    }
    if (cursor_.atOperator("**")) {
        cursor_.advance();
        ast::ExprPtr value = parseExpression();
        if (!value) return false;
        keywords.push_back(ast::Keyword{std::nullopt, std::move(value), locationFrom(start)});
        sawDoubleStar = true;
        return true;
    }
    if ((cursor_.atIdentifier() || isConstantKeyword(cursor_.peek())) &&
        cursor_.atOperator("=", 1)) {
        if (isConstantKeyword(cursor_.peek())) {
            raiseAtToken(start, concat("cannot assign to ", cursor_.peek().text));
            return false;
        }
        std::string name = cursor_.advance().text;
        cursor_.advance();
        ast::ExprPtr value = parseExpression();
        if (!value) return false;
        if (cursor_.atKeyword("for")) {
            raiseAtToken(start, "invalid syntax. Maybe you meant '==' or ':=' instead of '='?");
            return false;
        }
        keywords.push_back(ast::Keyword{std::move(name), std::move(value), locationFrom(start)});
        sawKeyword = true;
        return true;
    }
    if (cursor_.atIdentifier() && cursor_.atOperator(":=", 1)) {
        raiseUnsupported(start, "assignment expressions (':=') are");
        return false;
    }
    // After keyword arguments CPython's first pass reads no positional one, so what this reads
    // does not move where "invalid syntax" points.
    const bool savedLookingAhead = cursor_.lookingAhead();
    if (sawKeyword || sawDoubleStar) cursor_.setLookingAhead(true);
    ast::ExprPtr value = parseExpression();
    cursor_.setLookingAhead(savedLookingAhead);
    if (!value) return false;
    if (cursor_.atOperator(":=")) {
        raiseUnsupported(start, "assignment expressions (':=') are");
        return false;
    }
    if (cursor_.atOperator("=")) {
        raiseAtNode(value->where,
                    "expression cannot contain assignment, perhaps you meant \"==\"?");
        return false;
    }
    if (cursor_.atKeyword("for") || cursor_.atKeyword("async")) {
        raiseUnsupported(openIndex, "generator expressions are");
        return false;
    }
    if (sawKeyword || sawDoubleStar) {
        raisePositionalAfterKeyword(sawDoubleStar);
        return false;
    }
    args.push_back(std::move(value));
    return true;
}

// CPython reports this after reading the rest of the arguments, at the token where they end.
void GrammarParser::raisePositionalAfterKeyword(bool afterUnpacking) {
    speculate([this] {
        ast::ExprList args;
        std::vector<ast::Keyword> keywords;
        bool sawKeyword = false;
        bool sawDoubleStar = false;
        while (cursor_.atOperator(",")) {
            cursor_.advance();
            if (cursor_.atOperator(")")) return;
            if (!parseArgument(args, keywords, sawKeyword, sawDoubleStar, 0)) return;
        }
    });
    raiseAtToken(cursor_.furthest(), afterUnpacking
                                         ? "positional argument follows keyword argument unpacking"
                                         : "positional argument follows keyword argument");
}

// The parameters up to `closing` (")" for def, ":" for lambda).
bool GrammarParser::parseParameters(ast::Arguments& arguments, std::string_view closing) {
    int section = positional;
    bool sawDefault = false;
    while (!cursor_.atOperator(closing)) {
        if (!parseParameter(arguments, closing, section, sawDefault)) return false;
        if (!cursor_.atOperator(",")) break;
        cursor_.advance();
    }
    if (!cursor_.atOperator(closing)) {
        raiseInvalidSyntax();
        return false;
    }
    return true;
}

bool GrammarParser::parseParameter(ast::Arguments& arguments, std::string_view closing,
                                   int& section, bool& sawDefault) {
    const std::size_t start = cursor_.position();
    const bool annotations = closing == ")";
    const bool starred = cursor_.atOperator("*") || cursor_.atOperator("**");
    if (section == afterKeywordDictionary &&
        (starred || cursor_.atOperator("/") || cursor_.atIdentifier())) {
        raiseAtToken(start, "arguments cannot follow var-keyword argument");
        return false;
    }
    if (cursor_.atOperator("/")) {
        if (arguments.args.empty() && arguments.posonlyargs.empty() && section == positional) {
            const Token& next = cursor_.at(start + 1);  // invalid_parameters: "/" ','
            if (next.kind == TokenKind::Operator && next.text == ",") {
                raiseAtToken(start, "at least one argument must precede /");
            } else {
                raiseInvalidSyntax();
            }
        } else if (!arguments.posonlyargs.empty()) {
            raiseAtToken(start, "/ may appear only once");
        } else if (section != positional) {
            raiseAtToken(start, "/ must be ahead of *");
        }
        if (failed()) return false;
        cursor_.advance();
        arguments.posonlyargs = std::move(arguments.args);
        arguments.args.clear();
        return true;
    }
    if (starred) {
        const bool dictionary = cursor_.atOperator("**");
        if (!dictionary && section == keywordOnly) {
            raiseAtToken(start, "* argument may appear only once");
            return false;
        }
        cursor_.advance();
        section = dictionary ? afterKeywordDictionary : keywordOnly;
        if (!dictionary && (cursor_.atOperator(",") || cursor_.atOperator(closing))) {
            // A bare `*` must be followed by keyword-only parameters.
            const bool bare = cursor_.atOperator(closing) || cursor_.atOperator(closing, 1) ||
                              cursor_.atOperator("**", 1);
            if (bare) {
                // def points at the '*'; lambda's rule points at the last token it read.
                raiseAtToken(annotations ? start : cursor_.furthest(),
                             "named arguments must follow bare *");
                return false;
            }
            return true;
        }
        if (!cursor_.atIdentifier()) {
            raiseInvalidSyntax();
            return false;
        }
        const std::size_t nameIndex = cursor_.position();
        ast::Arg parameter{cursor_.advance().text, locationFrom(nameIndex)};
        if (annotations && cursor_.atOperator(":")) {
            raiseUnsupported(cursor_.position(), "annotations are");
            return false;
        }
        if (cursor_.atOperator("=")) {
            raiseAtToken(cursor_.position(),
                         dictionary ? "var-keyword argument cannot have default value"
                                    : "var-positional argument cannot have default value");
            return false;
        }
        (dictionary ? arguments.kwarg : arguments.vararg) = std::move(parameter);
        return true;
    }
    if (!cursor_.atIdentifier()) {
        if (cursor_.atOperator("(") && parenthesizedParameters(start)) {
            raiseAtToken(start, annotations
                                    ? "Function parameters cannot be parenthesized"
                                    : "Lambda expression parameters cannot be parenthesized");
        }
        raiseInvalidSyntax();
        return false;
    }
    ast::Arg parameter{cursor_.advance().text, locationFrom(start)};
    if (annotations && cursor_.atOperator(":")) {
        raiseUnsupported(cursor_.position(), "annotations are");
        return false;
    }
    ast::ExprPtr defaultValue;
    if (cursor_.atOperator("=")) {
        const std::size_t equals = cursor_.position();
        cursor_.advance();
        if (cursor_.atOperator(",") || cursor_.atOperator(")")) {
            raiseAtToken(equals, "expected default value expression");
            return false;
        }
        defaultValue = parseExpression();
        if (!defaultValue) return false;
    }
    if (section == keywordOnly) {
        arguments.kwonlyargs.push_back(std::move(parameter));
        arguments.kwDefaults.push_back(std::move(defaultValue));
        return true;
    }
    if (defaultValue) {
        arguments.defaults.push_back(std::move(defaultValue));
        sawDefault = true;
    } else if (sawDefault) {
        // Said of a parameter that ends where parameters end: at ',' or the closing token.
        if (cursor_.atOperator(",") || cursor_.atOperator(closing)) {
            raiseAtToken(start, "non-default argument follows default argument");
        } else {
            raiseInvalidSyntax();
        }
        return false;
    }
    arguments.args.push_back(std::move(parameter));
    return true;
}

// `(a, b)` where a parameter belongs: names in parentheses (as Python 2 allowed), a trailing
// comma allowed.
bool GrammarParser::parenthesizedParameters(std::size_t open) const {
    const auto isOperator = [this](std::size_t index, std::string_view text) {
        const Token& token = cursor_.at(index);
        return token.kind == TokenKind::Operator && token.text == text;
    };
    for (std::size_t index = open + 1;; index += 2) {
        const Token& name = cursor_.at(index);
        if (name.kind != TokenKind::Name || isKeyword(name.text)) return false;
        if (isOperator(index + 1, ")")) return true;
        if (!isOperator(index + 1, ",")) return false;
        if (isOperator(index + 2, ")")) return true;
    }
}

ast::ExprPtr GrammarParser::parseLambda() {
    const std::size_t start = cursor_.position();
    cursor_.advance();
    ast::Lambda lambda;
    if (!cursor_.atOperator(":") && !parseParameters(lambda.args, ":")) return nullptr;
    if (!expectOperator(":")) return nullptr;
    lambda.body = parseExpression();
    if (!lambda.body) return nullptr;
    return makeExpr(std::move(lambda), locationFrom(start));
}

}  // namespace mlsyslab::pyvm::grammar
