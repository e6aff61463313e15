#pragma once

#include <yaml-cpp/yaml.h>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "memory/CacheConfig.h"

namespace mlsyslab::memory {

// The one reader of a cache level as YAML writes it (DESIGN.md §4), for a cache config file
// (parseCacheConfigYaml) and a lesson's `cache` block alike:
//   {name: L1, size: 32KiB, associativity: 8, line: 64, replacement: lru, write: back,
//    latency: 4}
// Required: size, associativity, line, latency (a cache's geometry is never assumed). Defaults:
// name L1, L2, L3 by position, replacement lru, write back, seed 1 (allowed only with random).
// Whether the levels fit together is validateCacheConfig's to say.

// One problem, at the offending value (at the key for a missing value, at the level's map for a
// missing field), worded with the level's name first: "L2: missing 'line' (...)".
struct CacheLevelProblem {
    YAML::Mark mark;
    std::string message;
    // An unknown field: a config file refuses it, a lesson warns and reads the rest.
    bool unknownField = false;
};

// Where a level's values were written, to point validateCacheConfig's messages at them.
struct CacheLevelMarks {
    YAML::Mark level;
    YAML::Mark name;
    YAML::Mark size;
    YAML::Mark associativity;
    YAML::Mark line;
    YAML::Mark latency;
};

struct CacheLevelReading {
    // Nothing when a problem other than an unknown field was found.
    std::optional<CacheLevelConfig> level;
    CacheLevelMarks marks;
    // In reading order: the fields top to bottom, then the missing ones, then the seed; a
    // reader that stops at the first problem reports problems.front().
    std::vector<CacheLevelProblem> problems;
};

// Level `index` (from 0) of a `levels:` list.
CacheLevelReading readCacheLevelYaml(const YAML::Node& node, std::size_t index);

// The fields a level may have, in the order the docs list them.
const std::vector<std::string>& cacheLevelFieldNames();

// A level written as an example in messages.
inline constexpr const char* kCacheLevelExample =
    "{name: L1, size: 32KiB, associativity: 8, line: 64, latency: 4}";

}  // namespace mlsyslab::memory
