#include "gpu/DeviceHierarchy.h"

#include <algorithm>

namespace mlsyslab::gpu {

namespace {

// A device file with a zero count would otherwise divide by zero.
int atLeastOne(int count) { return std::max(1, count); }

}  // namespace

std::vector<int> smsPerGpc(const DeviceModel& device) {
    const int gpcs = atLeastOne(device.gpcCount);
    const int smCount = std::max(0, device.smCount);
    std::vector<int> counts(static_cast<std::size_t>(gpcs), smCount / gpcs);
    for (int gpc = 0; gpc < smCount % gpcs; ++gpc) ++counts[static_cast<std::size_t>(gpc)];
    return counts;
}

int firstSmOfGpc(const DeviceModel& device, int gpc) {
    const std::vector<int> counts = smsPerGpc(device);
    int first = 0;
    for (int index = 0; index < gpc && index < static_cast<int>(counts.size()); ++index) {
        first += counts[static_cast<std::size_t>(index)];
    }
    return first;
}

int gpcOfSm(const DeviceModel& device, int sm) {
    const std::vector<int> counts = smsPerGpc(device);
    int first = 0;
    for (int gpc = 0; gpc < static_cast<int>(counts.size()); ++gpc) {
        first += counts[static_cast<std::size_t>(gpc)];
        if (sm < first) return gpc;
    }
    return static_cast<int>(counts.size()) - 1;
}

int fp32CoresPerScheduler(const DeviceModel& device) {
    return device.fp32CoresPerSm / atLeastOne(device.warpSchedulersPerSm);
}

int tensorCoresPerScheduler(const DeviceModel& device) {
    return device.tensorCoresPerSm / atLeastOne(device.warpSchedulersPerSm);
}

int registersPerScheduler(const DeviceModel& device) {
    return device.registersPerSm / atLeastOne(device.warpSchedulersPerSm);
}

int warpSlotsPerScheduler(const DeviceModel& device) {
    return device.maxWarpsPerSm / atLeastOne(device.warpSchedulersPerSm);
}

int schedulerOfWarp(const DeviceModel& device, int warpSlot) {
    return warpSlot % atLeastOne(device.warpSchedulersPerSm);
}

int cyclesPerWarpInstruction(const DeviceModel& device) {
    const int cores = atLeastOne(fp32CoresPerScheduler(device));
    return (atLeastOne(device.warpSize) + cores - 1) / cores;
}

int coreOfLane(const DeviceModel& device, int lane) {
    return lane % atLeastOne(fp32CoresPerScheduler(device));
}

}  // namespace mlsyslab::gpu
