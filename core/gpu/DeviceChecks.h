#pragma once

#include <optional>
#include <string>

#include "gpu/DeviceModel.h"

namespace mlsyslab::gpu {

// A device whose numbers contradict each other: the key to point at and why.
struct DeviceProblem {
    std::string key;      // e.g. "max_warps_per_sm"
    std::string message;  // e.g. "64 warps x 32 threads = 2048, but max_threads_per_sm is 1536"
};

// The first contradiction among a device's numbers (each one already in its own range), or
// nothing. These are the relations the occupancy calculation relies on: warps x warp size =
// threads per SM, a block fits an SM, registers split evenly across the warp schedulers'
// sub-partitions, shared memory limits in whole allocation units and the opt-in limit plus the
// driver's reservation within the SM, no reservation before compute capability 8.0, and the
// FP32 peak = SMs x cores x 2 FLOPs (an FMA) x clock within 2 %.
std::optional<DeviceProblem> findDeviceInconsistency(const DeviceModel& device);

}  // namespace mlsyslab::gpu
