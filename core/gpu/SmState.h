#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "gpu/DecodedProgram.h"
#include "gpu/LaunchGeometry.h"
#include "gpu/MemorySystem.h"
#include "gpu/SchedulerPolicy.h"
#include "gpu/Scoreboard.h"
#include "gpu/SimtStack.h"
#include "gpu/ThreadExecution.h"
#include "gpu/WarpSimulator.h"

namespace mlsyslab::gpu {

inline constexpr std::int64_t kNeverCycle = std::numeric_limits<std::int64_t>::max();

// What every SM of one launch shares: the program, the device, the global memory and DRAM, the
// blocks still waiting for an SM, and the statistics being added up.
struct LaunchState {
    LaunchState(const DecodedProgram& program_, const DeviceModel& device_,
                const LaunchGeometry& geometry_, const SchedulerPolicy& policy_,
                std::vector<float>& globalMemory_, std::int64_t sharedBytesPerBlock_)
        : program(program_),
          device(device_),
          geometry(geometry_),
          policy(policy_),
          globalMemory(globalMemory_),
          dram(device_),
          sharedBytesPerBlock(sharedBytesPerBlock_),
          laneSpecials(laneSpecialsOf(geometry_)) {}
    // threadIdx and laneid of every lane of every warp of a block: the same in every block.
    static std::vector<std::int64_t> laneSpecialsOf(const LaunchGeometry& geometry);

    const DecodedProgram& program;
    const DeviceModel& device;
    const LaunchGeometry& geometry;
    const SchedulerPolicy& policy;
    std::vector<float>& globalMemory;
    DramChannel dram;
    std::int64_t sharedBytesPerBlock = 0;
    std::vector<std::int64_t> laneSpecials;  // [warp in block][LaneSpecialValue][lane]
    std::int64_t nextBlock = 0;              // the first block not yet given to an SM
    std::int64_t nextLaunchOrder = 0;        // warps' ages, for greedy-then-oldest
    std::int64_t blocksRetired = 0;
    std::int64_t lastRetireCycle = -1;
    SimulationStats stats;
    std::string error;  // a kernel fault (an address outside its arrays)
};

// One SM during a launch: its resident blocks and warps (register files, SIMT stacks,
// scoreboards, shared memory), its warp schedulers and its load/store unit. step() runs one
// cycle; cycles in which no warp of a scheduler can issue are skipped by the caller, and the
// warp-cycles they hold are added to the statistics when the scheduler next runs.
// SmState.cpp holds residency (blocks in and out, barriers, snapshots), SmScheduling.cpp the
// cycle: which warp each scheduler issues and what the instruction does.
class SmState {
public:
    SmState(LaunchState& launch, int blocksPerSm);

    // Gives the next waiting block to a free block slot; its warps can issue from `cycle`.
    void dispatchNextBlock(int blockSlot, std::int64_t cycle, int wave);

    // Runs every scheduler due at `cycle` (all of them when `everyScheduler`), then retires the
    // blocks whose warps have all exited and dispatches waiting blocks into their slots.
    // With `record`, appends the cycle's snapshot (taken before retiring) to it.
    void step(std::int64_t cycle, bool everyScheduler, std::vector<SmCycleSnapshot>* record);

    // The first cycle at which a warp of this SM may issue (kNeverCycle when none can).
    std::int64_t nextEventCycle() const { return nextEvent_; }
    bool everUsed() const { return everUsed_; }
    std::int64_t activeCycles() const { return activeCycles_; }
    int highestWave() const { return highestWave_; }

private:
    // What a scheduler looks at for each eligible warp, kept apart from the rest and next to
    // its other warps' (the ready cycles, which every scan reads, in an array of their own), so
    // that a scheduler's scan touches a few cache lines.
    struct WarpTiming {
        std::int64_t accountedUntil = 0;  // its cycles before this one are in the statistics
        std::int64_t statusCycle = -1;    // `status` is what it did in this cycle (snapshots)
        FunctionalUnit nextUnit = FunctionalUnit::Control;
        WarpStatus status = WarpStatus::Ready;
    };
    struct WarpState {
        bool resident = false;
        bool finished = false;
        bool atBarrier = false;
        int blockSlot = 0;
        int warpInBlock = 0;
        std::int64_t block = 0;
        std::int64_t launchOrder = 0;
        std::uint32_t existingLanes = 0;
        SimtStack stack;
        int lastPc = 0;     // where it was when it exited
        int issuedPc = -1;  // its latest issue and the lanes that ran it, for snapshots
        std::uint32_t issuedMask = 0;
        std::int64_t waitingSince = 0;  // the cycle it arrived at a barrier or exited
        std::array<std::int64_t, kSpecialRegisterCount> warpSpecials{};
    };
    struct BlockState {
        bool used = false;
        std::int64_t block = 0;
        int wave = 0;
        int warpsRunning = 0;
        int warpsAtBarrier = 0;
    };
    struct SchedulerState {
        std::vector<WarpCandidate> warps;  // its unfinished warps, in slot order
        std::vector<int> order;
        int lastIssuedSlot = -1;
        int issuedSlot = -1;  // this cycle
        std::int64_t nextEvent = kNeverCycle;
        std::int64_t integerFreeAt = 0;  // the cycle each ALU pipe takes a new instruction
        std::int64_t floatFreeAt = 0;
    };

