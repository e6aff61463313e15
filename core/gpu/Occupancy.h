#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gpu/DeviceModel.h"

namespace mlsyslab::gpu {

// What a kernel asks of one SM per block.
struct KernelResources {
    int threadsPerBlock = 0;
    int registersPerThread = 0;
    std::int64_t dynamicSharedBytesPerBlock = 0;
    std::int64_t staticSharedBytesPerBlock = 0;
};

enum class OccupancyLimiter { Warps, Registers, SharedMemory, Blocks };
// "warps", "registers", "shared_memory", "blocks": the names DESIGN §4 prints.
const char* limiterName(OccupancyLimiter limiter);

// Resident blocks per SM as NVIDIA's occupancy calculator (cuda_occupancy.h) computes them:
// registers granted per warp in allocation units, shared memory rounded up to its allocation
// unit plus the driver's per-block reservation, the whole SM's shared memory available
// (default carve-out) and the kernel opted in to the per-block maximum.
struct OccupancyResult {
    int warpsPerBlock = 0;
    int registersPerWarpAllocated = 0;      // per warp, rounded to the allocation unit
    std::int64_t sharedBytesPerBlockAllocated = 0;  // reservation included, rounded
    // The blocks each resource alone would allow (for an unused resource: the device maximum).
    int blocksLimitedByWarps = 0;
    int blocksLimitedByRegisters = 0;
    int blocksLimitedBySharedMemory = 0;
    int blocksLimitedByBlocks = 0;
    int activeBlocksPerSm = 0;
    int activeWarpsPerSm = 0;
    double occupancyPct = 0;  // active warps / max warps per SM, in percent
    std::vector<OccupancyLimiter> limiters;  // those equal to the minimum, in enum order
    // Empty when the launch can run; otherwise why not ("1025 threads per block: the most is 1024").
    std::string impossibleReason;
    bool possible() const { return impossibleReason.empty(); }
};

OccupancyResult computeOccupancy(const DeviceModel& device, const KernelResources& kernel);

}  // namespace mlsyslab::gpu
