#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mlsyslab::memory {

// This machine's caches as the operating system describes them, to put the latency probe's
// steps next to the sizes they should appear at.

enum class CacheType : std::uint8_t { Data, Instruction, Unified };

struct CacheInfo {
    int level = 1;
    CacheType type = CacheType::Unified;
    std::uint64_t sizeBytes = 0;  // of one instance (an L3 shared by 8 cores counts once)
    int ways = 0;                 // 0 when not given
    int lineBytes = 0;            // 0 when not given

    friend bool operator==(const CacheInfo&, const CacheInfo&) = default;
};

struct CacheTopology {
    std::string cpuModel;           // "AMD EPYC 7B13", or "" when not known
    std::vector<CacheInfo> caches;  // as the system lists them

    // The caches a load goes through, one per level (data or unified, not instruction), L1
    // first. Empty when nothing is known.
    std::vector<CacheInfo> dataCaches() const;
};

// "Data" / "Instruction" / "Unified", as sysfs spells them.
std::string_view cacheTypeName(CacheType type);

// A size as sysfs writes it: "48K", "2048K", "32M" (K, M, G are powers of 1024), or bytes
// without a suffix; surrounding white space is ignored. Nothing for anything else.
std::optional<std::uint64_t> parseSysfsSize(std::string_view text);

// Reads the caches of CPU 0 from ROOT/sys/devices/system/cpu/cpu0/cache/index*/ (files level,
// type, size, ways_of_associativity, coherency_line_size) and the model name from
// ROOT/proc/cpuinfo (its first "model name" line). `root` is "/" for this machine and a fixture
// folder in tests. What cannot be read is left out: on a system without sysfs the topology is
// empty, and the probe finds the steps from the curve alone.
CacheTopology readCacheTopology(const std::filesystem::path& root = "/");

}  // namespace mlsyslab::memory
