#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pyvm/Ast.h"
#include "pyvm/Lexer.h"
#include "pyvm/TokenCursor.h"

namespace mlsyslab::pyvm::grammar {

// How a parser words its errors. The parser of an f-string's {expression} reports as CPython's
// does: "f-string: " before the message, offsets counted from the start of "(expression)".
struct ParserMode {
    bool fstringExpression = false;
    int startingColumnOffset = 0;
};

// The recursive-descent parser of the lesson subset over one source's tokens. It follows CPython
// 3.11's grammar (Grammar/python.gram) rule by rule where the subset needs it and stops at the
// first error. CPython finds its precise messages in a second pass with extra `invalid_*` rules;
// this parser finds the same ones by looking again at what it parsed where the first pass failed.
//
// The implementation is split by grammar area: GrammarParser.cpp (errors, look-ahead),
// StatementParser.cpp, AssignmentParser.cpp, ExpressionParser.cpp, ExpressionDiagnostics.cpp,
// AtomParser.cpp, ArgumentParser.cpp.
class GrammarParser {
public:
    GrammarParser(const std::vector<Token>& tokens, bool tokensTruncated, std::string_view source,
                  ParserMode mode = {});

    ast::StmtList parseFile();
    // CPython's `fstring` rule: star_expressions, over the tokens of "(expression)".
    ast::ExprPtr parseFStringExpression();

    const std::optional<SyntaxError>& error() const { return error_; }
    bool reachedLexerError() const { return cursor_.reachedTruncation(); }
    int furthestLine() const;
    // CPython reports "unexpected indent" without checking the rest of the source for lexer
    // errors, unlike every other syntax error.
    bool errorIsUnexpectedIndentation() const { return errorIsIndentation_; }

private:
    // What the atom at a token is, for look-aheads like !(list|tuple|'True'|...).
    enum class AtomShape : std::uint8_t { Other, List, ParenthesizedTuple, Group };

    struct Speculation {
        bool ok = false;
        std::size_t end = 0;
    };

    // Counts how deep the tree being built is, for as long as it lives.
    class DepthGuard {
    public:
        explicit DepthGuard(GrammarParser& parser) : parser_(parser) {}
        ~DepthGuard() { parser_.depth_ -= levels_; }
        DepthGuard(const DepthGuard&) = delete;
        DepthGuard& operator=(const DepthGuard&) = delete;
        // False, with the error raised, past the deepest tree the parser builds.
        bool deeper();

    private:
        GrammarParser& parser_;
        int levels_ = 0;
    };

    // --- errors and look-ahead (GrammarParser.cpp) ---
    bool failed() const { return error_.has_value(); }
    void raiseAt(ErrorSite site, std::string message, std::string kind = "SyntaxError");
    void raiseAtToken(std::size_t index, std::string message, std::string kind = "SyntaxError");
    void raiseAtNode(const ast::Location& where, std::string message);
    // CPython's "invalid syntax" at the token that could not be parsed (IndentationError for an
    // INDENT or DEDENT there).
    void raiseInvalidSyntax();
    void raiseUnsupported(std::size_t index, std::string_view what);
    void raiseUnsupportedKeyword(std::size_t index);
    void adoptError(SyntaxError error);
    bool expectOperator(std::string_view text);
    // Runs `parse` to see whether it succeeds, then goes back as if nothing happened (CPython's
    // look-aheads). With `asPrefix`, parsing works as CPython's PEG parser does: an operator
    // whose right side fails to parse just ends the expression before it.
    template <typename Parse>
    Speculation speculate(Parse parse, bool asPrefix = false);
    // CPython's second pass: parses again from `start` with `reparse`, keeps a specific error it
    // raises (true), or else restores the first pass's error and position (false).
    template <typename Reparse>
    bool secondPass(std::size_t start, Reparse reparse);
    bool backtrack(std::size_t continuation);
    ast::ExprPtr endAtPrefix(ast::ExprPtr left, std::size_t continuation);
    ast::Location locationFrom(std::size_t startIndex) const;
    static ast::ExprPtr makeExpr(ast::Expr::Node node, ast::Location where);
    static ast::StmtPtr makeStmt(ast::Stmt::Node node, ast::Location where);
    bool startsExpression(std::size_t ahead = 0);
    void setShape(std::size_t index, AtomShape shape);
    AtomShape shapeAt(std::size_t index) const;

