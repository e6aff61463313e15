#pragma once

#include "cli/CommandLine.h"

namespace mlsyslab::cli {

// `gpu occupancy --device D --block-size B --regs R --smem BYTES [--json]`: the blocks and warps
// resident on one SM, the limit each resource imposes and which ones bind, as NVIDIA's
// occupancy calculator computes them (gpu/Occupancy.h). A launch that cannot run is a result.
Command gpuOccupancyCommand();

}  // namespace mlsyslab::cli
