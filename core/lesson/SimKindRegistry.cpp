#include "lesson/SimKindRegistry.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <utility>

namespace mlsyslab::lesson {

namespace {

// Longer words are not typos of a kind or key name; skipping them keeps "did you mean" cheap
// whatever the input.
constexpr std::size_t kMaxSuggestedWordBytes = 64;

// ASCII only and locale-free: kind and key names are ASCII words.
char lowered(char character) {
    return character >= 'A' && character <= 'Z' ? static_cast<char>(character - 'A' + 'a')
                                                : character;
}

// Edit distance counting insertions, deletions, substitutions and swaps of two neighbours
// (the "optimal string alignment" form of Damerau-Levenshtein), ignoring case. Both words are
// short (closestMatch checks), so the rows live on the stack: a lesson with thousands of
// unknown keys stays fast.
constexpr std::size_t kMaxComparedBytes = 2 * kMaxSuggestedWordBytes;

std::size_t editDistance(std::string_view left, std::string_view right) {
    using Row = std::array<std::size_t, kMaxComparedBytes + 1>;
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

bool SimKindRegistry::add(SimKind kind) {
    if (kind.name.empty() || kinds_.contains(kind.name)) return false;
    std::string name = kind.name;
    kinds_.emplace(std::move(name), std::move(kind));
    return true;
}

const SimKind* SimKindRegistry::find(std::string_view name) const {
    const auto found = kinds_.find(name);
    return found == kinds_.end() ? nullptr : &found->second;
}

std::vector<std::string> SimKindRegistry::names() const {
    std::vector<std::string> result;
    result.reserve(kinds_.size());
    for (const auto& entry : kinds_) result.push_back(entry.first);
    return result;  // std::map keeps them sorted
}

std::optional<std::string> SimKindRegistry::suggest(std::string_view unknownName) const {
    return closestMatch(unknownName, names());
}

std::optional<std::string> closestMatch(std::string_view word,
                                        const std::vector<std::string>& candidates) {
    if (word.empty() || word.size() > kMaxSuggestedWordBytes) return std::nullopt;
    // A third of the word may be wrong: "bitz" (1 of 4) or "titel" (one swap) come close,
    // "foo" does not come close to "bits".
    const std::size_t allowed = std::max<std::size_t>(1, word.size() / 3);
    std::optional<std::string> best;
    std::size_t bestDistance = allowed + 1;
    for (const std::string& candidate : candidates) {
        const std::size_t lengthGap = candidate.size() > word.size()
                                          ? candidate.size() - word.size()
                                          : word.size() - candidate.size();
        // The gap check also bounds the candidate to kMaxComparedBytes (allowed < the word).
        if (lengthGap > allowed) continue;
        const std::size_t distance = editDistance(word, candidate);
        if (distance < bestDistance) {
            bestDistance = distance;
            best = candidate;
        }
    }
    return best;
}

}  // namespace mlsyslab::lesson
