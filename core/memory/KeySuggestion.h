#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mlsyslab::memory {

// For "unknown field" messages in configuration files: the known key the user probably meant,
// one within two typing slips (Levenshtein edit distance) or one the key abbreviates ("assoc"),
// or nothing when no key is close.
std::optional<std::string> closestKey(std::string_view key, const std::vector<std::string>& known);

// "name, size, line": the known keys, for a message that lists them.
std::string keyList(const std::vector<std::string>& known);

}  // namespace mlsyslab::memory
