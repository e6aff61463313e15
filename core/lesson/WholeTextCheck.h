#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

#include "lesson/Diagnostic.h"

namespace mlsyslab::lesson {

// A UTF-8 byte order mark, which some Windows editors write first; it is not part of the text.
std::string_view withoutByteOrderMark(std::string_view text);

// The checks on the file as a whole that must pass before any line is read: not too large, text
// (no NUL byte, valid UTF-8) and not empty. `text` is the whole file, byte order mark included.
std::optional<Diagnostic> checkWholeText(std::string_view text);

// The offset of the first byte that is not part of valid UTF-8 text (a NUL, a stray
// continuation byte, an overlong or truncated sequence, a surrogate or a code point past
// U+10FFFF), or nothing when all of `text` is valid.
std::optional<std::size_t> firstNonTextByte(std::string_view text);

}  // namespace mlsyslab::lesson
