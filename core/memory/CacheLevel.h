#pragma once

#include <cstdint>
#include <vector>

#include "memory/CacheConfig.h"
#include "memory/LineIndex.h"

namespace mlsyslab::memory {

// One cache level's lines: sets of ways, which line each way holds, its dirty bit, and the
// order the replacement policy keeps within each set. It only stores and answers; the rules of
// the hierarchy (what a hit or a miss does, what is sent down) are CacheHierarchy's.
//
// Lines are never invalidated (no flush, no inclusion), so the valid ways of a set are always
// ways 0 .. validCount-1 and a fill of a set that is not full takes the lowest empty way.
// Each set keeps its ways in a doubly linked list from newest to oldest: most recently used
// first under LRU, most recently installed first under FIFO and Random. The victim of a full
// set is the list's last way (LRU, FIFO) or a way drawn from the level's own seeded generator
// (Random), so a run is the same every time.
class CacheLevel {
public:
    static constexpr std::uint32_t kNoWay = UINT32_MAX;

    explicit CacheLevel(const CacheLevelConfig& config);

    std::uint64_t lineNumberOf(std::uint64_t address) const { return address >> lineShift_; }
    std::uint64_t lineAddressOf(std::uint64_t lineNumber) const { return lineNumber << lineShift_; }
    std::uint64_t setOf(std::uint64_t lineNumber) const {
        return setCountIsPowerOfTwo_ ? (lineNumber & setMask_) : (lineNumber % setCount_);
    }
    std::uint64_t setCount() const { return setCount_; }
    WritePolicy writePolicy() const { return writePolicy_; }

    // The way of `set` holding the line, or kNoWay. (Defined here, inline: it runs for every
    // request at every level.)
    std::uint32_t find(std::uint64_t lineNumber, std::uint64_t set) const {
        if (indexed_) {
            const std::uint32_t found = index_.find(lineNumber);
            return found == LineIndex::kAbsent ? kNoWay : found % ways_;
        }
        const WaySlot* setSlots = slots_.data() + slotOf(set, 0);
        const std::uint32_t valid = sets_[set].validCount;
        for (std::uint32_t way = 0; way < valid; ++way) {
            if (setSlots[way].lineNumber == lineNumber) return way;
        }
        return kNoWay;
    }
    // A hit: under LRU the way becomes the most recently used; FIFO and Random keep their order.
    void touch(std::uint64_t set, std::uint32_t way) {
        if (replacement_ != Replacement::Lru || sets_[set].newest == way) return;
        unlink(set, way);
        pushNewest(set, way);
    }
    void markDirty(std::uint64_t set, std::uint32_t way) { slot(set, way).dirty = 1; }

    // The way a fill of `set` takes: the lowest empty way, else the replacement policy's victim
    // (drawing from the random generator under Random, so call it once per fill).
    std::uint32_t wayToFill(std::uint64_t set);
    bool isValid(std::uint64_t set, std::uint32_t way) const { return way < sets_[set].validCount; }
    std::uint64_t lineAt(std::uint64_t set, std::uint32_t way) const {
        return slot(set, way).lineNumber;
    }
    bool isDirty(std::uint64_t set, std::uint32_t way) const { return slot(set, way).dirty != 0; }
    // Puts the line into the way (replacing what it held) as the newest of its set.
    void install(std::uint64_t set, std::uint32_t way, std::uint64_t lineNumber, bool dirty);

    // The valid ways of `set`, newest first (the recency order a view shows).
    std::vector<std::uint32_t> waysNewestFirst(std::uint64_t set) const;
    std::size_t footprintBytes() const;

private:
    // One way of a set. The ways of a set sit side by side in memory, so a lookup, an update of
    // the order and a fill touch one small block.
    struct WaySlot {
        std::uint64_t lineNumber = 0;
        std::uint32_t newer = kEnd;  // the next newer way of the set, or kEnd
        std::uint32_t older : 31;    // the next older way of the set, or kEnd
        std::uint32_t dirty : 1;
        WaySlot() : older(kEnd), dirty(0) {}
    };
    struct SetOrder {
        std::uint32_t validCount = 0;  // ways 0 .. validCount-1 hold lines
        std::uint32_t newest = kEnd;
        std::uint32_t oldest = kEnd;
    };
    static constexpr std::uint32_t kEnd = 0x7FFFFFFF;  // no way (lines per level stay below)

    WaySlot& slot(std::uint64_t set, std::uint32_t way) { return slots_[slotOf(set, way)]; }
    const WaySlot& slot(std::uint64_t set, std::uint32_t way) const {
        return slots_[slotOf(set, way)];
    }
    std::size_t slotOf(std::uint64_t set, std::uint32_t way) const {
        return static_cast<std::size_t>(set) * ways_ + way;
    }
    void unlink(std::uint64_t set, std::uint32_t way);
    void pushNewest(std::uint64_t set, std::uint32_t way);
    std::uint64_t nextRandom();

    int lineShift_ = 6;
    std::uint64_t setCount_ = 1;
    std::uint64_t setMask_ = 0;
    bool setCountIsPowerOfTwo_ = true;
    std::uint32_t ways_ = 1;
    Replacement replacement_ = Replacement::Lru;
    WritePolicy writePolicy_ = WritePolicy::Back;
    std::uint64_t randomState_ = 0;

    std::vector<WaySlot> slots_;  // slot = set * ways + way
    std::vector<SetOrder> sets_;
    // Sets with many ways find lines through an index rather than by comparing every way.
    bool indexed_ = false;
    LineIndex index_;  // line number -> slot, only when indexed_
};

}  // namespace mlsyslab::memory
