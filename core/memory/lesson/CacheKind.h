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
//   preset: lecture | modern-server | tiny      (default lecture)
//   levels: [{name, size, associativity, line, replacement, write, latency}, ...]
//                                               (replaces the preset's; memory/CacheLevelYaml.h)
//   memory_latency: 100                          (default: the preset's)
//   pattern: row-major | column-major | sequential | strided | matmul | random | pointer-chase
//            with its own fields (CachePatternFields.h; default row-major 16×16 float32), or
//   trace: |                                     Lackey lines, indented under the key
//     L 0x00,4
//     S 0x84,4
//   show_level: L1                               (the level whose grid is shown first)
//   start_step: 0                                (accesses already made when it opens; past the
//                                                 end: all of them)
//   editable: true                               (students may change preset, levels and pattern)
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
