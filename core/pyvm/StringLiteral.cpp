#include "pyvm/StringLiteral.h"

#include <algorithm>

#include "common/Concat.h"
#include "pyvm/SourceCharacters.h"
#include "pyvm/Utf8.h"

namespace mlsyslab::pyvm::grammar {
namespace {

// CPython copies a literal into a buffer before decoding it, spelling each non-ASCII character
// as a 10-byte \UXXXXXXXX escape and a backslash before one as the 6-byte \u005c; the positions
// in its error messages count bytes of that buffer, so ours do too.
constexpr int nonAsciiBufferBytes = 10;
constexpr int escapedBackslashBufferBytes = 6;
constexpr char32_t largestCodePoint = 0x10FFFF;

bool isAscii(char byte) { return static_cast<unsigned char>(byte) < 0x80; }

int hexDigitValue(char character) {
    if (character >= '0' && character <= '9') return character - '0';
    if (character >= 'a' && character <= 'f') return character - 'a' + 10;
    if (character >= 'A' && character <= 'F') return character - 'A' + 10;
    return -1;
}

int bufferLength(std::string_view body) {
    int length = 0;
    for (std::size_t index = 0; index < body.size();) {
        if (body[index] == '\\' && (index + 1 >= body.size() || !isAscii(body[index + 1]))) {
            length += escapedBackslashBufferBytes;
            ++index;
        } else if (isAscii(body[index])) {
            ++length;
            ++index;
        } else {
            length += nonAsciiBufferBytes;
            index += decodeCharacter(body, index).lengthBytes;
        }
    }
    return length;
}

Result<std::string> codecError(int start, int endInclusive, std::string_view reason) {
    return Result<std::string>::failure(
        concat("(unicode error) 'unicodeescape' codec can't decode bytes in position ",
               std::to_string(start), "-", std::to_string(endInclusive), ": ", reason));
}

char simpleEscape(char letter) {
    switch (letter) {
        case '\\':
            return '\\';
        case '\'':
            return '\'';
        case '"':
            return '"';
        case 'a':
            return '\a';
        case 'b':
            return '\b';
        case 'f':
            return '\f';
        case 'n':
            return '\n';
        case 'r':
            return '\r';
        case 't':
            return '\t';
        case 'v':
            return '\v';
        default:
            return '\0';
    }
}

}  // namespace

StringTokenParts splitStringToken(std::string_view tokenText) {
    StringTokenParts parts;
    std::size_t index = 0;
    while (index < tokenText.size() && tokenText[index] != '\'' && tokenText[index] != '"') {
        const char letter = static_cast<char>(tokenText[index] | 0x20);  // ASCII lower case
        if (letter == 'f') parts.formatted = true;
        if (letter == 'r') parts.raw = true;
        ++index;
    }
    const char quote = index < tokenText.size() ? tokenText[index] : '"';
    const std::size_t quoteLength = tokenText.size() >= index + 6 &&
                                            tokenText[index + 1] == quote &&
                                            tokenText[index + 2] == quote
                                        ? 3
                                        : 1;
    parts.bodyStart = std::min(tokenText.size(), index + quoteLength);
    const std::size_t bodyEnd = tokenText.size() >= parts.bodyStart + quoteLength
                                    ? tokenText.size() - quoteLength
                                    : parts.bodyStart;
    parts.body = tokenText.substr(parts.bodyStart, bodyEnd - parts.bodyStart);
    return parts;
}

Result<std::string> decodeEscapes(std::string_view body) {
    std::string decoded;
    int position = 0;  // in CPython's buffer, see nonAsciiBufferBytes
    std::size_t index = 0;
    while (index < body.size()) {
        const char character = body[index];
        if (character != '\\') {
            const std::size_t length =
                isAscii(character) ? 1 : decodeCharacter(body, index).lengthBytes;
            decoded.append(body.substr(index, length));
            position += isAscii(character) ? 1 : nonAsciiBufferBytes;
            index += length;
            continue;
        }
        if (index + 1 >= body.size() || !isAscii(body[index + 1])) {
            decoded.push_back('\\');  // an unknown escape: the backslash stays
            position += escapedBackslashBufferBytes;
            ++index;
            continue;
        }
        const int escapeStart = position;
        const char letter = body[index + 1];
        index += 2;
        position += 2;
        if (letter == '\n') continue;
        if (const char simple = simpleEscape(letter); simple != '\0') {
            decoded.push_back(simple);
        } else if (letter >= '0' && letter <= '7') {
            char32_t value = static_cast<char32_t>(letter - '0');
            for (int digits = 1;
                 digits < 3 && index < body.size() && body[index] >= '0' && body[index] <= '7';
                 ++digits, ++index, ++position) {
                value = value * 8 + static_cast<char32_t>(body[index] - '0');
            }
            appendUtf8(decoded, value);
        } else if (letter == 'x' || letter == 'u' || letter == 'U') {
            const int digitCount = letter == 'x' ? 2 : letter == 'u' ? 4 : 8;
            const std::string_view reason = letter == 'x'   ? "truncated \\xXX escape"
                                            : letter == 'u' ? "truncated \\uXXXX escape"
                                                            : "truncated \\UXXXXXXXX escape";
            char32_t value = 0;
            for (int digit = 0; digit < digitCount; ++digit, ++index, ++position) {
                if (index >= body.size())
                    return codecError(escapeStart, bufferLength(body) - 1, reason);
                const int digitValue = hexDigitValue(body[index]);
                if (digitValue < 0) return codecError(escapeStart, position - 1, reason);
                value = value * 16 + static_cast<char32_t>(digitValue);
            }
            if (value > largestCodePoint) {
                return codecError(escapeStart, position - 1, "illegal Unicode character");
            }
            appendUtf8(decoded, value);
        } else if (letter == 'N') {
            return Result<std::string>::failure(
                "\\N{...} escapes are not supported by the lesson VM");
        } else {
            decoded.push_back('\\');
            decoded.push_back(letter);
        }
    }
    return decoded;
}

}  // namespace mlsyslab::pyvm::grammar
