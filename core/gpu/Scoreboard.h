#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "gpu/DecodedProgram.h"

namespace mlsyslab::gpu {

// Per warp, the cycle at which each register's pending write lands (GPGPU-Sim's scoreboard,
// as a cycle per register rather than a set of reserved ones, which says the same and also
// when). An instruction may issue once every register it reads or writes has landed, so a
// dependent instruction waits for its producer's latency and a write never overtakes another.
class Scoreboard {
public:
    void resize(int warpSlots, int registers) {
        registers_ = registers;
        landsAt_.assign(static_cast<std::size_t>(warpSlots) * static_cast<std::size_t>(registers),
                        0);
    }
    // A new warp in the slot: nothing pending.
    void clear(int slot) {
        std::fill_n(landsAt_.begin() + offset(slot), registers_, std::int64_t{0});
    }
    void reserve(int slot, int registerIndex, std::int64_t landsAtCycle) {
        landsAt_[offset(slot) + static_cast<std::size_t>(registerIndex)] = landsAtCycle;
    }
    // The first cycle at which `instruction` may issue as far as its registers go.
    std::int64_t readyCycle(int slot, const DecodedInstruction& instruction) const {
        const std::int64_t* landsAt = landsAt_.data() + offset(slot);
        std::int64_t ready = 0;
        for (int index = 0; index < instruction.scoreboardCount; ++index) {
            ready = std::max(ready, landsAt[instruction.scoreboardRegisters[index]]);
        }
        return ready;
    }

private:
    std::size_t offset(int slot) const {
        return static_cast<std::size_t>(slot) * static_cast<std::size_t>(registers_);
    }
    int registers_ = 0;
    std::vector<std::int64_t> landsAt_;
};

}  // namespace mlsyslab::gpu
