#include "gpu/MemorySystem.h"

#include <algorithm>
#include <bit>
#include <cmath>

#include "gpu/Coalescing.h"
#include "gpu/DecodedProgram.h"

namespace mlsyslab::gpu {

int countSectors(const std::int64_t* addresses, std::uint32_t activeLanes) {
    std::uint64_t sectors[kWarpLanes];
    if (activeLanes == kAllLanes) {
        for (int lane = 0; lane < kWarpLanes; ++lane) {
            sectors[lane] = static_cast<std::uint64_t>(addresses[lane]) / kSectorBytes;
        }
        // Coalesced warps read ascending addresses: counting the changes is enough.
        int changes = 0;
        bool descends = false;
        for (int lane = 1; lane < kWarpLanes; ++lane) {
            changes += sectors[lane] != sectors[lane - 1];
            descends |= sectors[lane] < sectors[lane - 1];
        }
        if (!descends) return changes + 1;
    }
    // Anything else is sorted first (at most 32 numbers, on the stack).
    int count = 0;
    for (std::uint32_t lanes = activeLanes; lanes != 0; lanes &= lanes - 1) {
        sectors[count++] =
            static_cast<std::uint64_t>(addresses[std::countr_zero(lanes)]) / kSectorBytes;
    }
    std::sort(sectors, sectors + count);
    return static_cast<int>(std::unique(sectors, sectors + count) - sectors);
}

int loadStoreCycles(int sectors) {
    return std::max(1, (sectors + kSectorsPerLoadStoreCycle - 1) / kSectorsPerLoadStoreCycle);
}

DramChannel::DramChannel(const DeviceModel& device) {
    if (device.memoryBandwidthGBps > 0 && device.boostClockMHz > 0) {
        bytesPerCycle_ = device.memoryBandwidthGBps * 1e9 / (device.boostClockMHz * 1e6);
    }
}

std::int64_t DramChannel::request(std::int64_t cycle, int sectors) {
    if (bytesPerCycle_ <= 0) return 0;
    const double arrival = static_cast<double>(cycle);
    const double start = std::max(arrival, busyUntil_);
    busyUntil_ = start + static_cast<double>(sectors * kSectorBytes) / bytesPerCycle_;
    // Whole cycles only: a sliver of a cycle behind another SM's request is no delay.
    return static_cast<std::int64_t>(std::floor(start - arrival));
}

std::int64_t DramChannel::drainedCycle() const {
    return static_cast<std::int64_t>(std::ceil(busyUntil_));
}

}  // namespace mlsyslab::gpu
