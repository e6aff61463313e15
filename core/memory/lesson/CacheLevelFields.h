#pragma once

#include <optional>
#include <vector>

#include "lesson/SimKindRegistry.h"
#include "lesson/StateFields.h"
#include "memory/CacheConfig.h"

namespace mlsyslab::lesson::kinds {

// The `cache` kind's `levels:` field: a list of 1 to 3 maps, L1 first, each
//   {name, size, associativity, line, replacement, write, latency, seed}
// as a cache config file writes them (DESIGN.md §4): size in bytes or with a KiB / MiB suffix
// (required), associativity a number or `full` (default 1), line in bytes (default 64),
// replacement lru | fifo | random (default lru), write back | through (default back), latency
// in cycles (required), seed for random replacement (default 1). A missing name is L1, L2, ...

struct CacheLevelsReading {
    std::vector<memory::CacheLevelConfig> levels;
    std::vector<YAML::Mark> marks;  // where each level's map starts, for later messages
};

// The levels, or nothing when any of them has an error (each reported at its mark). Whether the
// levels fit together (sizes, line sizes, latencies) is for validateCacheConfig to say.
std::optional<CacheLevelsReading> readCacheLevelsField(const StateField& field,
                                                       std::vector<StateProblem>& problems);

}  // namespace mlsyslab::lesson::kinds
