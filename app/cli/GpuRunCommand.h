#pragma once

#include "cli/CommandLine.h"

namespace mlsyslab::cli {

// `gpu run --device D --kernel K --grid X[,Y[,Z]] --block X[,Y[,Z]] [--scheduler lrr|gto]
// [--json]`: a built-in kernel through the cycle-by-cycle warp scheduler simulator
// (gpu/WarpSimulator.h): cycles, IPC, achieved and theoretical occupancy, warp-cycles by stall
// reason, waves, memory sectors. A launch that cannot run is a result (exit 0, why).
Command gpuRunCommand();

}  // namespace mlsyslab::cli
