#pragma once

#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "lesson/KindSpec.h"
#include "gpu/lesson/GpuDeviceField.h"

namespace mlsyslab::lesson::kinds {

// ```sim occupancy: NVIDIA's occupancy calculator (gpu/Occupancy.h) for one kernel on one
// device, with its three classic curves.
// Its fields, defaults and values: occupancyKind() below (and docs/lesson-format.md).
// The same fields are `gpu occupancy`'s --block-size, --regs and --smem (cli/KindOptions.h), so
// their ranges are the calculator's: any launch a kernel can ask for, the impossible ones
// included, because the calculator explains why those cannot run. An int holds each.
inline constexpr int kMostOccupancyBlockSize = std::numeric_limits<int>::max();
inline constexpr int kMostOccupancyRegisters = std::numeric_limits<int>::max();
inline constexpr std::int64_t kMostOccupancySharedBytes = std::numeric_limits<int>::max();

struct OccupancyState {
    std::string device = kDefaultGpuDevice;
    int blockSize = 256;
    int registersPerThread = 32;
    std::int64_t sharedBytesPerBlock = 0;
    bool editable = true;
};

const KindSpec<OccupancyState>& occupancyKind();

}  // namespace mlsyslab::lesson::kinds
