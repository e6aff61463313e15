#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

// Small text helpers shared by the lesson parser's parts. Lines are byte ranges of the lesson
// text (string_views into it), so every position can be reported as a real file line and column.
namespace mlsyslab::lesson::text {

// Splits at '\n' and drops one '\r' before it, so "\r\n" files read like "\n" files. A final
// line break does not start another line.
std::vector<std::string_view> splitLines(std::string_view text);

bool isSpaceOrTab(char character);
bool isBlank(std::string_view line);
std::string_view trimmed(std::string_view text);
std::string_view trimmedRight(std::string_view text);
std::size_t leadingSpaces(std::string_view line);  // spaces only: a tab is not indentation here

// True when the line is `marker` after at most `maxIndent` spaces, with only spaces or tabs after.
bool isMarkerLine(std::string_view line, std::string_view marker, std::size_t maxIndent);

// Removes up to `count` leading spaces (CommonMark strips a fence's indentation from its body).
std::string_view withoutIndent(std::string_view line, std::size_t count);

// User text for a message: quoted and shortened, so a stray megabyte line cannot flood the
// diagnostics.
std::string quoted(std::string_view userText);

std::string joinLines(const std::vector<std::string_view>& lines);

}  // namespace mlsyslab::lesson::text
