#pragma once

#include <vector>

#include "cli/CommandLine.h"

namespace mlsyslab::cli {

// The `gpu` group (DESIGN.md §4): `gpu occupancy` (NVIDIA's occupancy calculator),
// `gpu coalescing` (sectors and lines a warp's access touches) and `gpu run` (a built-in
// kernel through the cycle-by-cycle warp scheduler simulator).
std::vector<Command> gpuCommands();

}  // namespace mlsyslab::cli
