#pragma once

#include <cstdint>

#include "gpu/DeviceModel.h"

namespace mlsyslab::gpu {

// The memory side of the timing model, kept deliberately small (docs/gpu-simulator.md):
// - a warp's global load or store is one request that moves as many 32-byte sectors as its
//   active lanes touch (Coalescing.h counts the same way, after the CUDA C++ Best Practices
//   Guide); there are no caches, so every sector comes from or goes to DRAM;
// - each SM's load/store unit accepts one request per cycle and moves kSectorsPerLoadStoreCycle
//   sectors per cycle, so a request of 32 scattered sectors holds it 8 cycles;
// - one DRAM, shared by all SMs, moves the device's bandwidth in bytes per SM clock cycle;
//   requests are served in the order they arrive, and a request that finds it busy waits.
//   A load's data is back `global latency + that wait` cycles after it issued, so a kernel
//   that asks for more bytes than the DRAM moves becomes bandwidth-bound.

// 128 bytes per clock per SM from the L1/load-store path (NVIDIA Volta, Ampere and Hopper
// whitepapers) = 4 sectors.
inline constexpr int kSectorsPerLoadStoreCycle = 4;

// The distinct 32-byte sectors that the active lanes' 4-byte accesses at addresses[lane] touch
// (addresses checked: not negative, 4-byte aligned).
int countSectors(const std::int64_t* addresses, std::uint32_t activeLanes);

// Cycles a request of `sectors` sectors holds an SM's load/store unit (at least 1).
int loadStoreCycles(int sectors);

class DramChannel {
public:
    // Bytes per cycle = bandwidth / SM clock; a device without both numbers never queues.
    explicit DramChannel(const DeviceModel& device);

    double bytesPerCycle() const { return bytesPerCycle_; }
    // A request of `sectors` sectors arriving at `cycle`: the whole cycles it waits for the
    // requests before it to be moved (0 when the DRAM is idle or nearly so).
    std::int64_t request(std::int64_t cycle, int sectors);
    // The first whole cycle after the last request has been moved.
    std::int64_t drainedCycle() const;

private:
    double bytesPerCycle_ = 0;
    double busyUntil_ = 0;  // in cycles, fractional: a request may take less than one
};

}  // namespace mlsyslab::gpu
