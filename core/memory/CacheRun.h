#pragma once

#include <cstddef>
#include <vector>

#include "memory/CacheHierarchy.h"
#include "memory/MemoryAccess.h"

namespace mlsyslab::memory {

// A whole trace run through a hierarchy, steppable as snapshots (DESIGN.md §2): the state after
// k accesses for any k from 0 to size(). Long traces keep a checkpoint (a copy of the
// hierarchy) every kCheckpointInterval accesses and replay from the nearest one, so stepping
// back is as exact as stepping forward and memory stays bounded: when the checkpoints would
// hold more than kCheckpointBudgetBytes (a big hierarchy such as "modern-server" is about 9 MB
// per copy), every other one is dropped and the interval doubles, as often as needed.
// The run classifies misses (MissClassification::On).
class CacheRun {
public:
    static constexpr std::size_t kCheckpointInterval = 256;
    static constexpr std::size_t kCheckpointBudgetBytes = std::size_t{128} << 20;

    CacheRun(CacheConfig config, std::vector<MemoryAccess> accesses);

    std::size_t size() const { return accesses_.size(); }
    const std::vector<MemoryAccess>& accesses() const { return accesses_; }
    const CacheConfig& config() const { return config_; }

    // The hierarchy after the first `count` accesses (0 = empty caches; more than size() is
    // taken as size()).
    CacheHierarchy stateAfter(std::size_t count) const;
    // What access number `index` (from 0) did, line reference by line reference (nothing when
    // index >= size()).
    std::vector<ReferenceOutcome> outcomeOf(std::size_t index) const;
    // L1 hit rate after each access, for the hit-rate-over-time plot (size() values).
    const std::vector<double>& l1HitRateHistory() const { return l1HitRates_; }
    // The statistics at the end of the trace.
    const CacheStats& finalStats() const { return finalStats_; }

private:
    // Keeps a copy of the hierarchy, thinning the checkpoints when they pass the budget.
    void addCheckpoint(const CacheHierarchy& hierarchy);

    CacheConfig config_;
    std::vector<MemoryAccess> accesses_;
    std::vector<CacheHierarchy> checkpoints_;  // checkpoints_[i]: after i * spacing accesses
    std::size_t checkpointSpacing_ = kCheckpointInterval;  // a power-of-two multiple of it
    std::size_t checkpointBytes_ = 0;
    std::vector<double> l1HitRates_;
    CacheStats finalStats_;
};

}  // namespace mlsyslab::memory
