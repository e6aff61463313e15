#include "pyvm/NameSuggestions.h"

#include <algorithm>
#include <cstddef>
#include <limits>

#include "common/Concat.h"
#include "pyvm/PythonNames.h"
#include "pyvm/Repr.h"

namespace mlsyslab::pyvm {

namespace {

// Costs and bounds from Python/suggestions.c.
constexpr std::size_t kMoveCost = 2;
constexpr std::size_t kCaseCost = 1;
constexpr std::size_t kMaxStringSize = 40;
constexpr std::size_t kMaxCandidates = 750;

std::size_t substitutionCost(char a, char b) {
    if ((a & 31) != (b & 31)) return kMoveCost;
    if (a == b) return 0;
    const auto lower = [](char c) {
        return ('A' <= c && c <= 'Z') ? static_cast<char>(c + ('a' - 'A')) : c;
    };
    return lower(a) == lower(b) ? kCaseCost : kMoveCost;
}

std::size_t levenshtein(std::string_view a, std::string_view b, std::size_t maxCost) {
    while (!a.empty() && !b.empty() && a.front() == b.front()) {
        a.remove_prefix(1);
        b.remove_prefix(1);
    }
    while (!a.empty() && !b.empty() && a.back() == b.back()) {
        a.remove_suffix(1);
        b.remove_suffix(1);
    }
    if (a.empty() || b.empty()) return (a.size() + b.size()) * kMoveCost;
    if (a.size() > kMaxStringSize || b.size() > kMaxStringSize) return maxCost + 1;
    if (b.size() < a.size()) std::swap(a, b);
    if ((b.size() - a.size()) * kMoveCost > maxCost) return maxCost + 1;

    std::size_t row[kMaxStringSize];
    for (std::size_t index = 0; index < a.size(); ++index) row[index] = (index + 1) * kMoveCost;
    std::size_t result = 0;
    for (std::size_t bIndex = 0; bIndex < b.size(); ++bIndex) {
        std::size_t distance = result = bIndex * kMoveCost;
        std::size_t minimum = std::numeric_limits<std::size_t>::max();
        for (std::size_t index = 0; index < a.size(); ++index) {
            const std::size_t substitute = distance + substitutionCost(b[bIndex], a[index]);
            distance = row[index];
            const std::size_t insertDelete = std::min(result, distance) + kMoveCost;
            result = std::min(insertDelete, substitute);
            row[index] = result;
            minimum = std::min(minimum, result);
        }
        if (minimum > maxCost) return maxCost + 1;
    }
    return result;
}

}  // namespace

std::optional<std::string> closestName(std::string_view name,
                                       const std::vector<std::string_view>& candidates) {
    if (candidates.size() >= kMaxCandidates) return std::nullopt;
    std::optional<std::string> best;
    std::size_t bestDistance = std::numeric_limits<std::size_t>::max();
    for (const std::string_view candidate : candidates) {
        if (candidate == name) continue;
        std::size_t maxDistance = (name.size() + candidate.size() + 3) * kMoveCost / 6;
        if (bestDistance != std::numeric_limits<std::size_t>::max()) {
            maxDistance = std::min(maxDistance, bestDistance - 1);
        }
        const std::size_t distance = levenshtein(name, candidate, maxDistance);
        if (distance > maxDistance) continue;
        if (!best || distance < bestDistance) {
            best = std::string(candidate);
            bestDistance = distance;
        }
    }
    return best;
}

std::optional<std::string> suggestNameError(std::string_view name,
                                            const std::vector<std::string_view>& localNames,
                                            const std::vector<std::string_view>& globalNames) {
    if (auto found = closestName(name, localNames)) return found;
    if (auto found = closestName(name, globalNames)) return found;
    return closestName(name, cpythonBuiltinNames());
}

std::string didYouMean(const std::string& suggestion) {
    return concat(". Did you mean: ", strRepr(suggestion), "?");
}

}  // namespace mlsyslab::pyvm
