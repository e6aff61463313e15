#include "pyvm/Parser.h"

#include "pyvm/GrammarParser.h"

namespace mlsyslab::pyvm {

ParseResult parse(std::string_view source) {
    LexResult lexed = tokenize(source);
    // CPython's tokenizer finds a dedent to no known indentation before it emits DEDENT tokens;
    // ours emits them first, which would let the parser complain about them instead.
    if (lexed.error &&
        lexed.error->message == "unindent does not match any outer indentation level") {
        while (!lexed.tokens.empty() && lexed.tokens.back().kind == TokenKind::Dedent) {
            lexed.tokens.pop_back();
        }
    }
    grammar::GrammarParser parser(lexed.tokens, lexed.error.has_value(), source);
    ParseResult result;
    result.module.body = parser.parseFile();
    result.error = grammar::firstError(lexed, parser);
    if (result.error) result.module.body.clear();
    return result;
}

}  // namespace mlsyslab::pyvm
