#include "memory/KeySuggestion.h"

#include <algorithm>
#include <numeric>

namespace mlsyslab::memory {

namespace {

constexpr std::size_t kMostSlips = 2;
constexpr std::size_t kShortestAbbreviation = 3;

// The fewest single-character insertions, deletions and substitutions turning one into the
// other, computed one row of the classic table at a time.
std::size_t editDistance(std::string_view from, std::string_view to) {
    std::vector<std::size_t> row(to.size() + 1);
    std::iota(row.begin(), row.end(), std::size_t{0});
    for (std::size_t i = 1; i <= from.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= to.size(); ++j) {
            const std::size_t above = row[j];
            const std::size_t substitution = diagonal + (from[i - 1] == to[j - 1] ? 0 : 1);
            row[j] = std::min({above + 1, row[j - 1] + 1, substitution});
            diagonal = above;
        }
    }
    return row[to.size()];
}

}  // namespace

std::optional<std::string> closestKey(std::string_view key, const std::vector<std::string>& known) {
    std::optional<std::string> best;
    std::size_t bestDistance = kMostSlips + 1;
    for (const std::string& candidate : known) {
        const std::size_t distance = editDistance(key, candidate);
        if (distance < bestDistance) {
            bestDistance = distance;
            best = candidate;
        }
    }
    if (best) return best;
    for (const std::string& candidate : known) {
        if (key.size() >= kShortestAbbreviation && candidate.starts_with(key)) return candidate;
    }
    return std::nullopt;
}

std::string keyList(const std::vector<std::string>& known) {
    std::string list;
    for (const std::string& key : known) {
        if (!list.empty()) list += ", ";
        list += key;
    }
    return list;
}

}  // namespace mlsyslab::memory
