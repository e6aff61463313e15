#pragma once

#include <iosfwd>

#include "gpu/DeviceModel.h"
#include "gpu/Occupancy.h"

namespace mlsyslab::cli {

struct OccupancyReport {
    const gpu::DeviceModel& device;
    const gpu::KernelResources& kernel;
    const gpu::OccupancyResult& result;
};

// One JSON object, DESIGN.md §4's fields first: active_blocks_per_sm, active_warps_per_sm,
// occupancy_pct (shortest round-trip decimal), limiters; then possible, reason (null when the
// launch can run), the inputs, what a block is granted and each resource's block limit.
void printOccupancyJson(const OccupancyReport& report, std::ostream& out);

// Readable lines: the device and the kernel, what a block is granted, a table of the blocks per
// SM each resource allows and why (the limiters marked), and the result.
void printOccupancyText(const OccupancyReport& report, std::ostream& out);

}  // namespace mlsyslab::cli
