#pragma once

#include <cstdint>
#include <vector>

#include "gpu/WarpSimulator.h"

namespace mlsyslab::gpu {

// One instruction a warp issued, as the divergence view steps through them.
struct DivergenceStep {
    std::int64_t cycle = 0;
    int pc = 0;
    std::uint32_t activeMask = 0;           // the lanes that ran it
    std::vector<SimtStackEntry> simtStack;  // bottom first, as it stood when it issued
    std::int64_t activeLanesSoFar = 0;      // summed over this step and those before
};

// The instructions one warp of a recorded run issued, in order, read from the per-cycle
// snapshots (SmCycleSnapshot) of the SM it ran on.
struct DivergenceTrace {
    std::uint32_t existingMask = 0;  // lanes that are threads (fewer in a partial last warp)
    std::vector<DivergenceStep> steps;
    bool complete = false;  // the warp exited within the recorded cycles

    // Active lanes over lane slots, from the first instruction through `step`, in percent:
    // CUDA's "SIMT efficiency" (Nsight Compute's average active threads per warp over 32).
    double simtEfficiencyPct(std::size_t step) const;
};

// The trace of warp `warpInBlock` of block `block` in a run recorded on the SM that ran it.
DivergenceTrace traceWarp(const SimulationResult& result, std::int64_t block, int warpInBlock);

}  // namespace mlsyslab::gpu
