#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "memory/LineIndex.h"

namespace mlsyslab::memory {

// A set of line numbers that only grows (the lines a level has ever held, for compulsory
// misses), as one bit per line in blocks of 512 consecutive lines: a block is 64 bytes, one of
// the host's cache lines, found through a LineIndex. A program touching memory in order finds
// its block again and again; the last block used is remembered, so it is not even looked up
// (which is why looking up is not const).
class LineSet {
public:
    bool contains(std::uint64_t line);
    void insert(std::uint64_t line);

    std::size_t footprintBytes() const {
        return blockIndex_.footprintBytes() + bits_.capacity() * sizeof(std::uint64_t);
    }

private:
    static constexpr int kLinesPerBlockBits = 9;
    static constexpr std::uint64_t kBitMask = (std::uint64_t{1} << kLinesPerBlockBits) - 1;
    static constexpr std::size_t kWordsPerBlock = (std::size_t{1} << kLinesPerBlockBits) / 64;

    // The first word of the block holding `line`, or nullptr when there is none yet.
    std::uint64_t* blockOf(std::uint64_t line);

    LineIndex blockIndex_;             // block number -> block
    std::vector<std::uint64_t> bits_;  // kWordsPerBlock words per block
    std::uint64_t lastBlockNumber_ = 0;
    std::uint32_t lastBlock_ = LineIndex::kAbsent;
};

}  // namespace mlsyslab::memory
