#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mlsyslab {

// "Did you mean" for every name a user can misspell: lesson kinds, fields and choices, CLI
// commands, configuration keys, device ids, backends. The candidate the word most likely meant:
//   - the closest one a few slips away: insertions, deletions, substitutions and swaps of two
//     neighbours (the "optimal string alignment" edit distance), ignoring case, with at most a
//     third of the word wrong (at least one slip): "bitz" -> "bits", "titel" -> "title",
//     "latnecy" -> "latency", "CLA" -> "cla";
//   - else the first one the word abbreviates, three letters or more: "assoc" ->
//     "associativity".
// A tie goes to the candidate listed first; nothing when no candidate is close ("colour" is not
// "title"), so a message can list the choices instead.
std::optional<std::string> closestMatch(std::string_view word,
                                        const std::vector<std::string>& candidates);

// "name, size, line": the candidates, for a message that lists them.
std::string keyList(const std::vector<std::string>& candidates);

}  // namespace mlsyslab
