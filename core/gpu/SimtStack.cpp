#include "gpu/SimtStack.h"

namespace mlsyslab::gpu {

void SimtStack::reset(std::uint32_t lanes) {
    size_ = 0;
    deep_.clear();
    if (lanes != 0) push({0, -1, lanes});
}

void SimtStack::advance(int nextPc) {
    top().pc = nextPc;
    popFinishedEntries();
}

void SimtStack::branch(std::uint32_t takenLanes, int target, int fallThroughPc,
                       int reconvergencePc) {
    const std::uint32_t active = activeMask();
    const std::uint32_t taken = takenLanes & active;
    const std::uint32_t notTaken = active & ~taken;
    if (notTaken == 0 || taken == 0) {
        advance(notTaken == 0 ? target : fallThroughPc);
        return;
    }
    if (size_ > 1 && top().reconvergencePc == reconvergencePc) {
        // The entry below already waits at this reconvergence point for all these lanes.
        pop();
    } else {
        top().pc = reconvergencePc;
    }
    pushPath(target, reconvergencePc, taken);
    pushPath(fallThroughPc, reconvergencePc, notTaken);
    popFinishedEntries();
}

void SimtStack::exitLanes(std::uint32_t lanes) {
    SimtStackEntry* entries = data();
    for (int index = 0; index < size_; ++index) entries[index].activeMask &= ~lanes;
    popFinishedEntries();
}

void SimtStack::push(const SimtStackEntry& entry) {
    if (deep_.empty()) {
        if (size_ < kInlineEntries) {
            inline_[static_cast<std::size_t>(size_++)] = entry;
            return;
        }
        deep_.assign(inline_.begin(), inline_.begin() + size_);
    }
    if (static_cast<int>(deep_.size()) > size_) {
        deep_[static_cast<std::size_t>(size_)] = entry;
    } else {
        deep_.push_back(entry);
    }
    ++size_;
}

void SimtStack::pushPath(int pc, int reconvergencePc, std::uint32_t lanes) {
    if (pc != reconvergencePc) push({pc, reconvergencePc, lanes});
}

void SimtStack::popFinishedEntries() {
    while (size_ > 0 && (top().activeMask == 0 || top().pc == top().reconvergencePc)) pop();
}

}  // namespace mlsyslab::gpu
