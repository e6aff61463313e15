#pragma once

#include <string>
#include <string_view>

#include "common/Result.h"
#include "memory/CacheConfig.h"

namespace mlsyslab::memory {

// Reads a cache configuration in the format of DESIGN.md §4:
//   levels:
//     - {name: L1, size: 32KiB, associativity: 8, line: 64, replacement: lru, write: back,
//        latency: 4}
//   memory_latency: 100
// Sizes are bytes or have a KiB / MiB / GiB suffix (also KB / MB / GB, meaning the same powers
// of two, as hardware vendors use them); associativity is a number or `full`; replacement also
// accepts `random` (with an optional `seed`). A failure message starts with
// "SOURCE:LINE:COL: " (1-based, the position of the offending value) and says what is wrong and
// what is allowed; the configuration is also checked with validateCacheConfig.
// Each level is read by readCacheLevelYaml (memory/CacheLevelYaml.h), as lessons read theirs:
// size, associativity, line and latency required; this reader stops at its first problem.
// `memory_latency` is required. Unknown fields are errors (with the field probably meant);
// a field given twice or two levels with one name are errors. A missing field is reported at
// the level's map, a problem validateCacheConfig finds at the value it concerns (the level's
// size, line or latency, or memory_latency), YAML syntax errors where yaml-cpp found them.
Result<CacheConfig> parseCacheConfigYaml(std::string_view yamlText, std::string_view sourceName);

// "32KiB" -> 32768; bytes when there is no suffix. A whole number, then optional spaces and a
// unit: B, KiB, MiB, GiB, or KB, MB, GB, K, M, G meaning the same powers of two (sysfs writes
// "48K"); units in any letter case. Negative numbers, fractions, unknown units and sizes past
// 2^64 - 1 bytes are refused with a message that quotes the text and says why.
Result<std::uint64_t> parseByteSize(std::string_view text);

// The configuration written back in that format (a preset, exported from the GUI), one flow map
// per level with every field, sizes in the largest exact unit; parseCacheConfigYaml reads it
// back to an equal configuration.
std::string cacheConfigToYaml(const CacheConfig& config);

}  // namespace mlsyslab::memory
