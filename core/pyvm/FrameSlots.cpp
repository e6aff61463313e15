#include <algorithm>

#include "pyvm/Frame.h"

namespace mlsyslab::pyvm {

Value* FrameSlots::allocate(std::size_t count, int& chunk) {
    if (current_ >= 0) {
        Chunk& now = chunks_[current_];
        if (top_ + count <= now.values.get() + now.size) {
            Value* base = top_;
            top_ += count;
            chunk = current_;
            return base;
        }
    }
    // Move on to the next chunk, making (or enlarging) it when needed.
    const int nextChunk = current_ + 1;
    if (nextChunk >= static_cast<int>(kMaxChunks)) return nullptr;
    if (nextChunk >= static_cast<int>(chunks_.size())) chunks_.emplace_back();
    Chunk& next = chunks_[nextChunk];
    if (!next.values || next.size < count) {
        next.size = std::max(kChunkValues, count);
        next.values = std::make_unique<Value[]>(next.size);
    }
    current_ = nextChunk;
    top_ = next.values.get() + count;
    chunk = nextChunk;
    return next.values.get();
}

void FrameSlots::release(Value* base, int chunk) {
    current_ = chunk;
    top_ = base;
    // A frame that opened a chunk leaves it: the previous chunk's top is where its last frame
    // ended, which is recorded nowhere, so step back to the chunk's end (frames below never
    // allocate again until this one is gone, and then only from the top of their own chunk).
    if (base == chunks_[chunk].values.get() && chunk > 0) {
        current_ = chunk - 1;
        top_ = chunks_[current_].values.get() + chunks_[current_].size;
    }
}

}  // namespace mlsyslab::pyvm
