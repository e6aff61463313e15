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
Result<CacheConfig> parseCacheConfigYaml(std::string_view yamlText, std::string_view sourceName);

// "32KiB" -> 32768; bytes when there is no suffix.
Result<std::uint64_t> parseByteSize(std::string_view text);

// The configuration written back in that format (a preset, exported from the GUI).
std::string cacheConfigToYaml(const CacheConfig& config);

}  // namespace mlsyslab::memory
