#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "gpu/WarpSimulator.h"

namespace mlsyslab::gpu {

// A warp's SIMT reconvergence stack, after GPGPU-Sim's simt_stack (Fung et al., "Dynamic Warp
// Formation and Scheduling for Efficient GPU Control Flow", MICRO 2007): the top entry says
// which instruction runs next and for which lanes.
// - A branch on which the active lanes agree moves the top entry; no entry is pushed.
// - A divergent branch turns the top entry into the reconvergence entry (pc = the branch's
//   reconvergence point, all its lanes) and pushes one entry per path on top of it: the taken
//   path first, then the fall-through path, which therefore runs first (the `if` body before
//   the `else`). A path that goes straight to the reconvergence point is not pushed: its lanes
//   simply wait in the entry below.
// - When the top entry reaches its reconvergence pc it is popped, and the lanes of the entry
//   below run together again.
// - If the top entry already reconverges where the new branch does (a loop exit inside a loop
//   whose lanes leave one by one), it is replaced by the paths rather than kept below them, so
//   the stack stays as deep as the nesting of the code, not the number of iterations.
// - Exited lanes leave every entry; an entry with no lanes left is popped when it reaches the
//   top. The warp is finished when the stack is empty.
class SimtStack {
public:
    void reset(std::uint32_t lanes);  // one entry: pc 0, these lanes, no reconvergence point

    bool empty() const { return size_ == 0; }
    int pc() const { return top().pc; }
    std::uint32_t activeMask() const { return top().activeMask; }
    std::span<const SimtStackEntry> entries() const {  // bottom first
        return {data(), static_cast<std::size_t>(size_)};
    }

    // Every active lane continues at `nextPc` (an ordinary instruction, a jump, a uniform branch).
    void advance(int nextPc);
    // A branch at pc: lanes in `takenLanes` (a subset of the active ones) go to `target`, the
    // others to `fallThroughPc`; they meet again at `reconvergencePc`.
    void branch(std::uint32_t takenLanes, int target, int fallThroughPc, int reconvergencePc);
    // These lanes ran exit.
    void exitLanes(std::uint32_t lanes);

private:
    // Entries live inside the object while there are few (the simulator's warps sit side by side
    // in memory, and the top is read every issue); a deeper stack moves to the heap.
    static constexpr int kInlineEntries = 6;

    SimtStackEntry& top() { return data()[size_ - 1]; }
    const SimtStackEntry& top() const { return data()[size_ - 1]; }
    SimtStackEntry* data() { return deep_.empty() ? inline_.data() : deep_.data(); }
    const SimtStackEntry* data() const { return deep_.empty() ? inline_.data() : deep_.data(); }
    void push(const SimtStackEntry& entry);
    void pop() { --size_; }
    void pushPath(int pc, int reconvergencePc, std::uint32_t lanes);
    void popFinishedEntries();

    int size_ = 0;
    std::array<SimtStackEntry, kInlineEntries> inline_{};
    std::vector<SimtStackEntry> deep_;  // all the entries, once there were more than fit inline
};

}  // namespace mlsyslab::gpu
