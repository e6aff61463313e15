#pragma once

#include <optional>
#include <vector>

#include "lesson/SimKindRegistry.h"
#include "lesson/StateFields.h"
#include "memory/CacheConfig.h"

namespace mlsyslab::lesson::kinds {

// The `cache` kind's `levels:` field: a list of 1 to 3 levels, L1 first, each read by the one
// reader of a cache level that config files use too (memory/CacheLevelYaml.h), so a level means
// the same cache in a lesson and in `mlsyslab-cli cache run`.

struct CacheLevelsReading {
    std::vector<memory::CacheLevelConfig> levels;
    std::vector<YAML::Mark> marks;  // where each level's map starts, for later messages
};

// The levels, or nothing when any of them has an error (each reported at its mark; an unknown
// field is a warning). Whether the levels fit together (sizes, line sizes, latencies) is for
// validateCacheConfig to say.
std::optional<CacheLevelsReading> readCacheLevelsField(const StateField& field,
                                                       std::vector<StateProblem>& problems);

}  // namespace mlsyslab::lesson::kinds
