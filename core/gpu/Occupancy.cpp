#include "gpu/Occupancy.h"

#include <algorithm>
#include <climits>

#include "common/Concat.h"

// The calculation follows cudaOccMaxActiveBlocksPerMultiprocessor in the CUDA toolkit's
// cuda_occupancy.h, for the device's default state (no L1/shared carve-out preference, so the
// whole SM's shared memory is available) and a kernel opted in to the largest dynamic shared
// memory (FUNC_SHMEM_LIMIT_OPTIN with maxDynamicSharedSizeBytes = opt-in limit - static).
// tests/core/gpu/tst_occupancy_reference compares it with the header wherever that exists.
//
// Two parts of the header never change the result for these inputs and are left out:
// - partitioned global caching exists only on compute capability 5.2/5.3 and 6.x;
// - the block-barrier limit (compute capability 9.0 and later) allows 2 barriers per resident
//   block slot; a kernel uses one (__syncthreads), so it allows twice max_blocks_per_sm and
//   never binds (the blocks limit is always lower). OCC_LIMIT_BARRIERS is never reported.

namespace mlsyslab::gpu {

namespace {

// What the header writes for a resource the kernel does not use: it never limits.
constexpr int kUnlimited = INT_MAX;

std::int64_t divideRoundingUp(std::int64_t value, std::int64_t unit) {
    return (value + unit - 1) / unit;
}

std::int64_t roundUp(std::int64_t value, std::int64_t unit) {
    return divideRoundingUp(value, unit) * unit;
}

std::string number(std::int64_t value) { return std::to_string(value); }

void addReason(std::string& reasons, const std::string& reason) {
    if (!reasons.empty()) reasons += "; ";
    reasons += reason;
}

// The SM's warp slots: blocks of this many warps that fit.
int warpsLimit(const DeviceModel& device, const KernelResources& kernel, int warpsPerBlock,
               std::string& reasons) {
    if (kernel.threadsPerBlock > device.maxThreadsPerBlock) {
        addReason(reasons,
                  concat(number(kernel.threadsPerBlock), " threads per block: the most is ",
                         number(device.maxThreadsPerBlock)));
        return 0;
    }
    return device.maxWarpsPerSm / warpsPerBlock;
}

// Registers are granted per warp, in allocation units, inside each warp scheduler's
// sub-partition of the register file; a warp never spans two sub-partitions.
int registersLimit(const DeviceModel& device, const KernelResources& kernel, int warpsPerBlock,
                   int registersPerWarp, std::string& reasons) {
    const int subPartitions = device.warpSchedulersPerSm;
    const std::int64_t perBlock = std::int64_t{registersPerWarp} * warpsPerBlock;
    // The hardware's per-block check assumes the block's warps are spread over every
    // sub-partition at once, so it counts the warps rounded up to a multiple of them.
    const std::int64_t warpsCounted = roundUp(warpsPerBlock, subPartitions);
    const std::int64_t perBlockAsChecked = std::int64_t{registersPerWarp} * warpsCounted;
    bool fits = true;
    if (kernel.registersPerThread > device.maxRegistersPerThread) {
        addReason(reasons,
                  concat(number(kernel.registersPerThread), " registers per thread: the most is ",
                         number(device.maxRegistersPerThread)));
        fits = false;
    }
    if (perBlock > device.registersPerBlock) {
        addReason(reasons,
                  concat("a block needs ", number(perBlock), " registers (",
                         number(registersPerWarp), " per warp x ", number(warpsPerBlock),
                         " warps): the most per block is ", number(device.registersPerBlock)));
        fits = false;
    } else if (perBlockAsChecked > device.registersPerBlock) {
        addReason(reasons,
                  concat("a block counts as ", number(perBlockAsChecked), " registers (",
                         number(registersPerWarp), " per warp x ", number(warpsCounted),
                         " warps: the hardware rounds a block's warps up to a multiple of its ",
                         number(subPartitions), " sub-partitions): the most per block is ",
                         number(device.registersPerBlock)));
        fits = false;
    }
    if (!fits) return 0;
    if (registersPerWarp == 0) return kUnlimited;
    const int warpsPerSubPartition = device.registersPerSm / subPartitions / registersPerWarp;
    return warpsPerSubPartition * subPartitions / warpsPerBlock;
}

// Shared memory is granted per block in allocation units, with the driver's reservation.
int sharedMemoryLimit(const DeviceModel& device, const KernelResources& kernel,
                      std::int64_t allocatedPerBlock, std::string& reasons) {
    const std::int64_t requested =
        kernel.staticSharedBytesPerBlock + kernel.dynamicSharedBytesPerBlock;
    // With the kernel opted in, both the header's checks (dynamic bytes over the opt-in limit
    // less the static bytes, and the rounded allocation over the opt-in limit plus the
    // reservation) come to this, as the limits are whole allocation units.
    if (requested > device.sharedMemoryPerBlockOptinBytes) {
        addReason(reasons,
                  concat(number(requested), " bytes of shared memory per block: the most is ",
                         number(device.sharedMemoryPerBlockOptinBytes), " (the opt-in limit)"));
        return 0;
    }
    if (allocatedPerBlock == 0) return kUnlimited;
    // The device file guarantees that a block at the opt-in limit fits the SM's shared memory,
    // so the default carve-out (all of it) never needs the header's rounding up to a larger one.
    return static_cast<int>(device.sharedMemoryPerSmBytes / allocatedPerBlock);
}

OccupancyResult impossibleInput(const DeviceModel& device, OccupancyLimiter limiter,
                                std::string reason) {
    OccupancyResult result;
    result.blocksLimitedByWarps = device.maxBlocksPerSm;
    result.blocksLimitedByRegisters = device.maxBlocksPerSm;
    result.blocksLimitedBySharedMemory = device.maxBlocksPerSm;
    result.blocksLimitedByBlocks = device.maxBlocksPerSm;
    switch (limiter) {
        case OccupancyLimiter::Warps:
            result.blocksLimitedByWarps = 0;
            break;
        case OccupancyLimiter::Registers:
            result.blocksLimitedByRegisters = 0;
            break;
        case OccupancyLimiter::SharedMemory:
            result.blocksLimitedBySharedMemory = 0;
            break;
        case OccupancyLimiter::Blocks:
            result.blocksLimitedByBlocks = 0;
            break;
    }
    result.limiters = {limiter};
    result.impossibleReason = std::move(reason);
    return result;
}

}  // namespace

const char* limiterName(OccupancyLimiter limiter) {
    switch (limiter) {
        case OccupancyLimiter::Warps:
            return "warps";
        case OccupancyLimiter::Registers:
            return "registers";
        case OccupancyLimiter::SharedMemory:
            return "shared_memory";
        case OccupancyLimiter::Blocks:
            return "blocks";
    }
    return "";
}

OccupancyResult computeOccupancy(const DeviceModel& device, const KernelResources& kernel) {
    if (kernel.threadsPerBlock < 1) {
        return impossibleInput(device, OccupancyLimiter::Warps,
                               concat(number(kernel.threadsPerBlock),
                                      " threads per block: a block needs at least 1 thread"));
    }
    if (kernel.registersPerThread < 0) {
        return impossibleInput(device, OccupancyLimiter::Registers,
                               concat(number(kernel.registersPerThread),
                                      " registers per thread: the count cannot be negative"));
    }
    if (kernel.dynamicSharedBytesPerBlock < 0 || kernel.staticSharedBytesPerBlock < 0) {
        return impossibleInput(device, OccupancyLimiter::SharedMemory,
                               "shared memory per block cannot be negative");
    }

    OccupancyResult result;
    result.warpsPerBlock =
        static_cast<int>(divideRoundingUp(kernel.threadsPerBlock, device.warpSize));
    // Clamped so that an absurd count cannot overflow; it is refused below all the same.
    const std::int64_t registersPerThread =
        std::min<std::int64_t>(kernel.registersPerThread, device.registersPerBlock);
    result.registersPerWarpAllocated = static_cast<int>(
        roundUp(registersPerThread * device.warpSize, device.registerAllocationUnit));
    result.sharedBytesPerBlockAllocated =
        roundUp(kernel.staticSharedBytesPerBlock + device.reservedSharedMemoryPerBlockBytes +
                    kernel.dynamicSharedBytesPerBlock,
                device.sharedMemoryAllocationUnitBytes);

    std::string reasons;
    const int byWarps = warpsLimit(device, kernel, result.warpsPerBlock, reasons);
    const int byRegisters = registersLimit(device, kernel, result.warpsPerBlock,
                                           result.registersPerWarpAllocated, reasons);
    const int bySharedMemory =
        sharedMemoryLimit(device, kernel, result.sharedBytesPerBlockAllocated, reasons);
    const int byBlocks = device.maxBlocksPerSm;

    result.activeBlocksPerSm = std::min({byWarps, byRegisters, bySharedMemory, byBlocks});
    const std::pair<int, OccupancyLimiter> limits[] = {
        {byWarps, OccupancyLimiter::Warps},
        {byRegisters, OccupancyLimiter::Registers},
        {bySharedMemory, OccupancyLimiter::SharedMemory},
        {byBlocks, OccupancyLimiter::Blocks},
    };
    for (const auto& [blocks, limiter] : limits) {
        if (blocks == result.activeBlocksPerSm) result.limiters.push_back(limiter);
    }
    // An unused resource is reported as allowing the device maximum (never as a limiter).
    const auto shown = [&](int blocks) { return blocks == kUnlimited ? byBlocks : blocks; };
    result.blocksLimitedByWarps = byWarps;
    result.blocksLimitedByRegisters = shown(byRegisters);
    result.blocksLimitedBySharedMemory = shown(bySharedMemory);
    result.blocksLimitedByBlocks = byBlocks;

    result.activeWarpsPerSm = result.activeBlocksPerSm * result.warpsPerBlock;
    result.occupancyPct = 100.0 * result.activeWarpsPerSm / device.maxWarpsPerSm;
    if (result.activeBlocksPerSm == 0) {
        result.impossibleReason =
            reasons.empty() ? std::string("one block does not fit on an SM") : reasons;
    }
    return result;
}

}  // namespace mlsyslab::gpu
