#include "pyvm/Utf8.h"

#include "pyvm/SourceCharacters.h"

namespace mlsyslab::pyvm {

void appendUtf8(std::string& out, char32_t codePoint) {
    if (codePoint < 0x80) {
        out += static_cast<char>(codePoint);
    } else if (codePoint < 0x800) {
        out += static_cast<char>(0xC0 | (codePoint >> 6));
        out += static_cast<char>(0x80 | (codePoint & 0x3F));
    } else if (codePoint < 0x10000) {
        out += static_cast<char>(0xE0 | (codePoint >> 12));
        out += static_cast<char>(0x80 | ((codePoint >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (codePoint & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (codePoint >> 18));
        out += static_cast<char>(0x80 | ((codePoint >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((codePoint >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (codePoint & 0x3F));
    }
}

std::string utf8Of(char32_t codePoint) {
    std::string out;
    appendUtf8(out, codePoint);
    return out;
}

std::vector<char32_t> decodeUtf8(std::string_view text) {
    std::vector<char32_t> codePoints;
    codePoints.reserve(text.size());
    for (std::size_t position = 0; position < text.size();) {
        const DecodedCharacter character = decodeCharacter(text, position);
        codePoints.push_back(character.codePoint);
        position += character.lengthBytes;
    }
    return codePoints;
}

std::string encodeUtf8(const std::vector<char32_t>& codePoints, std::size_t begin,
                       std::size_t end) {
    std::string out;
    for (std::size_t i = begin; i < end; ++i) appendUtf8(out, codePoints[i]);
    return out;
}

std::size_t byteOffset(const StrObject& text, std::int64_t index) {
    if (text.ascii) return static_cast<std::size_t>(index);
    std::size_t position = 0;
    for (std::int64_t seen = 0; seen < index && position < text.text.size(); ++seen) {
        position += decodeCharacter(text.text, position).lengthBytes;
    }
    return position;
}

std::string codePointRange(const StrObject& text, std::int64_t begin, std::int64_t end) {
    const std::size_t from = byteOffset(text, begin);
    const std::size_t to = byteOffset(text, end);
    return text.text.substr(from, to - from);
}

std::int64_t codePointCount(std::string_view text) {
    std::int64_t count = 0;
    for (const char byte : text) {
        if (!isUtf8Continuation(byte)) ++count;
    }
    return count;
}

}  // namespace mlsyslab::pyvm
