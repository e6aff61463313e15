#include "memory/LineSet.h"

namespace mlsyslab::memory {

std::uint64_t* LineSet::blockOf(std::uint64_t line) {
    const std::uint64_t blockNumber = line >> kLinesPerBlockBits;
    if (lastBlock_ == LineIndex::kAbsent || blockNumber != lastBlockNumber_) {
        const std::uint32_t block = blockIndex_.find(blockNumber);
        if (block == LineIndex::kAbsent) return nullptr;
        lastBlockNumber_ = blockNumber;
        lastBlock_ = block;
    }
    return bits_.data() + static_cast<std::size_t>(lastBlock_) * kWordsPerBlock;
}

bool LineSet::contains(std::uint64_t line) {
    const std::uint64_t* block = blockOf(line);
    if (block == nullptr) return false;
    const std::uint64_t bit = line & kBitMask;
    return ((block[bit / 64] >> (bit % 64)) & 1) != 0;
}

void LineSet::insert(std::uint64_t line) {
    std::uint64_t* block = blockOf(line);
    if (block == nullptr) {
        const auto newBlock = static_cast<std::uint32_t>(bits_.size() / kWordsPerBlock);
        bits_.resize(bits_.size() + kWordsPerBlock, 0);
        blockIndex_.insert(line >> kLinesPerBlockBits, newBlock);
        lastBlockNumber_ = line >> kLinesPerBlockBits;
        lastBlock_ = newBlock;
        block = bits_.data() + static_cast<std::size_t>(newBlock) * kWordsPerBlock;
    }
    const std::uint64_t bit = line & kBitMask;
    block[bit / 64] |= std::uint64_t{1} << (bit % 64);
}

}  // namespace mlsyslab::memory
