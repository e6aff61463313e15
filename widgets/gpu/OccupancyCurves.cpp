#include "gpu/OccupancyCurves.h"

#include <algorithm>

namespace mlsyslab::widgets {

OccupancyCurve occupancyByBlockSize(const gpu::DeviceModel& device,
                                    const gpu::KernelResources& kernel) {
    OccupancyCurve curve;
    gpu::KernelResources varied = kernel;
    for (int threads = device.warpSize; threads <= device.maxThreadsPerBlock;
         threads += device.warpSize) {
        varied.threadsPerBlock = threads;
        curve.x << threads;
        curve.occupancyPct << gpu::computeOccupancy(device, varied).occupancyPct;
    }
    return curve;
}

OccupancyCurve occupancyByRegisters(const gpu::DeviceModel& device,
                                    const gpu::KernelResources& kernel) {
    OccupancyCurve curve;
    gpu::KernelResources varied = kernel;
    for (int registers = 0; registers <= device.maxRegistersPerThread; ++registers) {
        varied.registersPerThread = registers;
        curve.x << registers;
        curve.occupancyPct << gpu::computeOccupancy(device, varied).occupancyPct;
    }
    return curve;
}

OccupancyCurve occupancyBySharedMemory(const gpu::DeviceModel& device,
                                       const gpu::KernelResources& kernel) {
    OccupancyCurve curve;
    gpu::KernelResources varied = kernel;
    const std::int64_t step = std::max<std::int64_t>(1, device.sharedMemoryAllocationUnitBytes);
    for (std::int64_t bytes = 0; bytes <= device.sharedMemoryPerBlockOptinBytes; bytes += step) {
        varied.dynamicSharedBytesPerBlock = bytes;
        curve.x << double(bytes) / kBytesPerKibibyte;
        curve.occupancyPct << gpu::computeOccupancy(device, varied).occupancyPct;
    }
    return curve;
}

}  // namespace mlsyslab::widgets
