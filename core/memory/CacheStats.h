#pragma once

#include <cstdint>
#include <vector>

namespace mlsyslab::memory {

// The 3C model (Hill): a miss is compulsory when the level has never held the line, capacity
// when a fully associative LRU cache of the same number of lines, fed the same requests, would
// also miss, and conflict otherwise (only the set mapping made it miss).
enum class MissKind : std::uint8_t { Compulsory, Capacity, Conflict };

struct LevelStats {
    std::uint64_t hits = 0;
    std::uint64_t misses = 0;
    std::uint64_t evictions = 0;   // valid lines replaced
    std::uint64_t writebacks = 0;  // dirty lines evicted, sent down as writes
    std::uint64_t compulsoryMisses = 0;
    std::uint64_t capacityMisses = 0;
    std::uint64_t conflictMisses = 0;

    std::uint64_t requests() const { return hits + misses; }
    double hitRate() const;  // 0 when there were no requests

    friend bool operator==(const LevelStats&, const LevelStats&) = default;
};

struct CacheStats {
    std::vector<LevelStats> levels;  // L1 first
    std::uint64_t memoryReads = 0;   // line reads that reached main memory
    std::uint64_t memoryWrites = 0;  // writes (writebacks or written-through stores) reaching it
    std::uint64_t lineReferences = 0;  // the L1 references the accesses were split into
    std::uint64_t totalCycles = 0;

    // total cycles / line references (0 when there were none).
    double averageMemoryAccessTime() const;

    friend bool operator==(const CacheStats&, const CacheStats&) = default;
};

}  // namespace mlsyslab::memory
