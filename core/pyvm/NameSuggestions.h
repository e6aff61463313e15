#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mlsyslab::pyvm {

// CPython 3.11's "Did you mean" (Python/suggestions.c): the candidate closest to `name` by a
// Levenshtein distance where a case change costs 1 and any other edit 2, within a third of the
// characters involved; the first of equally close candidates wins; exact matches are skipped.
std::optional<std::string> closestName(std::string_view name,
                                       const std::vector<std::string_view>& candidates);

// The NameError suggestion: the frame's local variable names first, then the module's globals,
// then the builtins, each list searched on its own as CPython does.
std::optional<std::string> suggestNameError(std::string_view name,
                                            const std::vector<std::string_view>& localNames,
                                            const std::vector<std::string_view>& globalNames);

// ". Did you mean: 'print'?" (the suggestion's repr), appended to the error's message.
std::string didYouMean(const std::string& suggestion);

}  // namespace mlsyslab::pyvm
