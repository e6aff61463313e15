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
// Its fields, defaults and values: warpTimelineKind() below (and docs/lesson-format.md).
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