    // --- statements (StatementParser.cpp) ---
    bool parseStatementsUntilDedent(ast::StmtList& body);
    bool parseStatement(ast::StmtList& body);
    bool parseSimpleStatements(ast::StmtList& body);
    ast::StmtPtr parseSimpleStatement();
    ast::StmtPtr parseIf(bool isElif);
    ast::StmtPtr parseWhile();
    ast::StmtPtr parseFor();
    ast::StmtPtr parseFunctionDef();
    bool parseConditionColon();
    bool parseElseBlock(ast::StmtList& orelse);
    bool parseBlock(ast::StmtList& body, int headerLine, std::string_view after);
    ast::StmtPtr parseReturn();
    ast::StmtPtr parseDelete();
    ast::StmtPtr parseNameList(bool nonlocal);
    bool looksLikeMatchStatement();

    // --- assignments and targets (AssignmentParser.cpp) ---
    ast::StmtPtr parseExpressionStatement();
    ast::StmtPtr parseAssignment(std::size_t startIndex, ast::ExprPtr first);
    ast::StmtPtr parseAugmentedAssignment(std::size_t startIndex, ast::ExprPtr target);
    void diagnoseAnnotation(const ast::Expr& target, std::size_t colonIndex);
    void diagnoseUnparsedStatement(std::size_t start);
    bool annotationFollows(std::size_t colonIndex);
    void diagnoseAssignment(const std::vector<ast::ExprPtr>& parts,
                            const std::vector<std::size_t>& starts);
    bool diagnoseNamedAssignment(std::size_t start, std::size_t end, const ast::Expr& target);
    ast::ExprPtr parseForTargets();

    // --- expressions (ExpressionParser.cpp) ---
    ast::ExprPtr parseStarExpressions();
    ast::ExprPtr parseStarExpression();
    ast::ExprPtr parseStarNamedExpression();
    ast::ExprPtr parseNamedExpression();
    ast::ExprPtr parseExpression();
    ast::ExprPtr parseExpressionFrom(std::size_t start);
    ast::ExprPtr parseDisjunction();
    ast::ExprPtr parseConjunction();
    ast::ExprPtr parseInversion();
    ast::ExprPtr parseComparison();
    ast::ExprPtr parseBitwiseOr();
    ast::ExprPtr parseBinaryLevel(int level);
    ast::ExprPtr parseFactor();
    ast::ExprPtr parsePower();
    ast::ExprPtr parsePrimary();
    void checkMissingComma(std::size_t start, const ast::Expr& expression);
    void checkLegacyPrint(std::size_t start);
    void diagnoseListAfterExpression(std::size_t bracket);
    bool canStartAfterExpression(std::size_t ahead = 0);
    enum class Lookahead { ExpressionWithoutInvalid, Expression, StarExpressions };
    bool expressionParsesAhead(Lookahead rule);
    void diagnoseMissingElse(const ast::Expr& body, std::size_t conditionStart);

    // --- atoms (AtomParser.cpp) ---
    ast::ExprPtr parseAtom();
    ast::ExprPtr parseParenthesized();
    ast::ExprPtr parseSquareBrackets();
    ast::ExprPtr parseBraces();
    bool parseDisplayElements(ast::ExprList& elements, std::string_view closing);
    ast::ExprPtr parseDictRest(std::size_t start, ast::ExprPtr firstKey, ast::ExprPtr firstValue);
    bool parseDictEntry(ast::ExprList& keys, ast::ExprList& values);
    ast::ExprPtr parseStrings();
    ast::ExprPtr parseNumber();
    bool parseComprehensionClauses(std::vector<ast::Comprehension>& generators);
    ast::ExprPtr parseSubscript(std::size_t start, ast::ExprPtr& value);
    ast::ExprPtr parseSliceOrElement();

