// The cycle of an SM: which warp each scheduler issues, and what the issued instruction does to
// the warp's registers, SIMT stack and scoreboard and to the memory system (SmState.h).
#include <algorithm>

#include "common/Concat.h"
#include "gpu/SmState.h"

namespace mlsyslab::gpu {

namespace {
constexpr std::int64_t kFloatBytes = 4;
}  // namespace

void SmState::step(std::int64_t cycle, bool everyScheduler, std::vector<SmCycleSnapshot>* record) {
    for (int index = 0; index < static_cast<int>(schedulers_.size()); ++index) {
        SchedulerState& scheduler = schedulers_[static_cast<std::size_t>(index)];
        scheduler.issuedSlot = -1;
        if (everyScheduler || scheduler.nextEvent <= cycle) {
            runScheduler(index, cycle, record != nullptr);
        }
        if (!launch_.error.empty()) return;
    }
    if (record != nullptr) record->push_back(snapshot(cycle));
    retireFinishedBlocks(cycle);
    nextEvent_ = kNeverCycle;
    for (const SchedulerState& scheduler : schedulers_) {
        nextEvent_ = std::min(nextEvent_, scheduler.nextEvent);
    }
}

// One scheduler in one cycle. Its warps whose registers are ready ("eligible") are found first;
// most warps wait on memory and cost one comparison each. Each eligible warp's unit is looked
// at as the scheduler finds it: a busy unit makes the warp PipelineBusy; among the others the
// first in the policy's order issues and the rest were Ready. Waiting warps are not counted
// here but by catchUp(), when they are next eligible.
void SmState::runScheduler(int schedulerIndex, std::int64_t cycle, bool recording) {
    SchedulerState& scheduler = schedulers_[static_cast<std::size_t>(schedulerIndex)];
    const int schedulers = static_cast<int>(schedulers_.size());
    const std::size_t first = static_cast<std::size_t>(schedulerIndex * slotsPerScheduler_);
    WarpTiming* timings = timing_.data() + first;
    const std::int64_t* ready = readyCycles_.data() + first;
    constexpr int kUnits = 4;
    std::int64_t unitFree[kUnits];
    for (int unit = 0; unit < kUnits; ++unit) {
        unitFree[unit] = unitFreeAt(scheduler, static_cast<FunctionalUnit>(unit));
    }
    std::int64_t nextEvent = kNeverCycle;
    int eligible = 0;
    int unitBusy = 0;
    int onlyFreeSlot = -1;
    for (int position = 0; position < slotsPerScheduler_; ++position) {
        if (ready[position] > cycle) {
            nextEvent = std::min(nextEvent, ready[position]);
            continue;
        }
        WarpTiming& timing = timings[position];
        if (timing.accountedUntil < cycle) catchUp(timing, ready[position], cycle);
        timing.accountedUntil = cycle + 1;
        ++eligible;
        const std::int64_t free = unitFree[static_cast<int>(timing.nextUnit)];
        if (free > cycle) {
            ++unitBusy;
            nextEvent = std::min(nextEvent, free);
        } else {
            onlyFreeSlot = position * schedulers + schedulerIndex;
        }
    }
    scheduler.nextEvent = nextEvent;
    if (eligible == 0) return;
    const int canIssue = eligible - unitBusy;
    addWarpCycles(WarpStatus::PipelineBusy, unitBusy);
    int issuer = -1;
    if (canIssue == 1) {
        issuer = onlyFreeSlot;
    } else if (canIssue > 1) {
        // Ready warps that lose this cycle try again in the next.
        scheduler.nextEvent = std::min(scheduler.nextEvent, cycle + 1);
        launch_.policy.orderWarps(scheduler.warps, scheduler.lastIssuedSlot, scheduler.order);
        for (const int slot : scheduler.order) {
            if (readyCycleOf(slot) <= cycle &&
                unitFree[static_cast<int>(timingOf(slot).nextUnit)] <= cycle) {
                issuer = slot;
                break;
            }
        }
    }
    if (recording) {
        for (int position = 0; position < slotsPerScheduler_; ++position) {
            if (ready[position] > cycle) continue;
            WarpTiming& timing = timings[position];
            const int slot = position * schedulers + schedulerIndex;
            timing.statusCycle = cycle;
            timing.status = slot == issuer ? WarpStatus::Issued
                            : unitFree[static_cast<int>(timing.nextUnit)] > cycle
                                ? WarpStatus::PipelineBusy
                                : WarpStatus::Ready;
        }
    }
    if (issuer < 0) return;
    addWarpCycles(WarpStatus::Ready, canIssue - 1);
    addWarpCycles(WarpStatus::Issued, 1);
    scheduler.issuedSlot = issuer;
    scheduler.lastIssuedSlot = issuer;
    issue(issuer, scheduler, cycle);
    scheduler.nextEvent = std::min(scheduler.nextEvent, readyCycleOf(issuer));
}

// The cycles since the warp was last counted, while its scheduler did not look at it: before
// its registers were ready it waited on them; after, its unit was busy (otherwise the scheduler
// would have run and looked).
void SmState::catchUp(WarpTiming& timing, std::int64_t readyCycle, std::int64_t cycle) {
    const std::int64_t span = cycle - timing.accountedUntil;
    const std::int64_t waiting =
        std::clamp(readyCycle - timing.accountedUntil, std::int64_t{0}, span);
    addWarpCycles(WarpStatus::WaitingOnRegister, waiting);
    addWarpCycles(WarpStatus::PipelineBusy, span - waiting);
    timing.accountedUntil = cycle;
}

void SmState::issue(int slot, SchedulerState& scheduler, std::int64_t cycle) {
    WarpState& warp = warps_[static_cast<std::size_t>(slot)];
    const int pc = warp.stack.pc();
    const DecodedInstruction& instruction = code_[static_cast<std::size_t>(pc)];
    const std::uint32_t lanes = warp.stack.activeMask();
    warp.issuedPc = pc;
    warp.issuedMask = lanes;
    ++launch_.stats.warpInstructions;
    launch_.stats.threadInstructions += laneCount(lanes);
    switch (instruction.unit) {
        case FunctionalUnit::IntegerAlu:
        case FunctionalUnit::FloatAlu:
            executeAlu(instruction, registersOf(slot), lanes);
            scoreboard_.reserve(slot, instruction.destination, cycle + instruction.latencyCycles);
            (instruction.unit == FunctionalUnit::IntegerAlu ? scheduler.integerFreeAt
                                                            : scheduler.floatFreeAt) =
                cycle + aluIssueCycles_;
            warp.stack.advance(pc + 1);
            break;
        case FunctionalUnit::LoadStore:
            if (!accessMemory(instruction, slot, lanes, cycle)) return;
            warp.stack.advance(pc + 1);
            break;
        case FunctionalUnit::Control:
            switch (instruction.opcode) {
                case Opcode::Branch: {
                    const std::uint32_t nonZero =
                        nonZeroLanes(instruction, registersOf(slot), lanes);
                    const std::uint32_t taken =
                        instruction.branchIfFalse ? lanes & ~nonZero : nonZero;
                    warp.stack.branch(taken, instruction.branchTarget, pc + 1,
                                      instruction.reconvergencePc);
                    break;
                }
                case Opcode::Jump:
                    warp.stack.advance(instruction.branchTarget);
                    break;
                case Opcode::Barrier:
                    warp.stack.advance(pc + 1);
                    arriveAtBarrier(slot, cycle);
                    break;
                default:  // Exit
                    warp.lastPc = pc;
                    warp.stack.exitLanes(lanes);
                    if (warp.stack.empty()) {
                        finishWarp(slot, cycle);
                        return;
                    }
                    break;
            }
            break;
    }
    const int nextPc = warp.stack.pc();
    if (nextPc >= static_cast<int>(code_.size())) {
        launch_.error = concat("block ", std::to_string(warp.block), ", warp ",
                               std::to_string(warp.warpInBlock),
                               " ran past the last instruction without an exit");
        return;
    }
    const DecodedInstruction& next = code_[static_cast<std::size_t>(nextPc)];
    std::int64_t& ready = readyCycleOf(slot);
    ready = std::max({ready, cycle + 1, scoreboard_.readyCycle(slot, next)});
    timingOf(slot).nextUnit = next.unit;
}

bool SmState::accessMemory(const DecodedInstruction& instruction, int slot, std::uint32_t lanes,
                           std::int64_t cycle) {
    const WarpState& warp = warps_[static_cast<std::size_t>(slot)];
    std::int64_t scratch[kWarpLanes];
    const WarpRegisters registers = registersOf(slot);
    const std::int64_t* addresses = laneArray(instruction.operands[0], registers, scratch);
    const bool global =
        instruction.opcode == Opcode::LoadGlobal || instruction.opcode == Opcode::StoreGlobal;
    const bool load =
        instruction.opcode == Opcode::LoadGlobal || instruction.opcode == Opcode::LoadShared;
    float* memory = global ? launch_.globalMemory.data()
                           : sharedMemory_.data() + warp.blockSlot * sharedFloatsPerBlock_;
    const std::int64_t sizeBytes =
        global ? static_cast<std::int64_t>(launch_.globalMemory.size()) * kFloatBytes
               : sharedFloatsPerBlock_ * kFloatBytes;
    const int badLane = firstBadLane(addresses, lanes, sizeBytes);
    if (badLane >= 0) {
        fault(warp, badLane, global ? "global" : "shared", addresses[badLane]);
        return false;
    }
    std::int64_t landsAt = cycle + instruction.latencyCycles;
    if (global) {
        const int sectors = countSectors(addresses, lanes);
        ++launch_.stats.globalRequests;
        launch_.stats.globalSectors += sectors;
        loadStoreFreeAt_ = cycle + loadStoreCycles(sectors);
        landsAt += launch_.dram.request(cycle, sectors);
    } else {
        loadStoreFreeAt_ = cycle + 1;
    }
    if (load) {
        loadLanes(instruction, registers, lanes, addresses, memory);
        scoreboard_.reserve(slot, instruction.destination, landsAt);
    } else {
        storeLanes(instruction, registers, lanes, addresses, memory);
    }
    return true;
}

std::int64_t SmState::unitFreeAt(const SchedulerState& scheduler, FunctionalUnit unit) const {
    switch (unit) {
        case FunctionalUnit::IntegerAlu:
            return scheduler.integerFreeAt;
        case FunctionalUnit::FloatAlu:
            return scheduler.floatFreeAt;
        case FunctionalUnit::LoadStore:
            return loadStoreFreeAt_;
        case FunctionalUnit::Control:
            break;
    }
    return 0;
}

}  // namespace mlsyslab::gpu
