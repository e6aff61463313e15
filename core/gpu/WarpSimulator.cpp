#include "gpu/WarpSimulator.h"

#include <algorithm>
#include <limits>
#include <memory>

#include "common/Concat.h"
#include "gpu/DecodedProgram.h"
#include "gpu/GlobalMemory.h"
#include "gpu/LaunchGeometry.h"
#include "gpu/SchedulerPolicy.h"
#include "gpu/SmState.h"

namespace mlsyslab::gpu {

namespace {

// Launch limits of every compute capability the course uses (CUDA C++ Programming Guide,
// "Technical Specifications per Compute Capability").
constexpr int kMaxBlockX = 1024;
constexpr int kMaxBlockY = 1024;
constexpr int kMaxBlockZ = 64;
constexpr int kMaxGridYZ = 65535;

std::string launchLimitProblem(const Dim3& grid, const Dim3& block) {
    if (block.x > kMaxBlockX || block.y > kMaxBlockY || block.z > kMaxBlockZ) {
        return concat("block ", toString(block), ": a block is at most 1024 x 1024 x 64 threads");
    }
    if (grid.y > kMaxGridYZ || grid.z > kMaxGridYZ) {
        return concat("grid ", toString(grid), ": gridDim.y and gridDim.z are at most 65535");
    }
    return {};
}

// Everything the run added up, turned into the figures SimulationStats reports.
void finishStats(SimulationStats& stats, const std::vector<SmState>& sms, int maxWarpsPerSm) {
    std::int64_t activeSmCycles = 0;
    int highestWave = 0;
    for (const SmState& sm : sms) {
        if (!sm.everUsed()) continue;
        ++stats.activeSms;
        activeSmCycles += sm.activeCycles();
        highestWave = std::max(highestWave, sm.highestWave());
    }
    stats.waves = stats.activeSms > 0 ? highestWave + 1 : 0;
    if (stats.cycles > 0) {
        stats.ipc = static_cast<double>(stats.warpInstructions) / static_cast<double>(stats.cycles);
        stats.ipcPerSm = stats.activeSms > 0 ? stats.ipc / stats.activeSms : 0;
    }
    std::int64_t residentWarpCycles = 0;
    for (const std::int64_t cycles : stats.warpCyclesByStatus) residentWarpCycles += cycles;
    if (activeSmCycles > 0 && maxWarpsPerSm > 0) {
        stats.achievedOccupancyPct = 100.0 * static_cast<double>(residentWarpCycles) /
                                     (static_cast<double>(activeSmCycles) * maxWarpsPerSm);
    }
    if (stats.warpInstructions > 0) {
        stats.simtEfficiencyPct = 100.0 * static_cast<double>(stats.threadInstructions) /
                                  (static_cast<double>(kWarpLanes) * stats.warpInstructions);
    }
}

}  // namespace

const char* statusName(WarpStatus status) {
    switch (status) {
        case WarpStatus::Issued:
            return "issued";
        case WarpStatus::Ready:
            return "ready";
        case WarpStatus::WaitingOnRegister:
            return "waiting_on_register";
        case WarpStatus::WaitingAtBarrier:
            return "waiting_at_barrier";
        case WarpStatus::PipelineBusy:
            return "pipeline_busy";
        case WarpStatus::Finished:
            return "finished";
    }
    return "";
}

Result<SimulationResult> simulateLaunch(const SimulationConfig& config) {
    using Failure = Result<SimulationResult>;
    const DeviceModel& device = config.device;
    const std::unique_ptr<SchedulerPolicy> policy = makeSchedulerPolicy(config.schedulerPolicy);
    if (!policy) {
        return Failure::failure(
            concat("unknown scheduler policy '", config.schedulerPolicy,
                   "': use lrr (loose round robin) or gto (greedy then oldest)"));
    }
    if (device.warpSize != kWarpLanes) {
        return Failure::failure(concat("device '", device.id, "' has warps of ",
                                       std::to_string(device.warpSize),
                                       " threads; the simulator runs 32-thread warps"));
    }
    if (device.smCount < 1 || device.warpSchedulersPerSm < 1) {
        return Failure::failure(
            concat("device '", device.id, "' needs at least one SM and one warp scheduler"));
    }
    const auto decoded = decodeProgram(config.kernel, device);
    if (!decoded) return Failure::failure(decoded.error());

    SimulationResult result;
    SimulationStats& stats = result.stats;
    stats.blocks = config.grid.count();
    const LaunchGeometry geometry(config.grid, config.block, kWarpLanes);
    const KernelResources resources{static_cast<int>(std::min<std::int64_t>(
                                        config.block.count(), std::numeric_limits<int>::max())),
                                    config.kernel.registersPerThread, 0,
                                    config.kernel.staticSharedBytesPerBlock};
    result.occupancy = computeOccupancy(device, resources);
    result.impossibleReason = result.occupancy.impossibleReason;
    if (result.impossibleReason.empty()) {
        result.impossibleReason = launchLimitProblem(config.grid, config.block);
    }
    if (!result.impossibleReason.empty()) return result;
    stats.theoreticalOccupancyPct = result.occupancy.occupancyPct;
    if (config.kernel.globalMemoryBytes > kMaxGlobalMemoryBytes) {
        return Failure::failure(concat("the kernel's arrays need ",
                                       std::to_string(config.kernel.globalMemoryBytes),
                                       " bytes; the simulator holds at most 1 GiB"));
    }

    std::vector<float> memory = initialGlobalMemory(config.kernel);
    LaunchState launch(*decoded, device, geometry, *policy, memory,
                       config.kernel.staticSharedBytesPerBlock);
    const int blocksPerSm = result.occupancy.activeBlocksPerSm;
    std::vector<SmState> sms;
    sms.reserve(static_cast<std::size_t>(device.smCount));
    for (int sm = 0; sm < device.smCount; ++sm) sms.emplace_back(launch, blocksPerSm);
    // The first wave: blocks round robin over the SMs while they fit (LaunchGeometry's order).
    const std::int64_t firstWave =
        std::min<std::int64_t>(stats.blocks, std::int64_t{device.smCount} * blocksPerSm);
    for (std::int64_t block = 0; block < firstWave; ++block) {
        sms[static_cast<std::size_t>(block % device.smCount)].dispatchNextBlock(
            static_cast<int>(block / device.smCount), 0, 0);
    }

    const bool recordingWanted = config.recordedSm >= 0 && config.recordedSm < device.smCount &&
                                 config.maxRecordedCycles > 0;
    std::int64_t cycle = 0;
    while (launch.blocksRetired < stats.blocks) {
        if (cycle >= config.maxCycles) {
            stats.stoppedAtCycleLimit = true;
            break;
        }
        const bool recording = recordingWanted && cycle < config.maxRecordedCycles;
        for (int sm = 0; sm < device.smCount; ++sm) {
            SmState& state = sms[static_cast<std::size_t>(sm)];
            const bool recorded = recording && sm == config.recordedSm;
            if (!recorded && state.nextEventCycle() > cycle) continue;
            state.step(cycle, recorded, recorded ? &result.recordedCycles : nullptr);
            if (!launch.error.empty()) return Failure::failure(launch.error);
        }
        // Jump to the next cycle at which some warp can issue: nothing changes in between.
        std::int64_t next = cycle + 1;
        if (!(recordingWanted && cycle + 1 < config.maxRecordedCycles)) {
            next = kNeverCycle;
            for (const SmState& state : sms) next = std::min(next, state.nextEventCycle());
            if (next == kNeverCycle && launch.blocksRetired < stats.blocks) {
                return Failure::failure("no warp can make progress (a barrier never completes)");
            }
            next = std::max(next, cycle + 1);
        }
        cycle = next;
    }
    // The launch is over when its last warp has exited and its last store has reached DRAM
    // (stores do not hold their warps, but the kernel's end waits for them).
    stats.cycles = stats.stoppedAtCycleLimit
                       ? config.maxCycles
                       : std::max(launch.lastRetireCycle + 1, launch.dram.drainedCycle());
    if (recordingWanted) {
        // The recorded SM is idle in the cycles after its last warp: empty snapshots.
        const std::int64_t recordedEnd = std::min(stats.cycles, config.maxRecordedCycles);
        SmCycleSnapshot idle;
        idle.issuedSlotByScheduler.assign(static_cast<std::size_t>(device.warpSchedulersPerSm), -1);
        for (std::int64_t next = static_cast<std::int64_t>(result.recordedCycles.size());
             next < recordedEnd; ++next) {
            idle.cycle = next;
            result.recordedCycles.push_back(idle);
        }
    }
    const SimulationStats& counted = launch.stats;
    stats.warpInstructions = counted.warpInstructions;
    stats.threadInstructions = counted.threadInstructions;
    stats.warpCyclesByStatus = counted.warpCyclesByStatus;
    stats.globalRequests = counted.globalRequests;
    stats.globalSectors = counted.globalSectors;
    finishStats(stats, sms, device.maxWarpsPerSm);
    result.globalMemory = std::move(memory);
    return result;
}

}  // namespace mlsyslab::gpu
