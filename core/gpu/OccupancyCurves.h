#pragma once

#include <vector>

#include "gpu/DeviceModel.h"
#include "gpu/Occupancy.h"

namespace mlsyslab::gpu {

// The three curves of NVIDIA's occupancy calculator for one kernel on one device: occupancy
// (in %) as one of the kernel's resources varies and the other two stay as they are, each point
// computed by computeOccupancy.
struct OccupancyCurve {
    std::vector<double> x;
    std::vector<double> occupancyPct;  // one per x
};

// Threads per block: every multiple of the warp size from one warp to the device's most.
OccupancyCurve occupancyByBlockSize(const DeviceModel& device, const KernelResources& kernel);
// Registers per thread: 0 to the device's most, every count.
OccupancyCurve occupancyByRegisters(const DeviceModel& device, const KernelResources& kernel);
// Dynamic shared memory per block, in KiB on x: 0 to the opt-in limit, every allocation unit.
OccupancyCurve occupancyBySharedMemory(const DeviceModel& device, const KernelResources& kernel);

// The shared-memory curve's x unit: NVIDIA's calculator and the device files give KiB.
inline constexpr double kBytesPerKibibyte = 1024.0;

}  // namespace mlsyslab::gpu
