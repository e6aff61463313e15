#include "lesson/SimKindRegistry.h"

#include <utility>

#include "common/Suggestion.h"

namespace mlsyslab::lesson {

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

}  // namespace mlsyslab::lesson
