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
// Its fields, defaults and values: divergenceKind() below (and docs/lesson-format.md).
// The launch is a single block (grid 1).
struct DivergenceState {
    std::string kernel = "divergent";
    gpu::Dim3 block{32, 1, 1};
    int warp = 0;
    std::string device = kDefaultGpuDevice;
};

const KindSpec<DivergenceState>& divergenceKind();

}  // namespace mlsyslab::lesson::kinds
