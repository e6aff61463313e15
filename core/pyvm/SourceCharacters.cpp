#include "pyvm/SourceCharacters.h"

#include <array>
#include <cstdio>

namespace mlsyslab::pyvm {

DecodedCharacter decodeCharacter(std::string_view text, std::size_t position) {
    const auto lead = static_cast<unsigned char>(text[position]);
    DecodedCharacter decoded{lead, 1};
    if (lead >= 0xF0) {
        decoded = {static_cast<char32_t>(lead & 0x07), 4};
    } else if (lead >= 0xE0) {
        decoded = {static_cast<char32_t>(lead & 0x0F), 3};
    } else if (lead >= 0xC0) {
        decoded = {static_cast<char32_t>(lead & 0x1F), 2};
    }
    if (position + decoded.lengthBytes > text.size()) return {lead, 1};
    for (std::size_t index = 1; index < decoded.lengthBytes; ++index) {
        const char continuation = text[position + index];
        if (!isUtf8Continuation(continuation)) return {lead, 1};
        decoded.codePoint =
            (decoded.codePoint << 6) | (static_cast<unsigned char>(continuation) & 0x3F);
    }
    return decoded;
}

bool isUtf8Continuation(char byte) { return (static_cast<unsigned char>(byte) & 0xC0) == 0x80; }

bool isDigit(char character) { return character >= '0' && character <= '9'; }

bool isDigitOfBase(char character, int base) {
    if (base == 16) {
        return isDigit(character) || (character >= 'a' && character <= 'f') ||
               (character >= 'A' && character <= 'F');
    }
    return character >= '0' && character < static_cast<char>('0' + base);
}

namespace {

// Letter ranges of the Unicode blocks the subset accepts (Unicode 14 charts): Latin-1 letters
// (without × and ÷), Latin Extended-A and -B, the Greek and Coptic letters, and Cyrillic (without
// its signs and combining marks, U+0482 to U+0489).
bool isNonAsciiLetter(char32_t codePoint) {
    if (codePoint == 0xD7 || codePoint == 0xF7) return false;
    if (codePoint >= 0xC0 && codePoint <= 0x24F) return true;
    if (codePoint >= 0x386 && codePoint <= 0x3FF) return codePoint != 0x387;
    if (codePoint >= 0x400 && codePoint <= 0x4FF) return codePoint < 0x482 || codePoint > 0x489;
    return false;
}

}  // namespace

bool isIdentifierStart(char32_t codePoint) {
    return (codePoint >= 'a' && codePoint <= 'z') || (codePoint >= 'A' && codePoint <= 'Z') ||
           codePoint == '_' || isNonAsciiLetter(codePoint);
}

bool isIdentifierContinue(char32_t codePoint) {
    return isIdentifierStart(codePoint) || (codePoint >= '0' && codePoint <= '9');
}

std::string codePointName(char32_t codePoint) {
    std::array<char, 16> name{};
    std::snprintf(name.data(), name.size(), "U+%04X", static_cast<unsigned>(codePoint));
    return name.data();
}

std::string normalizeNewlines(std::string_view source) {
    std::string normalized;
    normalized.reserve(source.size());
    for (std::size_t index = 0; index < source.size(); ++index) {
        if (source[index] == '\r') {
            normalized.push_back('\n');
            if (index + 1 < source.size() && source[index + 1] == '\n') ++index;
        } else {
            normalized.push_back(source[index]);
        }
    }
    return normalized;
}

}  // namespace mlsyslab::pyvm
