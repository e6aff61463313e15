#pragma once

#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

#include "lesson/KindSpec.h"
#include "gpu/lesson/GpuDeviceField.h"

namespace mlsyslab::lesson::kinds {

// ```sim gpu-hierarchy: a device from the whole GPU down to one warp's threads, zoomable:
// GPU (GPCs and their SMs, L2, memory) -> one SM (its warp schedulers with their cores, register
// files and tensor cores, L1 / shared memory) -> one warp (its 32 threads and the cores they run
// on).
// Its fields, defaults and values: gpuHierarchyKind() below (and docs/lesson-format.md).
enum class HierarchyZoom { Gpu, Sm, Warp };
// "gpu", "sm", "warp": as lesson files spell them.
const char* zoomName(HierarchyZoom zoom);

struct GpuHierarchyState {
    std::string device = kDefaultGpuDevice;
    HierarchyZoom zoom = HierarchyZoom::Gpu;
    int sm = 0;
    int warp = 0;
};

const KindSpec<GpuHierarchyState>& gpuHierarchyKind();

}  // namespace mlsyslab::lesson::kinds
