#include "pyvm/Parser.h"

#include "pyvm/GrammarParser.h"

namespace mlsyslab::pyvm {
namespace {

// CPython's tokenizer allows 200 open brackets (MAXLEVEL in Parser/tokenizer.h).
constexpr int maximumBracketNesting = 200;

bool opensBracket(const Token& token) {
    return token.kind == TokenKind::Operator &&
           (token.text == "(" || token.text == "[" || token.text == "{");
}

bool closesBracket(const Token& token) {
    return token.kind == TokenKind::Operator &&
           (token.text == ")" || token.text == "]" || token.text == "}");
}

// The tokens as CPython's tokenizer would hand them to its parser, with the errors it finds on
// the way that ours leaves to the parser.
void matchCPythonTokenizer(LexResult& lexed) {
    // CPython finds a dedent to no known indentation before it emits DEDENT tokens; ours emits
    // them first, which would let the parser complain about them instead.
    if (lexed.error &&
        lexed.error->message == "unindent does not match any outer indentation level") {
        while (!lexed.tokens.empty() && lexed.tokens.back().kind == TokenKind::Dedent) {
            lexed.tokens.pop_back();
        }
    }
    int depth = 0;
    for (std::size_t index = 0; index < lexed.tokens.size(); ++index) {
        const Token& token = lexed.tokens[index];
        if (closesBracket(token)) --depth;
        if (!opensBracket(token)) continue;
        if (depth == maximumBracketNesting) {
            lexed.error = SyntaxError{"SyntaxError", "too many nested parentheses", token.startLine,
                                      token.startColumn + 1};
            lexed.tokens.resize(index);
            return;
        }
        ++depth;
    }
}

}  // namespace

ParseResult parse(std::string_view source) {
    LexResult lexed = tokenize(source);
    matchCPythonTokenizer(lexed);
    grammar::GrammarParser parser(lexed.tokens, lexed.error.has_value(), source);
    ParseResult result;
    result.module.body = parser.parseFile();
    result.error = grammar::firstError(lexed, parser);
    if (result.error) result.module.body.clear();
    return result;
}

}  // namespace mlsyslab::pyvm