    // SmState.cpp
    void allocateStorage();
    void arriveAtBarrier(int slot, std::int64_t cycle);
    void releaseBarrier(BlockState& block, int blockSlot, std::int64_t cycle);
    void finishWarp(int slot, std::int64_t cycle);
    void retireFinishedBlocks(std::int64_t cycle);
    void wake(int slot, std::int64_t cycle);
    void fault(const WarpState& warp, int lane, const char* what, std::int64_t address);
    SmCycleSnapshot snapshot(std::int64_t cycle) const;
    // SmScheduling.cpp
    void runScheduler(int schedulerIndex, std::int64_t cycle, bool recording);
    void issue(int slot, SchedulerState& scheduler, std::int64_t cycle);
    bool accessMemory(const DecodedInstruction& instruction, int slot, std::uint32_t lanes,
                      std::int64_t cycle);
    void catchUp(WarpTiming& timing, std::int64_t readyCycle, std::int64_t cycle);
    std::int64_t unitFreeAt(const SchedulerState& scheduler, FunctionalUnit unit) const;

    void addWarpCycles(WarpStatus status, std::int64_t cycles) {
        launch_.stats.warpCyclesByStatus[static_cast<std::size_t>(status)] += cycles;
    }
    WarpTiming& timingOf(int slot) { return timing_[timingIndex_[static_cast<std::size_t>(slot)]]; }
    // The cycle from which the scoreboard lets the warp's next instruction issue; kNeverCycle
    // while it waits at a barrier, has exited, or the slot is empty.
    std::int64_t& readyCycleOf(int slot) {
        return readyCycles_[timingIndex_[static_cast<std::size_t>(slot)]];
    }
    const WarpTiming& timingOf(int slot) const {
        return timing_[timingIndex_[static_cast<std::size_t>(slot)]];
    }
    SchedulerState& schedulerOf(int slot) {
        return schedulers_[static_cast<std::size_t>(slot) % schedulers_.size()];
    }
    WarpRegisters registersOf(int slot) {
        const auto index = static_cast<std::size_t>(slot);
        const WarpState& warp = warps_[index];
        return {registers_.data() + index * registerCount_ * kWarpLanes,
                launch_.laneSpecials.data() +
                    static_cast<std::size_t>(warp.warpInBlock) * kLaneSpecialCount * kWarpLanes,
                warp.warpSpecials.data()};
    }

    LaunchState& launch_;
    const std::vector<DecodedInstruction>& code_;
    int blocksPerSm_;
    int warpsPerBlock_;
    int threadsPerBlock_;
    int registerCount_;
    std::int64_t sharedFloatsPerBlock_;
    int aluIssueCycles_;
    int slotsPerScheduler_;
    std::vector<SchedulerState> schedulers_;
    // Allocated when the SM gets its first block: a small launch leaves most SMs empty.
    std::vector<WarpState> warps_;           // by slot
    std::vector<WarpTiming> timing_;         // [scheduler][slot / schedulers]
    std::vector<std::int64_t> readyCycles_;  // the same order: the one field every scan reads
    std::vector<std::size_t> timingIndex_;   // slot -> its place in timing_
    std::vector<BlockState> blocks_;
    std::vector<std::int64_t> registers_;  // [slot][register][lane]
    Scoreboard scoreboard_;
    std::vector<float> sharedMemory_;  // [block slot][float]
    std::int64_t loadStoreFreeAt_ = 0;
    std::int64_t nextEvent_ = kNeverCycle;
    int residentBlocks_ = 0;
    bool warpFinished_ = false;  // this cycle: some block may be done
    bool everUsed_ = false;
    std::int64_t activeSince_ = 0;
    std::int64_t activeCycles_ = 0;
    int highestWave_ = 0;
};

}  // namespace mlsyslab::gpu
