#pragma once

#include <yaml-cpp/yaml.h>

#include <optional>
#include <string_view>

namespace mlsyslab::lesson {

// The first place where flow brackets or block indentation go deeper than `maxDepth` levels,
// as a 0-based mark inside `yaml`. An over-estimate is fine: it only has to be safe.
std::optional<YAML::Mark> findTooDeepNesting(std::string_view yaml, int maxDepth);

// A flow collection's opening bracket that is never closed.
struct UnclosedBracket {
    char bracket = '[';  // '[' or '{'
    YAML::Mark mark;     // 0-based, inside the YAML
};

// The innermost '[' or '{' (outside quoted scalars and comments) that no matching bracket
// closes, or nothing when every flow collection is closed. yaml-cpp reports such a collection
// where it gave up, often the end of the input; the opening bracket is where the author looks.
std::optional<UnclosedBracket> findUnclosedBracket(std::string_view yaml);

}  // namespace mlsyslab::lesson
