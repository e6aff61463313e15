#pragma once

#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <string>
#include <vector>

#include "gpu/Dim3.h"
#include "lesson/KindSpec.h"
#include "gpu/lesson/GpuDeviceField.h"

namespace mlsyslab::lesson::kinds {

// ```sim warp-timeline: one SM's warps cycle by cycle, as a Gantt chart per scheduler policy
// (issued, ready, waiting on a register, at a barrier, pipeline busy, finished), LRR and GTO one
// above the other on the same time axis, with what each warp scheduler issued at the cursor.
//   device: rtx4090        (default; a built-in device)
//   kernel: reduction      (default; a built-in kernel: matrixAdd, vectorAdd, matmulNaive,
//                           matmulTiled, divergent, reduction)
//   grid: 1                (default 1: blocks, 1 to 3 sizes like 12 or [3, 2])
//   block: 512             (default 512: threads per block, 1 to 3 sizes like 256 or [4, 3])
//   schedulers: [lrr, gto] (default: both, the first above; one or two of lrr and gto)
//   sm: 0                  (default 0: the SM whose warps are drawn, below the device's count)
//   cycles: 3000           (default: the cycles recorded and drawn, 10 to 20000; the statistics
//                           always cover the whole run)
inline constexpr std::int64_t kWarpTimelineMinCycles = 10;
// Every recorded cycle keeps a snapshot of each resident warp (up to 64 on an SM): 20,000
// cycles of a full SM are about 150 MB a policy, the most a lesson should ask of a laptop.
inline constexpr std::int64_t kWarpTimelineMaxCycles = 20000;

struct WarpTimelineState {
    std::string device = kDefaultGpuDevice;
    // Loads, arithmetic and barriers: every status shows, and the policies finish apart (on the
    // RTX 4090 about 1300 cycles under LRR, 1200 under GTO).
    std::string kernel = "reduction";
    gpu::Dim3 grid{1, 1, 1};
    // Sixteen warps: four per scheduler on a four-scheduler SM.
    gpu::Dim3 block{512, 1, 1};
    std::vector<std::string> schedulers = {"lrr", "gto"};
    int sm = 0;
    std::int64_t cycles = 3000;
};

const KindSpec<WarpTimelineState>& warpTimelineKind();

}  // namespace mlsyslab::lesson::kinds
