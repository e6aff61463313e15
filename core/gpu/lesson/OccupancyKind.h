#pragma once

#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <string>
#include <vector>

#include "lesson/KindSpec.h"
#include "gpu/lesson/GpuDeviceField.h"

namespace mlsyslab::lesson::kinds {

// ```sim occupancy: NVIDIA's occupancy calculator (gpu/Occupancy.h) for one kernel on one
// device, with its three classic curves.
// Its fields, defaults and values: occupancyKind() below (and docs/lesson-format.md).
// Limits beyond every device's are allowed so that a lesson can show an impossible launch.
inline constexpr int kMostOccupancyBlockSize = 2048;
inline constexpr int kMostOccupancyRegisters = 512;
inline constexpr std::int64_t kMostOccupancySharedBytes = std::int64_t{1} << 20;

struct OccupancyState {
    std::string device = kDefaultGpuDevice;
    int blockSize = 256;
    int registersPerThread = 32;
    std::int64_t sharedBytesPerBlock = 0;
    bool editable = true;
};

const KindSpec<OccupancyState>& occupancyKind();

}  // namespace mlsyslab::lesson::kinds
