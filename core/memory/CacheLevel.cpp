#include "memory/CacheLevel.h"

#include <bit>

namespace mlsyslab::memory {

namespace {

// Up to this many ways a lookup compares the set's lines one by one (they sit side by side in
// memory, so that is faster than hashing); beyond it, a hash index finds the line.
constexpr std::uint32_t kMostWaysScanned = 32;

// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014):
// tiny, fast, and it gives a good sequence from any seed, including 0 and 1.
std::uint64_t splitMix64(std::uint64_t& state) {
    std::uint64_t value = (state += 0x9E3779B97F4A7C15ull);
    value = (value ^ (value >> 30)) * 0xBF58476D1CE4E5B9ull;
    value = (value ^ (value >> 27)) * 0x94D049BB133111EBull;
    return value ^ (value >> 31);
}

}  // namespace

CacheLevel::CacheLevel(const CacheLevelConfig& config)
    : lineShift_(std::countr_zero(config.lineBytes)),
      setCount_(config.setCount()),
      setMask_(config.setCount() - 1),
      setCountIsPowerOfTwo_(std::has_single_bit(config.setCount())),
      ways_(config.ways()),
      replacement_(config.replacement),
      writePolicy_(config.write),
      randomState_(config.randomSeed),
      indexed_(config.ways() > kMostWaysScanned),
      index_(indexed_ ? static_cast<std::size_t>(config.lineCount()) : 0) {
    slots_.assign(static_cast<std::size_t>(setCount_) * ways_, WaySlot{});
    sets_.assign(static_cast<std::size_t>(setCount_), SetOrder{});
}

std::uint32_t CacheLevel::wayToFill(std::uint64_t set) {
    const SetOrder& order = sets_[set];
    if (order.validCount < ways_) return order.validCount;
    if (replacement_ == Replacement::Random)
        return static_cast<std::uint32_t>(nextRandom() % ways_);
    return order.oldest;
}

void CacheLevel::install(std::uint64_t set, std::uint32_t way, std::uint64_t lineNumber,
                         bool dirty) {
    WaySlot& target = slot(set, way);
    if (way < sets_[set].validCount) {
        unlink(set, way);
        if (indexed_) index_.erase(target.lineNumber);
    } else {
        ++sets_[set].validCount;
    }
    target.lineNumber = lineNumber;
    target.dirty = dirty ? 1 : 0;
    pushNewest(set, way);
    if (indexed_) index_.insert(lineNumber, static_cast<std::uint32_t>(slotOf(set, way)));
}

std::vector<std::uint32_t> CacheLevel::waysNewestFirst(std::uint64_t set) const {
    std::vector<std::uint32_t> order;
    order.reserve(sets_[set].validCount);
    for (std::uint32_t way = sets_[set].newest; way != kEnd; way = slot(set, way).older) {
        order.push_back(way);
    }
    return order;
}

std::size_t CacheLevel::footprintBytes() const {
    return sizeof(*this) + slots_.capacity() * sizeof(WaySlot) +
           sets_.capacity() * sizeof(SetOrder) + index_.footprintBytes();
}

void CacheLevel::unlink(std::uint64_t set, std::uint32_t way) {
    const WaySlot& leaving = slot(set, way);
    const std::uint32_t newer = leaving.newer;
    const std::uint32_t older = leaving.older;
    SetOrder& order = sets_[set];
    if (newer == kEnd) {
        order.newest = older;
    } else {
        slot(set, newer).older = older;
    }
    if (older == kEnd) {
        order.oldest = newer;
    } else {
        slot(set, older).newer = newer;
    }
}

void CacheLevel::pushNewest(std::uint64_t set, std::uint32_t way) {
    SetOrder& order = sets_[set];
    WaySlot& arriving = slot(set, way);
    arriving.newer = kEnd;
    arriving.older = order.newest;
    if (order.newest == kEnd) {
        order.oldest = way;
    } else {
        slot(set, order.newest).newer = way;
    }
    order.newest = way;
}

std::uint64_t CacheLevel::nextRandom() { return splitMix64(randomState_); }

}  // namespace mlsyslab::memory
