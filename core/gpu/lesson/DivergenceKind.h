#pragma once

#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

#include "gpu/Dim3.h"
#include "lesson/KindSpec.h"
#include "gpu/lesson/GpuDeviceField.h"

namespace mlsyslab::lesson::kinds {

// ```sim divergence: one warp of one block, instruction by instruction as it issues: the CUDA
// line and the instruction, which of its 32 lanes run it and which sit idle, and its SIMT
// reconvergence stack, so both sides of a branch are seen running one after the other.
//   kernel: divergent   (default; a built-in kernel: matrixAdd, vectorAdd, matmulNaive,
//                        matmulTiled, divergent, reduction)
//   block: 32           (default 32: the block's threads, 1 to 3 sizes like 64 or [8, 8])
//   warp: 0             (default 0: the warp of the block followed, below the block's warps)
//   device: rtx4090     (default; a built-in device: its latencies and schedulers)
// The launch is a single block (grid 1).
struct DivergenceState {
    std::string kernel = "divergent";
    gpu::Dim3 block{32, 1, 1};
    int warp = 0;
    std::string device = kDefaultGpuDevice;
};

const KindSpec<DivergenceState>& divergenceKind();

}  // namespace mlsyslab::lesson::kinds
