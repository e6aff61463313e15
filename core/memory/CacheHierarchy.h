#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "memory/CacheConfig.h"
#include "memory/CacheLevel.h"
#include "memory/CacheStats.h"
#include "memory/MemoryAccess.h"
#include "memory/MissClassifier.h"

namespace mlsyslab::memory {

// What one request did at one level, for the stepping view and hand-worked tests.
struct LevelEvent {
    std::size_t level = 0;  // 0 = L1
    AccessKind kind = AccessKind::Load;  // a writeback arrives as a Store
    bool isWriteback = false;  // this request is a dirty line sent down from the level above
    std::uint64_t lineAddress = 0;  // address of the first byte of the line at this level
    std::uint64_t set = 0;
    bool hit = false;
    std::optional<MissKind> missKind;  // set on a miss when miss classification is on
    std::uint32_t way = 0;             // where the line is (hit) or was installed (filled miss)
    bool filled = false;               // a miss that installed the line (not a write-through store miss)
    bool forwarded = false;            // a write passed on to the next level (write-through)
    std::optional<std::uint64_t> evictedLineAddress;  // the victim, when a valid line was replaced
    bool evictedDirty = false;                        // ... and it was written back
};

// One L1 line reference: the events in the order they happened (L1's first; a miss's fill from
// below, then a writeback's request below, as the model in the memory issue orders them), and
// what it cost.
struct ReferenceOutcome {
    MemoryAccess access;            // the access this reference belongs to
    std::uint64_t lineAddress = 0;  // L1 line
    std::vector<LevelEvent> events;
    std::optional<std::size_t> servedByLevel;  // the first level that hit; empty = memory
    std::uint32_t cycles = 0;
};

// One cache line as a view draws it.
struct CacheLineState {
    bool valid = false;
    bool dirty = false;
    std::uint64_t tag = 0;          // line number / number of sets
    std::uint64_t lineAddress = 0;  // first byte of the line
    std::uint32_t recency = 0;      // 0 = most recently used (LRU) or newest (FIFO), among valid lines

    friend bool operator==(const CacheLineState&, const CacheLineState&) = default;
};

enum class MissClassification : std::uint8_t { Off, On };

// The multi-level cache simulator of the memory issue, exactly:
// - an access is split at L1 line boundaries; each line touched is one reference, counted and
//   costed on its own, in increasing address order;
// - a hit: LRU moves the line to most-recent (FIFO does not reorder); a write hit marks the
//   line dirty in a write-back level and is forwarded to the next level in a write-through one;
// - a miss: a write to a write-through level is forwarded to the next level and nothing is
//   filled; otherwise first read the line from the next level (recursively), then evict the
//   victim if the set is full (LRU or oldest), counting an eviction, and if it is dirty count a
//   writeback and send it to the next level as an ordinary write request, then install the
//   line (dirty if the request was a write);
// - set index = line number mod number of sets; neither inclusive nor exclusive; starts empty;
//   no prefetching; no flush at the end;
// - a reference costs the latency of the first level that hits (memory latency if none);
//   writebacks and forwarded writes cost nothing.
// Decisions the issue leaves open, so that counts stay comparable:
// - a request to a level is for that level's line containing the address (lower levels may
//   have longer lines); a fill asks the next level for the line's first byte, a writeback sends
//   the victim's line, a forwarded write sends the line the store touched;
// - "the first level that hits" follows the reference's own path: a miss's fill read, or, for
//   a store that misses a write-through level, the forwarded write. So a store that misses a
//   write-through L1 costs the latency of the first level where the forwarded write hits
//   (memory latency if none); a store that hits a write-through L1 costs L1's latency;
// - a fill of a set that is not full takes its lowest empty way; a full set's victim is the
//   least recently used way (LRU), the oldest installed (FIFO), or a way drawn uniformly by
//   the level's own generator seeded with randomSeed (Random), the same on every run;
// - writebacks and forwarded writes count as requests (hits or misses) at the level they reach,
//   and memory reads / writes count the line reads and the writes that reach memory;
// - a miss is compulsory when the level has never held the line, so a store miss in a
//   write-through level (which fills nothing) does not make the next miss of that line a
//   non-compulsory one.
// A value type: copying it is how checkpoints are taken (CacheRun).
class CacheHierarchy {
public:
    // The config must have passed validateCacheConfig.
    explicit CacheHierarchy(CacheConfig config,
                            MissClassification classification = MissClassification::On);

    // The fast path: counts only.
    void access(const MemoryAccess& access);
    // The same, returning what each line reference did.
    std::vector<ReferenceOutcome> accessDetailed(const MemoryAccess& access);

    const CacheConfig& config() const { return config_; }
    const CacheStats& stats() const { return stats_; }

    // The ways of one set, way 0 first. Recency ranks the valid ways of the set: 0 is the most
    // recently used (LRU) or the newest installed (FIFO and Random).
    std::vector<CacheLineState> setContents(std::size_t level, std::uint64_t set) const;

    // The memory this simulator holds, in bytes (CacheRun keeps its checkpoints within a budget).
    std::size_t footprintBytes() const;

private:
    // Sends one request to level `levelIndex` (levels_.size() stands for main memory) and
    // returns the level that served it: itself on a hit, else whatever served its fill read (or
    // its forwarded write, for a store missing a write-through level). `events`, when given,
    // gets one LevelEvent per request, in the order the requests arrive.
    std::size_t request(std::size_t levelIndex, std::uint64_t address, AccessKind kind,
                        bool isWriteback, std::vector<LevelEvent>* events);
    // One L1 line reference: counts it, costs it, and returns the level that served it.
    std::size_t reference(std::uint64_t lineAddress, AccessKind kind,
                          std::vector<LevelEvent>* events);

    CacheConfig config_;
    CacheStats stats_;
    MissClassification classification_ = MissClassification::On;
    std::vector<CacheLevel> levels_;
    std::vector<MissClassifier> classifiers_;  // one per level when classification is on
};

// The textbook's additive formula, t1 + m1·(t2 + m2·(t3 + m3·t_mem)), with each level's latency
// taken as its own increment and m its local miss rate, shown beside the simulator's AMAT
// (which uses load-to-use totals) because students meet both.
double textbookAmat(const CacheConfig& config, const CacheStats& stats);

}  // namespace mlsyslab::memory
