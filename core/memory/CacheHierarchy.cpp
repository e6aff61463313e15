#include "memory/CacheHierarchy.h"

#include <limits>

namespace mlsyslab::memory {

CacheHierarchy::CacheHierarchy(CacheConfig config, MissClassification classification)
    : config_(std::move(config)), classification_(classification) {
    stats_.levels.resize(config_.levels.size());
    levels_.reserve(config_.levels.size());
    for (const CacheLevelConfig& level : config_.levels) {
        levels_.emplace_back(level);
        if (classification_ == MissClassification::On) classifiers_.emplace_back(level.lineCount());
    }
}

namespace {

// The first and last byte an access touches (an access of size 0 is taken as 1 byte; one that
// would run past the end of the address space stops there).
std::uint64_t lastByteOf(const MemoryAccess& access) {
    const std::uint64_t extra = access.sizeBytes == 0 ? 0 : access.sizeBytes - 1;
    const std::uint64_t last = access.address + extra;
    return last < access.address ? std::numeric_limits<std::uint64_t>::max() : last;
}

}  // namespace

void CacheHierarchy::access(const MemoryAccess& access) {
    if (levels_.empty()) return;
    const CacheLevel& first = levels_.front();
    const std::uint64_t firstLine = first.lineNumberOf(access.address);
    const std::uint64_t lastLine = first.lineNumberOf(lastByteOf(access));
    for (std::uint64_t line = firstLine;; ++line) {
        reference(first.lineAddressOf(line), access.kind, nullptr);
        if (line == lastLine) break;
    }
}

std::vector<ReferenceOutcome> CacheHierarchy::accessDetailed(const MemoryAccess& access) {
    std::vector<ReferenceOutcome> outcomes;
    if (levels_.empty()) return outcomes;
    const CacheLevel& first = levels_.front();
    const std::uint64_t firstLine = first.lineNumberOf(access.address);
    const std::uint64_t lastLine = first.lineNumberOf(lastByteOf(access));
    for (std::uint64_t line = firstLine;; ++line) {
        ReferenceOutcome outcome;
        outcome.access = access;
        outcome.lineAddress = first.lineAddressOf(line);
        const std::size_t served = reference(outcome.lineAddress, access.kind, &outcome.events);
        if (served < levels_.size()) {
            outcome.servedByLevel = served;
            outcome.cycles = config_.levels[served].latencyCycles;
        } else {
            outcome.cycles = config_.memoryLatencyCycles;
        }
        outcomes.push_back(std::move(outcome));
        if (line == lastLine) break;
    }
    return outcomes;
}

std::size_t CacheHierarchy::reference(std::uint64_t lineAddress, AccessKind kind,
                                      std::vector<LevelEvent>* events) {
    const std::size_t served = request(0, lineAddress, kind, false, events);
    ++stats_.lineReferences;
    stats_.totalCycles += served < levels_.size() ? config_.levels[served].latencyCycles
                                                  : config_.memoryLatencyCycles;
    return served;
}

std::size_t CacheHierarchy::request(std::size_t levelIndex, std::uint64_t address, AccessKind kind,
                                    bool isWriteback, std::vector<LevelEvent>* events) {
    const bool isStore = kind == AccessKind::Store;
    if (levelIndex == levels_.size()) {
        ++(isStore ? stats_.memoryWrites : stats_.memoryReads);
        return levelIndex;
    }
    CacheLevel& level = levels_[levelIndex];
    LevelStats& counts = stats_.levels[levelIndex];
    const std::uint64_t line = level.lineNumberOf(address);
    const std::uint64_t lineAddress = level.lineAddressOf(line);
    const std::uint64_t set = level.setOf(line);
    const bool writeThrough = level.writePolicy() == WritePolicy::Through;
    // Write-back levels allocate on a write miss; write-through levels do not.
    const bool allocates = !(isStore && writeThrough);
    const std::uint32_t foundWay = level.find(line, set);
    const bool hit = foundWay != CacheLevel::kNoWay;

    std::optional<MissKind> missKind;
    if (!classifiers_.empty()) missKind = classifiers_[levelIndex].classify(line, hit, allocates);

    std::size_t eventIndex = 0;
    if (events != nullptr) {
        eventIndex = events->size();
        LevelEvent event;
        event.level = levelIndex;
        event.kind = kind;
        event.isWriteback = isWriteback;
        event.lineAddress = lineAddress;
        event.set = set;
        event.hit = hit;
        event.missKind = missKind;
        event.way = hit ? foundWay : 0;
        events->push_back(event);
    }

    if (hit) {
        ++counts.hits;
        level.touch(set, foundWay);
        if (isStore) {
            if (writeThrough) {
                if (events != nullptr) (*events)[eventIndex].forwarded = true;
                request(levelIndex + 1, lineAddress, AccessKind::Store, false, events);
            } else {
                level.markDirty(set, foundWay);
            }
        }
        return levelIndex;
    }

    ++counts.misses;
    if (missKind) {
        switch (*missKind) {
            case MissKind::Compulsory:
                ++counts.compulsoryMisses;
                break;
            case MissKind::Capacity:
                ++counts.capacityMisses;
                break;
            case MissKind::Conflict:
                ++counts.conflictMisses;
                break;
        }
    }
    if (!allocates) {
        if (events != nullptr) (*events)[eventIndex].forwarded = true;
        return request(levelIndex + 1, lineAddress, AccessKind::Store, false, events);
    }

    // Read the line from below first, then make room, then install it.
    const std::size_t served =
        request(levelIndex + 1, lineAddress, AccessKind::Load, false, events);
    const std::uint32_t way = level.wayToFill(set);
    if (level.isValid(set, way)) {
        ++counts.evictions;
        const std::uint64_t victimAddress = level.lineAddressOf(level.lineAt(set, way));
        const bool victimDirty = level.isDirty(set, way);
        if (events != nullptr) {
            (*events)[eventIndex].evictedLineAddress = victimAddress;
            (*events)[eventIndex].evictedDirty = victimDirty;
        }
        if (victimDirty) {
            ++counts.writebacks;
            request(levelIndex + 1, victimAddress, AccessKind::Store, true, events);
        }
    }
    level.install(set, way, line, isStore);
    if (events != nullptr) {
        (*events)[eventIndex].way = way;
        (*events)[eventIndex].filled = true;
    }
    return served;
}

std::vector<CacheLineState> CacheHierarchy::setContents(std::size_t levelIndex,
                                                        std::uint64_t set) const {
    if (levelIndex >= levels_.size() || set >= levels_[levelIndex].setCount()) return {};
    const CacheLevel& level = levels_[levelIndex];
    std::vector<CacheLineState> ways(config_.levels[levelIndex].ways());
    std::uint32_t recency = 0;
    for (const std::uint32_t way : level.waysNewestFirst(set)) {
        const std::uint64_t line = level.lineAt(set, way);
        CacheLineState& state = ways[way];
        state.valid = true;
        state.dirty = level.isDirty(set, way);
        state.tag = line / level.setCount();
        state.lineAddress = level.lineAddressOf(line);
        state.recency = recency++;
    }
    return ways;
}

std::size_t CacheHierarchy::footprintBytes() const {
    std::size_t bytes = sizeof(*this);
    for (const CacheLevel& level : levels_) bytes += level.footprintBytes();
    for (const MissClassifier& classifier : classifiers_) bytes += classifier.footprintBytes();
    return bytes;
}

double textbookAmat(const CacheConfig& config, const CacheStats& stats) {
    double time = config.memoryLatencyCycles;
    for (std::size_t index = config.levels.size(); index-- > 0;) {
        const LevelStats counts = index < stats.levels.size() ? stats.levels[index] : LevelStats{};
        const double missRate = counts.requests() == 0 ? 0.0
                                                       : static_cast<double>(counts.misses) /
                                                             static_cast<double>(counts.requests());
        time = config.levels[index].latencyCycles + missRate * time;
    }
    return time;
}

}  // namespace mlsyslab::memory
