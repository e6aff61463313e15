#include "gpu/DivergenceTrace.h"

#include <bit>

namespace mlsyslab::gpu {

namespace {

const WarpSnapshot* findWarp(const SmCycleSnapshot& snapshot, std::int64_t block, int warpInBlock) {
    for (const WarpSnapshot& warp : snapshot.warps) {
        if (warp.block == block && warp.warpInBlock == warpInBlock) return &warp;
    }
    return nullptr;
}

}  // namespace

double DivergenceTrace::simtEfficiencyPct(std::size_t step) const {
    if (step >= steps.size()) return 0;
    // Every warp instruction counts 32 lane slots, a partial warp included, as Nsight Compute
    // and the simulator's statistics do.
    return 100.0 * double(steps[step].activeLanesSoFar) / (double(kWarpLanes) * double(step + 1));
}

DivergenceTrace traceWarp(const SimulationResult& result, std::int64_t block, int warpInBlock) {
    DivergenceTrace trace;
    // A snapshot shows a warp after its scheduler's choice in that cycle: the instruction it
    // issued and the lanes that ran it, then the pc, mask and stack of its next instruction. The
    // stack the issued instruction ran with is the one the snapshot before showed, or, at the
    // first cycle the warp is resident, the one it starts with: pc 0, every lane.
    WarpSnapshot before;
    bool seen = false;
    std::int64_t lanesSoFar = 0;
    for (const SmCycleSnapshot& snapshot : result.recordedCycles) {
        const WarpSnapshot* warp = findWarp(snapshot, block, warpInBlock);
        if (warp == nullptr) continue;
        if (!seen) {
            seen = true;
            trace.existingMask = warp->existingMask;
            before.pc = 0;
            before.activeMask = warp->existingMask;
            before.simtStack = {SimtStackEntry{0, -1, warp->existingMask}};
        }
        if (warp->issuedPc >= 0) {
            DivergenceStep step;
            step.cycle = snapshot.cycle;
            step.pc = warp->issuedPc;
            step.activeMask = warp->issuedMask;
            step.simtStack = before.simtStack;
            lanesSoFar += std::popcount(step.activeMask);
            step.activeLanesSoFar = lanesSoFar;
            trace.steps.push_back(std::move(step));
        }
        if (warp->status == WarpStatus::Finished ||
            (warp->issuedPc >= 0 && warp->simtStack.empty())) {
            trace.complete = true;
            break;
        }
        before = *warp;
    }
    return trace;
}

}  // namespace mlsyslab::gpu
