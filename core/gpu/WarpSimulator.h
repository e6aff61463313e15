#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "common/Result.h"
#include "gpu/DeviceModel.h"
#include "gpu/Dim3.h"
#include "gpu/KernelProgram.h"
#include "gpu/Occupancy.h"

namespace mlsyslab::gpu {

// Why a resident warp did not issue in a cycle (Nsight Compute's stall reasons, simplified).
enum class WarpStatus {
    Issued,             // issued an instruction this cycle
    Ready,              // could have issued; its scheduler picked another warp
    WaitingOnRegister,  // scoreboard: a source register is still being produced (long scoreboard
                        // for a load, short for an ALU result)
    WaitingAtBarrier,   // __syncthreads(): waits for the rest of its block
    PipelineBusy,       // the unit it needs is taken this cycle
    Finished,           // exited; its slot frees when the whole block is done
};
inline constexpr int kWarpStatusCount = 6;
const char* statusName(WarpStatus status);  // "issued", "ready", "waiting_on_register", ...

// One entry of a warp's SIMT reconvergence stack (top = what runs now).
struct SimtStackEntry {
    int pc = 0;
    int reconvergencePc = -1;   // -1 for the bottom entry
    std::uint32_t activeMask = 0;
};

// A resident warp in one cycle: everything a view shows about it.
struct WarpSnapshot {
    int slot = 0;                // warp slot on the SM
    int scheduler = 0;           // slot % warp schedulers per SM
    std::int64_t block = 0;      // linear block id
    int warpInBlock = 0;
    int pc = 0;                  // next instruction
    std::uint32_t activeMask = 0;    // lanes that run the next instruction
    std::uint32_t existingMask = 0;  // lanes that are real threads (a partial last warp has fewer)
    WarpStatus status = WarpStatus::Ready;
    int issuedPc = -1;           // the instruction it issued this cycle, if it did
    std::uint32_t issuedMask = 0;  // the lanes that ran it (0 when it issued nothing)
    std::vector<SimtStackEntry> simtStack;
};

// One SM in one cycle.
struct SmCycleSnapshot {
    std::int64_t cycle = 0;
    std::vector<WarpSnapshot> warps;       // resident warps, by slot
    std::vector<int> issuedSlotByScheduler;  // -1 where a scheduler issued nothing
};

struct SimulationConfig {
    DeviceModel device;
    KernelProgram kernel;
    Dim3 grid;
    Dim3 block;
    std::string schedulerPolicy = "lrr";    // "lrr" or "gto"
    // Record per-cycle snapshots of this SM (-1: none), up to `maxRecordedCycles` cycles.
    int recordedSm = 0;
    std::int64_t maxRecordedCycles = 20000;
    std::int64_t maxCycles = 50'000'000;    // a safety stop; hitting it is reported
};

struct SimulationStats {
    std::int64_t cycles = 0;                    // until the last warp exits
    std::int64_t warpInstructions = 0;          // issued, all SMs
    std::int64_t threadInstructions = 0;        // active lanes summed over issued instructions
    double ipcPerSm = 0;                        // warp instructions per cycle per active SM
    double ipc = 0;                             // warp instructions per cycle, whole GPU
    double achievedOccupancyPct = 0;            // mean resident warps / max, over active SM-cycles
    double theoreticalOccupancyPct = 0;
    double simtEfficiencyPct = 0;               // threadInstructions / (32 * warpInstructions)
    std::array<std::int64_t, kWarpStatusCount> warpCyclesByStatus{};  // resident warp-cycles
    std::int64_t blocks = 0;
    int waves = 0;
    int activeSms = 0;
    std::int64_t globalRequests = 0;            // warp-wide global loads and stores
    std::int64_t globalSectors = 0;             // 32-byte sectors they touched
    bool stoppedAtCycleLimit = false;
};

struct SimulationResult {
    OccupancyResult occupancy;
    std::string impossibleReason;               // set when the launch cannot run at all
    SimulationStats stats;
    std::vector<SmCycleSnapshot> recordedCycles;  // cycles 0, 1, ...: min(cycles, maxRecordedCycles)
    std::vector<float> globalMemory;            // the kernel's arrays after the run (for checks)
};

// Runs the whole launch cycle by cycle: blocks dispatched to SMs as resources free, per SM the
// device's warp schedulers each issuing at most one instruction per cycle, a scoreboard holding
// back warps whose operands are in flight, and per-warp SIMT stacks for divergence.
// Deterministic: the same config gives the same result. Errors are bad configs (unknown policy).
Result<SimulationResult> simulateLaunch(const SimulationConfig& config);

}  // namespace mlsyslab::gpu
