#include "gpu/DeviceChecks.h"

#include <cmath>
#include <cstdint>
#include <cstdio>

#include "common/Concat.h"

namespace mlsyslab::gpu {

namespace {

// Published FP32 peaks are rounded (8.1 for 8.14): allow this much.
constexpr double kFp32PeakTolerance = 0.02;
constexpr double kFlopsPerFma = 2;

std::string number(std::int64_t value) { return std::to_string(value); }

std::string decimal(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.4g", value);
    return text;
}

DeviceProblem problem(std::string key, std::string message) {
    return {std::move(key), std::move(message)};
}

std::optional<DeviceProblem> checkThreads(const DeviceModel& d) {
    if (std::int64_t{d.maxWarpsPerSm} * d.warpSize != d.maxThreadsPerSm) {
        return problem("max_warps_per_sm",
                       concat(number(d.maxWarpsPerSm), " warps x ", number(d.warpSize),
                              " threads = ", number(std::int64_t{d.maxWarpsPerSm} * d.warpSize),
                              ", but max_threads_per_sm is ", number(d.maxThreadsPerSm)));
    }
    if (d.maxThreadsPerBlock > d.maxThreadsPerSm) {
        return problem("max_threads_per_block",
                       concat("a block of ", number(d.maxThreadsPerBlock),
                              " threads would not fit an SM of ", number(d.maxThreadsPerSm)));
    }
    if (d.maxThreadsPerBlock % d.warpSize != 0) {
        return problem("max_threads_per_block",
                       concat(number(d.maxThreadsPerBlock), " is not a whole number of ",
                              number(d.warpSize), "-thread warps"));
    }
    if (d.maxBlocksPerSm > d.maxWarpsPerSm) {
        return problem("max_blocks_per_sm", concat(number(d.maxBlocksPerSm),
                                                   " blocks need at least as many warps, but "
                                                   "an SM holds ",
                                                   number(d.maxWarpsPerSm)));
    }
    if (d.warpSchedulersPerSm > d.maxWarpsPerSm) {
        return problem("warp_schedulers_per_sm",
                       concat(number(d.warpSchedulersPerSm), " schedulers for ",
                              number(d.maxWarpsPerSm), " warps"));
    }
    if (d.gpcCount > d.smCount) {
        return problem("gpc_count", concat(number(d.gpcCount), " GPCs for ", number(d.smCount),
                                           " SMs: each GPC holds at least one SM"));
    }
    return std::nullopt;
}

std::optional<DeviceProblem> checkRegisters(const DeviceModel& d) {
    if (d.registersPerBlock > d.registersPerSm) {
        return problem("registers_per_block",
                       concat(number(d.registersPerBlock), " registers per block, but the SM has ",
                              number(d.registersPerSm)));
    }
    if (std::int64_t{d.maxRegistersPerThread} * d.warpSize > d.registersPerBlock) {
        return problem(
            "max_registers_per_thread",
            concat("one warp at ", number(d.maxRegistersPerThread), " registers per thread needs ",
                   number(std::int64_t{d.maxRegistersPerThread} * d.warpSize),
                   ", more than registers_per_block (", number(d.registersPerBlock), ")"));
    }
    // Each warp scheduler owns a sub-partition with an equal share of the register file.
    if (d.registersPerSm % d.warpSchedulersPerSm != 0) {
        return problem("registers_per_sm",
                       concat(number(d.registersPerSm), " registers do not split evenly over ",
                              number(d.warpSchedulersPerSm), " warp schedulers"));
    }
    if (d.registerAllocationUnit > d.registersPerSm / d.warpSchedulersPerSm) {
        return problem("register_allocation_unit",
                       concat("an allocation unit of ", number(d.registerAllocationUnit),
                              " registers is larger than a scheduler's share (",
                              number(d.registersPerSm / d.warpSchedulersPerSm), ")"));
    }
    return std::nullopt;
}

std::optional<DeviceProblem> checkSharedMemory(const DeviceModel& d) {
    const std::int64_t unit = d.sharedMemoryAllocationUnitBytes;
    const struct {
        const char* key;
        std::int64_t bytes;
    } sizes[] = {
        {"shared_memory_per_sm_bytes", d.sharedMemoryPerSmBytes},
        {"shared_memory_per_block_bytes", d.sharedMemoryPerBlockBytes},
        {"shared_memory_per_block_optin_bytes", d.sharedMemoryPerBlockOptinBytes},
        {"reserved_shared_memory_per_block_bytes", d.reservedSharedMemoryPerBlockBytes},
    };
    for (const auto& size : sizes) {
        if (size.bytes % unit != 0) {
            return problem(size.key, concat(number(size.bytes),
                                            " bytes is not a whole number of allocation units (",
                                            number(unit), " bytes)"));
        }
    }
    if (d.sharedMemoryPerBlockBytes > d.sharedMemoryPerBlockOptinBytes) {
        return problem("shared_memory_per_block_optin_bytes",
                       concat("the opt-in limit (", number(d.sharedMemoryPerBlockOptinBytes),
                              ") is below the default per-block limit (",
                              number(d.sharedMemoryPerBlockBytes), ")"));
    }
    const std::int64_t largestBlock =
        d.sharedMemoryPerBlockOptinBytes + d.reservedSharedMemoryPerBlockBytes;
    if (largestBlock > d.sharedMemoryPerSmBytes) {
        return problem("shared_memory_per_block_optin_bytes",
                       concat("a block at the opt-in limit takes ", number(largestBlock),
                              " bytes with the reservation, more than the SM has (",
                              number(d.sharedMemoryPerSmBytes), ")"));
    }
    // The driver's per-block reservation exists from compute capability 8.0 (cuda_occupancy.h
    // counts it in the per-block limit only there).
    if (d.computeMajor < 8 && d.reservedSharedMemoryPerBlockBytes != 0) {
        return problem("reserved_shared_memory_per_block_bytes",
                       "the driver reserves shared memory per block only from compute "
                       "capability 8.0: use 0");
    }
    return std::nullopt;
}

std::optional<DeviceProblem> checkFp32Peak(const DeviceModel& d) {
    const double expectedTflops =
        static_cast<double>(d.smCount) * d.fp32CoresPerSm * kFlopsPerFma * d.boostClockMHz / 1e6;
    if (std::abs(d.fp32Tflops - expectedTflops) > kFp32PeakTolerance * expectedTflops) {
        return problem(
            "fp32_tflops",
            concat("SMs x FP32 cores x 2 FLOPs x boost clock = ", decimal(expectedTflops),
                   " TFLOPS, more than 2 % away from ", decimal(d.fp32Tflops)));
    }
    return std::nullopt;
}

}  // namespace

std::optional<DeviceProblem> findDeviceInconsistency(const DeviceModel& device) {
    if (auto found = checkThreads(device)) return found;
    if (auto found = checkRegisters(device)) return found;
    if (auto found = checkSharedMemory(device)) return found;
    return checkFp32Peak(device);
}

}  // namespace mlsyslab::gpu
