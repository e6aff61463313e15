#pragma once

#include <cstddef>
#include <vector>

#include "memory/CacheHierarchy.h"
#include "memory/MemoryAccess.h"

namespace mlsyslab::memory {

// A whole trace run through a hierarchy, steppable as snapshots (DESIGN.md §2): the state after
// k accesses for any k from 0 to size(). Long traces keep a checkpoint (a copy of the
// hierarchy) every kCheckpointInterval accesses and replay from the nearest one, so stepping
// back is as exact as stepping forward and memory stays bounded.
class CacheRun {
public:
    static constexpr std::size_t kCheckpointInterval = 256;

    CacheRun(CacheConfig config, std::vector<MemoryAccess> accesses);

    std::size_t size() const { return accesses_.size(); }
    const std::vector<MemoryAccess>& accesses() const { return accesses_; }
    const CacheConfig& config() const { return config_; }

    // The hierarchy after the first `count` accesses (0 = empty caches).
    CacheHierarchy stateAfter(std::size_t count) const;
    // What access number `index` (from 0) did, line reference by line reference.
    std::vector<ReferenceOutcome> outcomeOf(std::size_t index) const;
    // L1 hit rate after each access, for the hit-rate-over-time plot (size() values).
    const std::vector<double>& l1HitRateHistory() const { return l1HitRates_; }
    // The statistics at the end of the trace.
    const CacheStats& finalStats() const { return finalStats_; }

private:
    CacheConfig config_;
    std::vector<MemoryAccess> accesses_;
    std::vector<CacheHierarchy> checkpoints_;  // checkpoints_[i]: after i * interval accesses
    std::vector<double> l1HitRates_;
    CacheStats finalStats_;
};

}  // namespace mlsyslab::memory
