#include "memory/CacheRun.h"

#include <algorithm>

namespace mlsyslab::memory {

CacheRun::CacheRun(CacheConfig config, std::vector<MemoryAccess> accesses)
    : config_(std::move(config)), accesses_(std::move(accesses)) {
    CacheHierarchy hierarchy(config_, MissClassification::On);
    addCheckpoint(hierarchy);
    l1HitRates_.reserve(accesses_.size());
    for (std::size_t index = 0; index < accesses_.size(); ++index) {
        hierarchy.access(accesses_[index]);
        const CacheStats& stats = hierarchy.stats();
        l1HitRates_.push_back(stats.levels.empty() ? 0.0 : stats.levels.front().hitRate());
        if ((index + 1) % checkpointSpacing_ == 0) addCheckpoint(hierarchy);
    }
    finalStats_ = hierarchy.stats();
}

void CacheRun::addCheckpoint(const CacheHierarchy& hierarchy) {
    checkpoints_.push_back(hierarchy);
    checkpointBytes_ += hierarchy.footprintBytes();
    // Thin out: keep checkpoints 0, 2, 4, ... (those at multiples of the doubled spacing).
    while (checkpointBytes_ > kCheckpointBudgetBytes && checkpoints_.size() > 2) {
        std::vector<CacheHierarchy> kept;
        kept.reserve(checkpoints_.size() / 2 + 1);
        checkpointBytes_ = 0;
        for (std::size_t index = 0; index < checkpoints_.size(); index += 2) {
            checkpointBytes_ += checkpoints_[index].footprintBytes();
            kept.push_back(std::move(checkpoints_[index]));
        }
        checkpoints_ = std::move(kept);
        checkpointSpacing_ *= 2;
    }
}

CacheHierarchy CacheRun::stateAfter(std::size_t count) const {
    count = std::min(count, accesses_.size());
    const std::size_t checkpoint = std::min(count / checkpointSpacing_, checkpoints_.size() - 1);
    CacheHierarchy hierarchy = checkpoints_[checkpoint];
    for (std::size_t index = checkpoint * checkpointSpacing_; index < count; ++index) {
        hierarchy.access(accesses_[index]);
    }
    return hierarchy;
}

std::vector<ReferenceOutcome> CacheRun::outcomeOf(std::size_t index) const {
    if (index >= accesses_.size()) return {};
    CacheHierarchy hierarchy = stateAfter(index);
    return hierarchy.accessDetailed(accesses_[index]);
}

}  // namespace mlsyslab::memory