    // --- calls, parameters, lambda (ArgumentParser.cpp) ---
    ast::ExprPtr parseCall(std::size_t start, ast::ExprPtr& function);
    bool parseArgument(ast::ExprList& args, std::vector<ast::Keyword>& keywords, bool& sawKeyword,
                       bool& sawDoubleStar, std::size_t openIndex);
    void raisePositionalAfterKeyword(bool afterUnpacking);
    bool parseParameters(ast::Arguments& arguments, std::string_view closing);
    bool parseParameter(ast::Arguments& arguments, std::string_view closing, int& section,
                        bool& sawDefault);
    bool parenthesizedParameters(std::size_t open) const;
    ast::ExprPtr parseLambda();

    TokenCursor cursor_;
    ParserMode mode_;
    std::optional<SyntaxError> error_;
    bool errorIsGeneric_ = false;
    bool errorIsIndentation_ = false;
    // While looking ahead, the second-pass diagnostics stay quiet: CPython's look-aheads run
    // rules without their invalid_* alternatives.
    bool speculating_ = false;
    bool prefixMode_ = false;
    // Set to parse the next expression without its own invalid_expression check (a dict key
    // after the first entry, where CPython's invalid_kvpair speaks first); the expressions
    // inside it are still checked.
    bool skipExpressionCheck_ = false;
    // The first token of the innermost expression being parsed.
    std::size_t expressionStart_ = 0;
    std::vector<AtomShape> shapes_;
    int depth_ = 0;
};

// The first error of a parse as CPython reports it. CPython reads tokens lazily, so a parser error
// comes first when the parser stops before the lexer's error; but after a parser error it
// tokenizes the rest of the source, and most lexer errors found there replace the parser's.
std::optional<SyntaxError> firstError(const LexResult& lexed, const GrammarParser& parser);

template <typename Parse>
GrammarParser::Speculation GrammarParser::speculate(Parse parse, bool asPrefix) {
    const std::size_t start = cursor_.position();
    std::optional<SyntaxError> savedError = std::move(error_);
    const bool savedGeneric = errorIsGeneric_;
    const bool savedIndentation = errorIsIndentation_;
    const bool savedSpeculating = speculating_;
    const bool savedPrefix = prefixMode_;
    const bool savedLookingAhead = cursor_.lookingAhead();
    error_.reset();
    speculating_ = true;
    prefixMode_ = asPrefix;
    cursor_.setLookingAhead(true);
    parse();
    cursor_.setLookingAhead(savedLookingAhead);
    speculating_ = savedSpeculating;
    prefixMode_ = savedPrefix;
    Speculation outcome{!error_.has_value(), cursor_.position()};
    error_ = std::move(savedError);
    errorIsGeneric_ = savedGeneric;
    errorIsIndentation_ = savedIndentation;
    cursor_.rewind(start);
    return outcome;
}

template <typename Reparse>
bool GrammarParser::secondPass(std::size_t start, Reparse reparse) {
    if (speculating_) return false;
    const std::size_t saved = cursor_.position();
    std::optional<SyntaxError> firstPassError = std::move(error_);
    const bool savedGeneric = errorIsGeneric_;
    const bool savedIndentation = errorIsIndentation_;
    const bool savedLookingAhead = cursor_.lookingAhead();
    error_.reset();
    cursor_.rewind(start);
    cursor_.setLookingAhead(true);
    reparse();
    cursor_.setLookingAhead(savedLookingAhead);
    cursor_.rewind(saved);
    if (error_ && !errorIsGeneric_) return true;
    error_ = std::move(firstPassError);
    errorIsGeneric_ = savedGeneric;
    errorIsIndentation_ = savedIndentation;
    return false;
}

}  // namespace mlsyslab::pyvm::grammar
