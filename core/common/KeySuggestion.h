#pragma once

#include <algorithm>
#include <numeric>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mlsyslab {

// For "unknown field" messages in configuration files (cache configurations, device models):
// the known key the user probably meant, one within two typing slips (Levenshtein edit
// distance) or one the key abbreviates ("assoc"), or nothing when no key is close.
// Header-only so that every engine can use it without linking another library.

namespace key_suggestion_detail {

inline constexpr std::size_t kMostSlips = 2;
inline constexpr std::size_t kShortestAbbreviation = 3;

// The fewest single-character insertions, deletions and substitutions turning one into the
// other, computed one row of the classic table at a time.
inline std::size_t editDistance(std::string_view from, std::string_view to) {
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

}  // namespace key_suggestion_detail

inline std::optional<std::string> closestKey(std::string_view key,
                                             const std::vector<std::string>& known) {
    using namespace key_suggestion_detail;
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

// "name, size, line": the known keys, for a message that lists them.
inline std::string keyList(const std::vector<std::string>& known) {
    std::string list;
    for (const std::string& key : known) {
        if (!list.empty()) list += ", ";
        list += key;
    }
    return list;
}

}  // namespace mlsyslab
