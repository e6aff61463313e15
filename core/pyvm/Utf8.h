#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "pyvm/Value.h"

// str is UTF-8 inside, but Python indexes it by code point; these helpers translate.
namespace mlsyslab::pyvm {

void appendUtf8(std::string& out, char32_t codePoint);
std::string utf8Of(char32_t codePoint);
std::vector<char32_t> decodeUtf8(std::string_view text);
std::string encodeUtf8(const std::vector<char32_t>& codePoints, std::size_t begin, std::size_t end);

// The byte offset where code point `index` (0 <= index <= length) starts.
std::size_t byteOffset(const StrObject& text, std::int64_t index);
// Code points [begin, end) of `text` as a new std::string.
std::string codePointRange(const StrObject& text, std::int64_t begin, std::int64_t end);
// How many code points a UTF-8 text holds.
std::int64_t codePointCount(std::string_view text);

}  // namespace mlsyslab::pyvm
