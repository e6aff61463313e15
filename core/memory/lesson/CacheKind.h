#pragma once

#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

#include "lesson/KindSpec.h"
#include "memory/lesson/CachePattern.h"
#include "memory/CacheConfig.h"
#include "memory/MemoryAccess.h"

namespace mlsyslab::lesson::kinds {

// ```sim cache: a 1- to 3-level cache hierarchy (memory/CacheHierarchy.h) fed a teaching
// pattern or a Lackey trace, stepped one access at a time.
// Its fields, defaults and values: cacheKind() below (and docs/lesson-format.md).
// Either a pattern or a trace, with at most kMostCacheSteppingAccesses accesses.

struct CacheState {
    std::string preset = "lecture";
    memory::CacheConfig config;  // valid: the preset's, or the lesson's levels
    bool customLevels = false;   // the levels came from the lesson, not the preset
    CachePattern pattern;        // when !usesTrace
    bool usesTrace = false;
    std::vector<memory::MemoryAccess> accesses;  // the pattern's or the trace's
    std::string showLevel = "L1";
    std::uint64_t startStep = 0;  // at most accesses.size()
    bool editable = true;

    CacheState();
};

const KindSpec<CacheState>& cacheKind();

}  // namespace mlsyslab::lesson::kinds
