#pragma once

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

namespace mlsyslab::lesson {

// A CommonMark code fence opening: up to 3 spaces, then 3 or more backticks or tildes, then an
// info string ("sim bits", "quiz single", "python", ...).
struct FenceOpening {
    char marker = '`';
    std::size_t length = 0;      // how many markers
    std::size_t indent = 0;      // spaces before the first marker
    std::string_view info;       // the info string, trimmed
    std::size_t infoOffset = 0;  // byte offset of the info string in the line

    int column() const { return static_cast<int>(indent) + 1; }
    std::string_view markers() const;  // "```", "~~~~", ... for messages
};

// One word of a fence's info string, with its 1-based column in the line.
struct InfoWord {
    std::string_view text;
    int column = 0;
};

// A closed fence as the sim and quiz readers see it.
struct Fence {
    FenceOpening opening;
    std::vector<InfoWord> words;         // words[0] is "sim" or "quiz"
    int line = 0;                        // file line of the opening fence
    std::vector<std::string_view> body;  // the lines between the fences
    int closingLine = 0;                 // file line of the closing fence
};

std::optional<FenceOpening> fenceOpeningIn(std::string_view line);

// A closing fence: the same marker, at least as many, nothing after but spaces.
bool closesFence(std::string_view line, const FenceOpening& opening);

std::vector<InfoWord> infoWords(const FenceOpening& opening);

// The 0-based index of the line that closes the fence opened at `openingIndex`, or nothing when
// it runs to the end of the text.
std::optional<std::size_t> findClosingFence(const std::vector<std::string_view>& lines,
                                            std::size_t openingIndex, const FenceOpening& opening);

}  // namespace mlsyslab::lesson
