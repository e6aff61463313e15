#pragma once

#include <cstdint>
#include <string>

#include "gpu/WarpLanes.h"

namespace mlsyslab::gpu {

// One GPU as the course describes it: the numbers NVIDIA publishes for its compute capability
// and its product. Loaded from resources/devices/*.yaml (DeviceYaml.h), where each number names
// its source; nothing here is hard-coded elsewhere.
struct DeviceModel {
    std::string id;           // "h100": what `--device` and lesson files name it by
    std::string name;         // "NVIDIA H100 SXM5 80GB"
    std::string architecture; // "Hopper"
    int computeMajor = 0;
    int computeMinor = 0;

    // The processing hierarchy: GPU -> GPCs -> SMs -> warp schedulers -> cores.
    int gpcCount = 0;
    int smCount = 0;
    int fp32CoresPerSm = 0;
    int tensorCoresPerSm = 0;
    int warpSize = kWarpLanes;
    int warpSchedulersPerSm = 0;

    // Occupancy limits (CUDA C++ Programming Guide, "Technical Specifications per Compute
    // Capability", and the occupancy calculator's tables).
    int maxThreadsPerSm = 0;
    int maxWarpsPerSm = 0;
    int maxBlocksPerSm = 0;
    int maxThreadsPerBlock = 0;
    int registersPerSm = 0;
    int registersPerBlock = 0;
    int maxRegistersPerThread = 0;
    int registerAllocationUnit = 0;  // registers are granted per warp in multiples of this
    std::int64_t sharedMemoryPerSmBytes = 0;
    std::int64_t sharedMemoryPerBlockBytes = 0;       // without opting in (48 KiB)
    std::int64_t sharedMemoryPerBlockOptinBytes = 0;  // with cudaFuncSetAttribute
    std::int64_t sharedMemoryAllocationUnitBytes = 0;
    std::int64_t reservedSharedMemoryPerBlockBytes = 0;  // kept by the driver (1 KiB from Ampere)

    // Memory system and throughput.
    std::int64_t l2CacheBytes = 0;
    std::int64_t memoryBytes = 0;
    std::string memoryType;  // "HBM3", "GDDR6X"
    double memoryBandwidthGBps = 0;
    double boostClockMHz = 0;
    double fp32Tflops = 0;
    double tensorFp16Tflops = 0;  // dense FP16 tensor-core peak, FP32 accumulate where it differs

    // Latencies the warp simulator charges, in SM cycles (microbenchmark papers; see the files).
    int aluLatencyCycles = 0;
    int fmaLatencyCycles = 0;
    int sharedMemoryLatencyCycles = 0;
    int globalMemoryLatencyCycles = 0;

    int cudaCores() const { return smCount * fp32CoresPerSm; }
};

}  // namespace mlsyslab::gpu
