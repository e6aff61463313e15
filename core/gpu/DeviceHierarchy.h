#pragma once

#include <cstdint>
#include <vector>

#include "gpu/DeviceModel.h"

namespace mlsyslab::gpu {

// How a device's SMs, cores, warp slots and registers divide among its GPCs and its SMs' warp
// schedulers: the numbers a drawing of the hierarchy GPU -> GPCs -> SMs -> schedulers -> warps
// -> threads needs. Every SM of a device is alike, and so is every scheduler's partition of it.

// The SMs of each GPC. A product enables fewer SMs than its chip has (the RTX 4090 128 of
// AD102's 144), and which ones varies from chip to chip; NVIDIA publishes only the totals, so
// the SMs are dealt out evenly: the first (smCount mod gpcCount) GPCs get one more.
std::vector<int> smsPerGpc(const DeviceModel& device);
// The GPC an SM sits in under that even split, and the first SM of a GPC.
int gpcOfSm(const DeviceModel& device, int sm);
int firstSmOfGpc(const DeviceModel& device, int gpc);

// One scheduler's partition of an SM (a "processing block" in NVIDIA's whitepapers).
int fp32CoresPerScheduler(const DeviceModel& device);
int tensorCoresPerScheduler(const DeviceModel& device);
int registersPerScheduler(const DeviceModel& device);  // 32-bit registers
int warpSlotsPerScheduler(const DeviceModel& device);
// A warp lives with one scheduler for its whole life; resident warp w goes to scheduler
// w mod schedulers, as microbenchmarks of Volta and later find (Jia et al., 2018).
int schedulerOfWarp(const DeviceModel& device, int warpSlot);
// Clock cycles one FP32 warp instruction occupies its scheduler's cores: 32 lanes over 32
// cores is 1; on 16 cores (Turing) the warp goes through in 2 halves.
int cyclesPerWarpInstruction(const DeviceModel& device);
// The core a lane's instruction runs on in its scheduler's partition.
int coreOfLane(const DeviceModel& device, int lane);

constexpr std::int64_t kRegisterBytes = 4;  // every CUDA register holds 32 bits

}  // namespace mlsyslab::gpu
