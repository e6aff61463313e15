#include "gpu/SmState.h"

#include <algorithm>

#include "common/Concat.h"

namespace mlsyslab::gpu {

namespace {
constexpr std::int64_t kFloatBytes = 4;
}  // namespace

std::vector<std::int64_t> LaunchState::laneSpecialsOf(const LaunchGeometry& geometry) {
    const int warps = geometry.warpsPerBlock();
    std::vector<std::int64_t> values(
        static_cast<std::size_t>(warps) * kLaneSpecialCount * kWarpLanes, 0);
    for (int thread = 0; thread < geometry.threadsPerBlock(); ++thread) {
        const Dim3 index = geometry.threadIndexOf(thread);
        std::int64_t* lanes = values.data() + static_cast<std::size_t>(thread / kWarpLanes) *
                                                  kLaneSpecialCount * kWarpLanes;
        const int lane = thread % kWarpLanes;
        lanes[kLaneThreadX * kWarpLanes + lane] = index.x;
        lanes[kLaneThreadY * kWarpLanes + lane] = index.y;
        lanes[kLaneThreadZ * kWarpLanes + lane] = index.z;
    }
    for (int warp = 0; warp < warps; ++warp) {
        for (int lane = 0; lane < kWarpLanes; ++lane) {
            values[(static_cast<std::size_t>(warp) * kLaneSpecialCount + kLaneId) * kWarpLanes +
                   static_cast<std::size_t>(lane)] = lane;
        }
    }
    return values;
}

SmState::SmState(LaunchState& launch, int blocksPerSm)
    : launch_(launch), code_(launch.program.code), blocksPerSm_(blocksPerSm) {
    warpsPerBlock_ = launch.geometry.warpsPerBlock();
    threadsPerBlock_ = launch.geometry.threadsPerBlock();
    registerCount_ = std::max(1, launch.program.registerCount);
    sharedFloatsPerBlock_ = launch.sharedBytesPerBlock / kFloatBytes;
    // A warp instruction needs 32 lanes; a scheduler with fewer FP32 cores than that keeps its
    // pipe busy for more than one cycle (CUDA C++ Programming Guide, "Arithmetic
    // Instructions": 64 FP32 results per clock per SM on V100/T4/A100, 128 on Ada and Hopper).
    const int schedulerCount = std::max(1, launch.device.warpSchedulersPerSm);
    const int lanesPerScheduler = launch.device.fp32CoresPerSm / schedulerCount;
    aluIssueCycles_ = lanesPerScheduler <= 0
                          ? 1
                          : std::max(1, (kWarpLanes + lanesPerScheduler - 1) / lanesPerScheduler);
    schedulers_.resize(static_cast<std::size_t>(schedulerCount));
    const int slots = blocksPerSm_ * warpsPerBlock_;
    slotsPerScheduler_ = (slots + schedulerCount - 1) / schedulerCount;
}

void SmState::allocateStorage() {
    const int slots = blocksPerSm_ * warpsPerBlock_;
    const auto slotCount = static_cast<std::size_t>(slots);
    const int schedulerCount = static_cast<int>(schedulers_.size());
    for (SchedulerState& scheduler : schedulers_) {
        scheduler.order.reserve(static_cast<std::size_t>(slotsPerScheduler_));
        scheduler.warps.reserve(static_cast<std::size_t>(slotsPerScheduler_));
    }
    warps_.resize(slotCount);
    timing_.resize(static_cast<std::size_t>(slotsPerScheduler_ * schedulerCount));
    readyCycles_.assign(timing_.size(), kNeverCycle);
    timingIndex_.resize(slotCount);
    for (int slot = 0; slot < slots; ++slot) {
        timingIndex_[static_cast<std::size_t>(slot)] = static_cast<std::size_t>(
            (slot % schedulerCount) * slotsPerScheduler_ + slot / schedulerCount);
    }
    blocks_.resize(static_cast<std::size_t>(blocksPerSm_));
    registers_.resize(slotCount * static_cast<std::size_t>(registerCount_) * kWarpLanes);
    scoreboard_.resize(slots, registerCount_);
    sharedMemory_.resize(static_cast<std::size_t>(blocksPerSm_ * sharedFloatsPerBlock_));
}

void SmState::dispatchNextBlock(int blockSlot, std::int64_t cycle, int wave) {
    if (!everUsed_) allocateStorage();
    everUsed_ = true;
    const LaunchGeometry& geometry = launch_.geometry;
    const std::int64_t blockId = launch_.nextBlock++;
    blocks_[static_cast<std::size_t>(blockSlot)] = {true, blockId, wave, warpsPerBlock_, 0};
    highestWave_ = std::max(highestWave_, wave);
    if (residentBlocks_++ == 0) activeSince_ = cycle;
    // Shared memory starts at zero (the hardware leaves it undefined) so that runs repeat
    // exactly. Registers are zero in a slot's first warp; a later warp finds what the one before
    // it left, as deterministic (and as undefined to the program) as on the hardware.
    std::fill_n(sharedMemory_.begin() + blockSlot * sharedFloatsPerBlock_, sharedFloatsPerBlock_,
                0.0f);

    const Dim3 blockIndex = geometry.blockIndexOf(blockId);
    const Dim3& blockDim = geometry.block();
    const Dim3& gridDim = geometry.grid();
    for (int warpInBlock = 0; warpInBlock < warpsPerBlock_; ++warpInBlock) {
        const int slot = blockSlot * warpsPerBlock_ + warpInBlock;
        WarpState& warp = warps_[static_cast<std::size_t>(slot)];
        const int firstThread = warpInBlock * kWarpLanes;
        const int threads = std::min(kWarpLanes, threadsPerBlock_ - firstThread);
        warp.resident = true;
        warp.finished = false;
        warp.atBarrier = false;
        warp.blockSlot = blockSlot;
        warp.warpInBlock = warpInBlock;
        warp.block = blockId;
        warp.launchOrder = launch_.nextLaunchOrder++;
        warp.existingLanes = threads == kWarpLanes ? kAllLanes : (std::uint32_t{1} << threads) - 1;
        warp.stack.reset(warp.existingLanes);
        warp.lastPc = 0;
        warp.issuedPc = -1;
        warp.waitingSince = cycle;
        timingOf(slot) = {cycle, -1, code_.front().unit, WarpStatus::Ready};
        readyCycleOf(slot) = cycle;

        using S = SpecialRegister;
        auto& specials = warp.warpSpecials;
        specials[static_cast<int>(S::BlockIdxX)] = blockIndex.x;
        specials[static_cast<int>(S::BlockIdxY)] = blockIndex.y;
        specials[static_cast<int>(S::BlockIdxZ)] = blockIndex.z;
        specials[static_cast<int>(S::BlockDimX)] = blockDim.x;
        specials[static_cast<int>(S::BlockDimY)] = blockDim.y;
        specials[static_cast<int>(S::BlockDimZ)] = blockDim.z;
        specials[static_cast<int>(S::GridDimX)] = gridDim.x;
        specials[static_cast<int>(S::GridDimY)] = gridDim.y;
        specials[static_cast<int>(S::GridDimZ)] = gridDim.z;
        scoreboard_.clear(slot);

        SchedulerState& scheduler = schedulerOf(slot);
        const WarpCandidate candidate{slot, warp.launchOrder};
        scheduler.warps.insert(
            std::upper_bound(
                scheduler.warps.begin(), scheduler.warps.end(), candidate,
                [](const WarpCandidate& a, const WarpCandidate& b) { return a.slot < b.slot; }),
            candidate);
        wake(slot, cycle);
    }
    nextEvent_ = std::min(nextEvent_, cycle);
}

void SmState::arriveAtBarrier(int slot, std::int64_t cycle) {
    WarpState& warp = warps_[static_cast<std::size_t>(slot)];
    BlockState& block = blocks_[static_cast<std::size_t>(warp.blockSlot)];
    warp.atBarrier = true;
    warp.waitingSince = cycle;
    readyCycleOf(slot) = kNeverCycle;
    if (++block.warpsAtBarrier == block.warpsRunning) releaseBarrier(block, warp.blockSlot, cycle);
}

// Every warp of the block has arrived (or exited): they all go on from the next cycle. The
// cycles each one waited are counted now.
void SmState::releaseBarrier(BlockState& block, int blockSlot, std::int64_t cycle) {
    block.warpsAtBarrier = 0;
    for (int warpInBlock = 0; warpInBlock < warpsPerBlock_; ++warpInBlock) {
        const int slot = blockSlot * warpsPerBlock_ + warpInBlock;
        WarpState& warp = warps_[static_cast<std::size_t>(slot)];
        if (!warp.atBarrier) continue;
        warp.atBarrier = false;
        WarpTiming& timing = timingOf(slot);
        if (warp.waitingSince < cycle) {
            // Not the warp whose arrival released the barrier: it waited through this cycle.
            addWarpCycles(WarpStatus::WaitingAtBarrier, cycle - warp.waitingSince);
            timing.status = WarpStatus::WaitingAtBarrier;
            timing.statusCycle = cycle;
            timing.accountedUntil = cycle + 1;
        }
        const DecodedInstruction& next = code_[static_cast<std::size_t>(warp.stack.pc())];
        readyCycleOf(slot) = std::max(cycle + 1, scoreboard_.readyCycle(slot, next));
        wake(slot, cycle + 1);
    }
}

void SmState::finishWarp(int slot, std::int64_t cycle) {
    WarpState& warp = warps_[static_cast<std::size_t>(slot)];
    warp.finished = true;
    warpFinished_ = true;
    warp.waitingSince = cycle;
    readyCycleOf(slot) = kNeverCycle;
    std::erase_if(schedulerOf(slot).warps,
                  [slot](const WarpCandidate& candidate) { return candidate.slot == slot; });
    BlockState& block = blocks_[static_cast<std::size_t>(warp.blockSlot)];
    --block.warpsRunning;
    // An exited warp no longer counts for __syncthreads(): the others may now all be there.
    if (block.warpsAtBarrier > 0 && block.warpsAtBarrier == block.warpsRunning) {
        releaseBarrier(block, warp.blockSlot, cycle);
    }
}

void SmState::retireFinishedBlocks(std::int64_t cycle) {
    if (!warpFinished_) return;
    warpFinished_ = false;
    for (int blockSlot = 0; blockSlot < static_cast<int>(blocks_.size()); ++blockSlot) {
        BlockState& block = blocks_[static_cast<std::size_t>(blockSlot)];
        if (!block.used || block.warpsRunning > 0) continue;
        for (int warpInBlock = 0; warpInBlock < warpsPerBlock_; ++warpInBlock) {
            WarpState& warp =
                warps_[static_cast<std::size_t>(blockSlot * warpsPerBlock_ + warpInBlock)];
            addWarpCycles(WarpStatus::Finished, cycle - warp.waitingSince);
            warp.resident = false;
        }
        block.used = false;
        ++launch_.blocksRetired;
        launch_.lastRetireCycle = cycle;
        if (--residentBlocks_ == 0) activeCycles_ += cycle + 1 - activeSince_;
        // The freed slot takes the next waiting block; its warps issue from the next cycle.
        if (launch_.nextBlock < launch_.geometry.blockCount()) {
            dispatchNextBlock(blockSlot, cycle + 1, block.wave + 1);
        }
    }
}

void SmState::wake(int slot, std::int64_t cycle) {
    SchedulerState& scheduler = schedulerOf(slot);
    scheduler.nextEvent = std::min(scheduler.nextEvent, cycle);
}

void SmState::fault(const WarpState& warp, int lane, const char* what, std::int64_t address) {
    launch_.error = concat("block ", std::to_string(warp.block), ", thread ",
                           std::to_string(warp.warpInBlock * kWarpLanes + lane), " (warp ",
                           std::to_string(warp.warpInBlock), ", lane ", std::to_string(lane),
                           "): ", what, " address ", std::to_string(address),
                           " is misaligned or outside the kernel's ", what, " memory");
}

SmCycleSnapshot SmState::snapshot(std::int64_t cycle) const {
    SmCycleSnapshot snapshot;
    snapshot.cycle = cycle;
    for (const SchedulerState& scheduler : schedulers_) {
        snapshot.issuedSlotByScheduler.push_back(scheduler.issuedSlot);
    }
    for (int slot = 0; slot < static_cast<int>(warps_.size()); ++slot) {
        const WarpState& warp = warps_[static_cast<std::size_t>(slot)];
        if (!warp.resident) continue;
        const WarpTiming& timing = timingOf(slot);
        WarpSnapshot view;
        view.slot = slot;
        view.scheduler = slot % static_cast<int>(schedulers_.size());
        view.block = warp.block;
        view.warpInBlock = warp.warpInBlock;
        view.existingMask = warp.existingLanes;
        const bool seenNow = timing.statusCycle == cycle;
        const bool issuedNow = seenNow && timing.status == WarpStatus::Issued;
        if (warp.finished) {
            // A warp that ran exit this cycle shows it issued; afterwards, finished.
            view.pc = warp.lastPc;
            view.status = issuedNow ? WarpStatus::Issued : WarpStatus::Finished;
        } else {
            view.pc = warp.stack.pc();
            view.activeMask = warp.stack.activeMask();
            const auto entries = warp.stack.entries();
            view.simtStack.assign(entries.begin(), entries.end());
            // A warp its scheduler did not look at this cycle was waiting on a barrier or on
            // its registers (otherwise the scheduler would have run and set its status).
            view.status = seenNow          ? timing.status
                          : warp.atBarrier ? WarpStatus::WaitingAtBarrier
                                           : WarpStatus::WaitingOnRegister;
        }
        view.issuedPc = issuedNow ? warp.issuedPc : -1;
        view.issuedMask = issuedNow ? warp.issuedMask : 0;
        snapshot.warps.push_back(std::move(view));
    }
    return snapshot;
}

}  // namespace mlsyslab::gpu
