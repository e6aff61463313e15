#include "gpu/OccupancyCurves.h"

#include <algorithm>

namespace mlsyslab::gpu {

OccupancyCurve occupancyByBlockSize(const DeviceModel& device, const KernelResources& kernel) {
    OccupancyCurve curve;
    KernelResources varied = kernel;
    for (int threads = device.warpSize; threads <= device.maxThreadsPerBlock;
         threads += device.warpSize) {
        varied.threadsPerBlock = threads;
        curve.x.push_back(threads);
        curve.occupancyPct.push_back(computeOccupancy(device, varied).occupancyPct);
    }
    return curve;
}

OccupancyCurve occupancyByRegisters(const DeviceModel& device, const KernelResources& kernel) {
    OccupancyCurve curve;
    KernelResources varied = kernel;
    for (int registers = 0; registers <= device.maxRegistersPerThread; ++registers) {
        varied.registersPerThread = registers;
        curve.x.push_back(registers);
        curve.occupancyPct.push_back(computeOccupancy(device, varied).occupancyPct);
    }
    return curve;
}

OccupancyCurve occupancyBySharedMemory(const DeviceModel& device, const KernelResources& kernel) {
    OccupancyCurve curve;
    KernelResources varied = kernel;
    const std::int64_t step = std::max<std::int64_t>(1, device.sharedMemoryAllocationUnitBytes);
    for (std::int64_t bytes = 0; bytes <= device.sharedMemoryPerBlockOptinBytes; bytes += step) {
        varied.dynamicSharedBytesPerBlock = bytes;
        curve.x.push_back(double(bytes) / kBytesPerKibibyte);
        curve.occupancyPct.push_back(computeOccupancy(device, varied).occupancyPct);
    }
    return curve;
}

}  // namespace mlsyslab::gpu
