#include "memory/CacheSteps.h"

#include <algorithm>
#include <limits>

namespace mlsyslab::widgets {

namespace {

using memory::CacheHierarchy;

// Each level's hit rate after every access, from one counting pass (no 3C bookkeeping needed).
std::vector<std::vector<double>> hitRatesOf(const memory::CacheRun& run) {
    CacheHierarchy hierarchy(run.config(), memory::MissClassification::Off);
    const std::size_t levels = run.config().levels.size();
    std::vector<std::vector<double>> rates(levels);
    for (auto& rate : rates) rate.reserve(run.size());
    for (const memory::MemoryAccess& access : run.accesses()) {
        hierarchy.access(access);
        for (std::size_t level = 0; level < levels; ++level) {
            const memory::LevelStats& stats = hierarchy.stats().levels[level];
            rates[level].push_back(stats.requests() == 0
                                       ? std::numeric_limits<double>::quiet_NaN()
                                       : double(stats.hits) / double(stats.requests()));
        }
    }
    return rates;
}

}  // namespace

CacheSteps::CacheSteps(memory::CacheConfig config, std::vector<memory::MemoryAccess> accesses)
    : run_(std::move(config), std::move(accesses)),
      state_(run_.stateAfter(0)),
      hitRates_(hitRatesOf(run_)) {}

void CacheSteps::moveTo(std::size_t position) {
    position = std::min(position, accessCount());
    if (position == position_) return;
    if (position != position_ + 1) {
        // Back, or a jump: from the run's nearest checkpoint to just before the access shown.
        state_ = run_.stateAfter(position == 0 ? 0 : position - 1);
    }
    lastOutcome_.clear();
    if (position > 0) lastOutcome_ = state_.accessDetailed(run_.accesses()[position - 1]);
    position_ = position;
}

const std::vector<memory::ReferenceOutcome>& CacheSteps::outcomeOf(std::size_t index) const {
    static const std::vector<memory::ReferenceOutcome> kNone;
    if (index >= accessCount()) return kNone;
    const std::size_t block = index / kBlockAccesses;
    auto found = std::find_if(blocks_.begin(), blocks_.end(),
                              [block](const auto& entry) { return entry.first == block; });
    if (found == blocks_.end()) {
        const std::size_t first = block * kBlockAccesses;
        const std::size_t end = std::min(first + kBlockAccesses, accessCount());
        CacheHierarchy hierarchy = run_.stateAfter(first);
        Block outcomes;
        outcomes.reserve(end - first);
        for (std::size_t access = first; access < end; ++access) {
            outcomes.push_back(hierarchy.accessDetailed(run_.accesses()[access]));
        }
        blocks_.emplace_front(block, std::move(outcomes));
        if (blocks_.size() > kBlocksKept) blocks_.pop_back();
        found = blocks_.begin();
    } else if (found != blocks_.begin()) {
        blocks_.splice(blocks_.begin(), blocks_, found);
        found = blocks_.begin();
    }
    return found->second[index - block * kBlockAccesses];
}

}  // namespace mlsyslab::widgets
