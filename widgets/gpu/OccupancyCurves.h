#pragma once

#include <QVector>

#include "gpu/DeviceModel.h"
#include "gpu/Occupancy.h"

namespace mlsyslab::widgets {

// The three curves of NVIDIA's occupancy calculator for one kernel on one device: occupancy
// (in %) as one of the kernel's resources varies and the other two stay as they are, each point
// computed by gpu::computeOccupancy.
struct OccupancyCurve {
    QVector<double> x;
    QVector<double> occupancyPct;
};

// Threads per block: every multiple of the warp size from one warp to the device's most.
OccupancyCurve occupancyByBlockSize(const gpu::DeviceModel& device,
                                    const gpu::KernelResources& kernel);
// Registers per thread: 0 to the device's most, every count.
OccupancyCurve occupancyByRegisters(const gpu::DeviceModel& device,
                                    const gpu::KernelResources& kernel);
// Dynamic shared memory per block, in KiB on x: 0 to the opt-in limit, every allocation unit.
OccupancyCurve occupancyBySharedMemory(const gpu::DeviceModel& device,
                                       const gpu::KernelResources& kernel);

inline constexpr double kBytesPerKibibyte = 1024.0;

}  // namespace mlsyslab::widgets
