#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace mlsyslab::pyvm {

// One UTF-8 encoded character of the source: its code point and how many bytes it takes.
struct DecodedCharacter {
    char32_t codePoint = 0;
    std::size_t lengthBytes = 1;
};

// Decodes the character starting at `position` (which must be inside `text`). Malformed
// sequences decode byte by byte, so the lexer always makes progress.
DecodedCharacter decodeCharacter(std::string_view text, std::size_t position);

// True for the bytes that continue a UTF-8 sequence; columns count code points, so these are
// skipped when counting.
bool isUtf8Continuation(char byte);

bool isDigit(char character);
bool isDigitOfBase(char character, int base);

// Identifier characters of the lesson subset: ASCII letters, digits and '_', plus the letters of
// the Latin, Greek and Cyrillic blocks (students name variables `é` or `λ`). Other scripts would
// need Unicode's XID tables, which the lesson VM does not carry; they are refused as invalid.
bool isIdentifierStart(char32_t codePoint);
bool isIdentifierContinue(char32_t codePoint);

// "U+20AC": how CPython names a character in "invalid character" errors.
std::string codePointName(char32_t codePoint);

// CPython reads source with universal newlines, so "\r\n" and a lone "\r" both become "\n".
std::string normalizeNewlines(std::string_view source);

}  // namespace mlsyslab::pyvm
