#include "common/Suggestion.h"

#include <algorithm>
#include <array>
#include <cstddef>

namespace mlsyslab {

namespace {

// Longer words are not typos of a name; skipping them keeps "did you mean" cheap whatever the
// input.
constexpr std::size_t kMostSuggestedWordBytes = 64;
// "ass" abbreviates "associativity"; "as" is too short to mean anything.
constexpr std::size_t kShortestAbbreviation = 3;

// ASCII only and locale-free: the names are ASCII words.
char lowered(char character) {
    return character >= 'A' && character <= 'Z' ? static_cast<char>(character - 'A' + 'a')
                                                : character;
}

bool abbreviates(std::string_view word, std::string_view candidate) {
    if (word.size() < kShortestAbbreviation || word.size() > candidate.size()) return false;
    return std::equal(word.begin(), word.end(), candidate.begin(),
                      [](char left, char right) { return lowered(left) == lowered(right); });
}

// Edit distance counting insertions, deletions, substitutions and swaps of two neighbours
// (the "optimal string alignment" form of Damerau-Levenshtein), ignoring case. Both words are
// short (closestMatch checks), so the rows live on the stack: a lesson with thousands of
// unknown keys stays fast.
constexpr std::size_t kMostComparedBytes = 2 * kMostSuggestedWordBytes;

std::size_t editDistance(std::string_view left, std::string_view right) {
    using Row = std::array<std::size_t, kMostComparedBytes + 1>;
    Row twoRowsAgo{}, previous{}, current{};
    const std::size_t columns = right.size() + 1;
    for (std::size_t column = 0; column < columns; ++column) previous[column] = column;
    for (std::size_t row = 1; row <= left.size(); ++row) {
        current[0] = row;
        for (std::size_t column = 1; column < columns; ++column) {
            const bool same = lowered(left[row - 1]) == lowered(right[column - 1]);
            current[column] = std::min({previous[column] + 1, current[column - 1] + 1,
                                        previous[column - 1] + (same ? 0 : 1)});
            const bool swapped = row > 1 && column > 1 &&
                                 lowered(left[row - 1]) == lowered(right[column - 2]) &&
                                 lowered(left[row - 2]) == lowered(right[column - 1]);
            if (swapped) current[column] = std::min(current[column], twoRowsAgo[column - 2] + 1);
        }
        twoRowsAgo = previous;
        previous = current;
    }
    return previous[right.size()];
}

}  // namespace

std::optional<std::string> closestMatch(std::string_view word,
                                        const std::vector<std::string>& candidates) {
    if (word.empty() || word.size() > kMostSuggestedWordBytes) return std::nullopt;
    // A third of the word may be wrong: "bitz" (1 of 4) or "titel" (one swap) come close,
    // "foo" does not come close to "bits".
    const std::size_t allowed = std::max<std::size_t>(1, word.size() / 3);
    std::optional<std::string> best;
    std::size_t bestDistance = allowed + 1;
    for (const std::string& candidate : candidates) {
        const std::size_t lengthGap = candidate.size() > word.size()
                                          ? candidate.size() - word.size()
                                          : word.size() - candidate.size();
        // The gap check also bounds the candidate to kMostComparedBytes (allowed < the word).
        if (lengthGap > allowed) continue;
        const std::size_t distance = editDistance(word, candidate);
        if (distance < bestDistance) {
            bestDistance = distance;
            best = candidate;
        }
    }
    if (best) return best;
    for (const std::string& candidate : candidates) {
        if (abbreviates(word, candidate)) return candidate;
    }
    return std::nullopt;
}

std::string keyList(const std::vector<std::string>& candidates) {
    std::string list;
    for (const std::string& candidate : candidates) {
        if (!list.empty()) list += ", ";
        list += candidate;
    }
    return list;
}

}  // namespace mlsyslab
