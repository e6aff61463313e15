#pragma once

#include <iosfwd>
#include <string>

#include "gpu/DeviceModel.h"
#include "gpu/Dim3.h"
#include "gpu/KernelProgram.h"
#include "gpu/WarpSimulator.h"

namespace mlsyslab::cli {

// What `gpu run` reports: the launch it ran and the simulator's result.
struct GpuRunReport {
    const gpu::DeviceModel& device;
    const gpu::KernelProgram& kernel;
    gpu::Dim3 grid;
    gpu::Dim3 block;
    std::string scheduler;
    const gpu::SimulationResult& result;
};

// For people: the launch, then cycles (and microseconds at the boost clock), instructions, IPC,
// occupancy, memory requests and sectors, and a table of warp-cycles by status; or the reason
// the launch cannot run.
void printGpuRunText(const GpuRunReport& report, std::ostream& out);

// One JSON object (docs/cli.md): the contract's fields first, cycles, ipc,
// achieved_occupancy_pct, theoretical_occupancy_pct, warp_instructions, stalls {issued, ready,
// waiting_on_register, waiting_at_barrier, pipeline_busy, finished}, blocks, waves, sectors;
// then possible, device, kernel, grid, block, scheduler, time_us, ipc_per_sm,
// thread_instructions, simt_efficiency_pct, active_blocks_per_sm, limiters, active_sms,
// global_requests, stopped_at_cycle_limit. A launch that cannot run: possible false, reason,
// device, kernel, grid, block, scheduler. Counts are JSON integers; rates the shortest decimal
// that reads back to the same double.
void printGpuRunJson(const GpuRunReport& report, std::ostream& out);

}  // namespace mlsyslab::cli
