#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace mlsyslab::memory {

// Finds a line by its line number without scanning: a hash table from line number to a slot
// number. A fully associative cache of thousands of lines and the 3C model's shadow cache look
// lines up here instead of comparing every way.
// Open addressing with linear probing, kept at most half full; erasing shifts the entries after
// it back instead of leaving tombstones, so lookups stay short however long a run goes on.
class LineIndex {
public:
    static constexpr std::uint32_t kAbsent = UINT32_MAX;

    explicit LineIndex(std::size_t expectedEntries = 0);

    // The slot stored for `line`, or kAbsent.
    std::uint32_t find(std::uint64_t line) const;
    bool contains(std::uint64_t line) const { return find(line) != kAbsent; }
    // Stores `slot` (not kAbsent) for `line`, replacing what was there.
    void insert(std::uint64_t line, std::uint32_t slot);
    void erase(std::uint64_t line);

    std::size_t size() const { return size_; }
    std::size_t footprintBytes() const { return entries_.capacity() * sizeof(Entry); }

private:
    struct Entry {
        std::uint64_t line = 0;
        std::uint32_t slot = kAbsent;  // kAbsent marks an empty entry
    };

    std::size_t homeOf(std::uint64_t line) const;
    void grow();

    std::vector<Entry> entries_;  // a power of two long
    std::size_t mask_ = 0;
    int shift_ = 64;
    std::size_t size_ = 0;
};

}  // namespace mlsyslab::memory
