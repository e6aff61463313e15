#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/Result.h"

namespace mlsyslab::memory {

enum class Replacement : std::uint8_t { Lru, Fifo, Random };
// Back = write-back + write-allocate; Through = write-through + no-write-allocate.
enum class WritePolicy : std::uint8_t { Back, Through };

// "lru" / "fifo" / "random" and "back" / "through", as config files spell them.
std::string_view replacementName(Replacement replacement);
std::string_view writePolicyName(WritePolicy policy);

// One cache level. Associativity 0 means fully associative (`full` in a config file).
struct CacheLevelConfig {
    std::string name;  // "L1", "L2", ...
    std::uint64_t sizeBytes = 0;
    std::uint32_t associativity = 1;
    std::uint32_t lineBytes = 64;
    Replacement replacement = Replacement::Lru;
    WritePolicy write = WritePolicy::Back;
    std::uint32_t latencyCycles = 1;  // load-to-use total from the core, not an increment
    std::uint64_t randomSeed = 1;     // only for Replacement::Random

    std::uint64_t lineCount() const { return sizeBytes / lineBytes; }
    std::uint32_t ways() const;        // associativity, or lineCount() when fully associative
    std::uint64_t setCount() const;    // lineCount() / ways(); need not be a power of two

    friend bool operator==(const CacheLevelConfig&, const CacheLevelConfig&) = default;
};

// 1 to 3 levels, L1 first, and the latency of main memory.
struct CacheConfig {
    std::vector<CacheLevelConfig> levels;
    std::uint32_t memoryLatencyCycles = 100;

    friend bool operator==(const CacheConfig&, const CacheConfig&) = default;
};

inline constexpr std::size_t kMaxCacheLevels = 3;
// The most lines one level may have: 4,194,304 (256 MiB of 64-byte lines, more than any L3
// sold today), so that a simulated level, its 3C shadow and a run's checkpoints fit in memory.
inline constexpr std::uint64_t kMaxLinesPerLevel = std::uint64_t{1} << 22;

// Nothing, or the first problem that makes the configuration impossible, in words a student
// understands: "L2: size 1000 bytes is not a multiple of line (64) x associativity (4)",
// "L2: line size 32 bytes is smaller than L1's 64" (lines may not shrink downward), a line that
// is not a power of two, zero sizes, more than 3 levels, more than kMaxLinesPerLevel lines,
// latencies that are not increasing.
Result<CacheConfig> validateCacheConfig(CacheConfig config);

// Built-in configurations the `cache` simulator offers as presets.
// "lecture": the lecture's latencies (L1 4, L2 10, L3 40, RAM 100 cycles) on small caches a
// grid can show; "modern-server": a realistic 3-level hierarchy (48 KiB 12-way L1, 2 MiB 16-way
// L2, 32 MiB 16-way L3); "tiny": one small direct-mapped level for hand-worked examples.
std::vector<std::string> cachePresetNames();
Result<CacheConfig> cachePreset(std::string_view name);

}  // namespace mlsyslab::memory
