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
//   device: h100             (default rtx4090; v100, t4, a100, rtx4090, h100 or h200)
//   block_size: 256          (default; threads per block, 1 to 2048: above the device's most,
//                             the simulator explains why the launch cannot run)
//   registers: 32            (default; registers per thread, 0 to 512)
//   shared_memory: 16KiB     (default 0; dynamic shared memory per block, in bytes or with KiB,
//                             up to 1MiB)
//   editable: true           (the student may change all four)
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
