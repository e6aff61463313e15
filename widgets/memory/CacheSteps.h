#pragma once

#include <cstddef>
#include <list>
#include <utility>
#include <vector>

#include "memory/CacheHierarchy.h"
#include "memory/CacheRun.h"

namespace mlsyslab::widgets {

// What the cache simulator shows at each position of a run, computed from memory::CacheRun's
// snapshots (DESIGN.md §2). Position k (0 to accessCount()) is the hierarchy after k accesses
// together with what access k (the k-th, index k − 1) did. Plain C++, no Qt.
//
// Every view is exact whatever the path to it (step, back, scrub), and cheap on the common
// path: the hierarchy shown is kept, so a step forward is one more access on it (a big
// hierarchy such as "modern-server" is tens of megabytes, too much to copy at every step of a
// run), and any other move restarts from the run's nearest checkpoint.
class CacheSteps {
public:
    CacheSteps(memory::CacheConfig config, std::vector<memory::MemoryAccess> accesses);

    const memory::CacheRun& run() const { return run_; }
    const memory::CacheConfig& config() const { return run_.config(); }
    std::size_t accessCount() const { return run_.size(); }

    // Moves to a position (clamped to 0..accessCount()).
    void moveTo(std::size_t position);
    std::size_t position() const { return position_; }
    // The hierarchy after position() accesses, and what the last of them did (empty at 0).
    const memory::CacheHierarchy& state() const { return state_; }
    const std::vector<memory::ReferenceOutcome>& lastOutcome() const { return lastOutcome_; }

    // What access `index` (from 0) did, for the access list. Outcomes are worked out a block of
    // accesses at a time and the last few blocks kept, since a list shows neighbours together.
    const std::vector<memory::ReferenceOutcome>& outcomeOf(std::size_t index) const;

    // Per level, its cumulative hit rate after each access (accessCount() values), NaN while the
    // level has had no request yet (L2 before L1's first miss).
    const std::vector<double>& hitRateHistory(std::size_t level) const {
        return hitRates_.at(level);
    }

private:
    using Block = std::vector<std::vector<memory::ReferenceOutcome>>;
    static constexpr std::size_t kBlockAccesses = 256;
    static constexpr std::size_t kBlocksKept = 4;

    memory::CacheRun run_;
    std::size_t position_ = 0;
    memory::CacheHierarchy state_;
    std::vector<memory::ReferenceOutcome> lastOutcome_;
    std::vector<std::vector<double>> hitRates_;
    mutable std::list<std::pair<std::size_t, Block>> blocks_;  // most recently used first
};

}  // namespace mlsyslab::widgets
