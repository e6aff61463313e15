#include "memory/LineIndex.h"

#include <algorithm>
#include <bit>

namespace mlsyslab::memory {

namespace {

constexpr std::size_t kSmallestTable = 16;

// Fibonacci hashing: multiplying by 2^64 / golden ratio and keeping the top bits spreads the
// groups evenly over the table.
constexpr std::uint64_t kGoldenRatioMultiplier = 0x9E3779B97F4A7C15ull;

// Eight consecutive lines hash as a group to neighbouring entries (8 x 16 bytes, two of the
// host's cache lines), so a program walking through memory finds its next lines' entries
// already in the host's cache.
constexpr int kGroupBits = 3;
constexpr std::size_t kGroupMask = (std::size_t{1} << kGroupBits) - 1;

}  // namespace

LineIndex::LineIndex(std::size_t expectedEntries) {
    const std::size_t tableSize = std::bit_ceil(std::max(kSmallestTable, expectedEntries * 2));
    entries_.assign(tableSize, Entry{});
    mask_ = tableSize - 1;
    shift_ = 64 - std::countr_zero(tableSize);
}

std::size_t LineIndex::homeOf(std::uint64_t line) const {
    const auto group =
        static_cast<std::size_t>(((line >> kGroupBits) * kGoldenRatioMultiplier) >> shift_);
    return (group & ~kGroupMask) | (static_cast<std::size_t>(line) & kGroupMask);
}

std::uint32_t LineIndex::find(std::uint64_t line) const {
    for (std::size_t at = homeOf(line);; at = (at + 1) & mask_) {
        const Entry& entry = entries_[at];
        if (entry.slot == kAbsent) return kAbsent;
        if (entry.line == line) return entry.slot;
    }
}

void LineIndex::insert(std::uint64_t line, std::uint32_t slot) {
    if ((size_ + 1) * 2 > entries_.size()) grow();
    for (std::size_t at = homeOf(line);; at = (at + 1) & mask_) {
        Entry& entry = entries_[at];
        if (entry.slot == kAbsent) {
            entry = Entry{line, slot};
            ++size_;
            return;
        }
        if (entry.line == line) {
            entry.slot = slot;
            return;
        }
    }
}

void LineIndex::erase(std::uint64_t line) {
    std::size_t hole = homeOf(line);
    while (true) {
        if (entries_[hole].slot == kAbsent) return;  // not present
        if (entries_[hole].line == line) break;
        hole = (hole + 1) & mask_;
    }
    // Move back every later entry of the probe run that may not stay behind the hole: one
    // whose home position is not cyclically in (hole, at].
    for (std::size_t at = (hole + 1) & mask_; entries_[at].slot != kAbsent; at = (at + 1) & mask_) {
        const std::size_t home = homeOf(entries_[at].line);
        const bool homeAfterHole = ((home - hole - 1) & mask_) < ((at - hole) & mask_);
        if (!homeAfterHole) {
            entries_[hole] = entries_[at];
            hole = at;
        }
    }
    entries_[hole] = Entry{};
    --size_;
}

void LineIndex::grow() {
    std::vector<Entry> old = std::move(entries_);
    const std::size_t tableSize = old.size() * 2;
    entries_.assign(tableSize, Entry{});
    mask_ = tableSize - 1;
    shift_ = 64 - std::countr_zero(tableSize);
    size_ = 0;
    for (const Entry& entry : old) {
        if (entry.slot != kAbsent) insert(entry.line, entry.slot);
    }
}

}  // namespace mlsyslab::memory
