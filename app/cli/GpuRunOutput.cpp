#include "cli/GpuRunOutput.h"

#include <algorithm>
#include <cstdio>
#include <ostream>
#include <string>
#include <vector>

#include "cli/JsonLine.h"
#include "common/Concat.h"
#include "gpu/Occupancy.h"

namespace mlsyslab::cli {

namespace {

std::string fixed(double value, int decimals) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    return text;
}

std::string number(std::int64_t value) { return std::to_string(value); }

Json dimJson(const gpu::Dim3& extent) { return Json::array({extent.x, extent.y, extent.z}); }

// Microseconds the cycles take at the device's boost clock (0 when the clock is unknown).
double microseconds(const GpuRunReport& report) {
    const double clockMHz = report.device.boostClockMHz;
    return clockMHz > 0 ? static_cast<double>(report.result.stats.cycles) / clockMHz : 0.0;
}

std::string limiterList(const gpu::OccupancyResult& occupancy, const char* separator) {
    std::string text;
    for (const gpu::OccupancyLimiter limiter : occupancy.limiters) {
        if (!text.empty()) text += separator;
        text += gpu::limiterName(limiter);
    }
    return text;
}

std::string launchLine(const GpuRunReport& report) {
    return concat(report.kernel.id, " on ", report.device.name, " (", report.device.id, "), grid ",
                  gpu::toString(report.grid), " x block ", gpu::toString(report.block),
                  ", scheduler ", report.scheduler);
}

}  // namespace

void printGpuRunText(const GpuRunReport& report, std::ostream& out) {
    const gpu::SimulationResult& result = report.result;
    const gpu::SimulationStats& stats = result.stats;
    out << launchLine(report) << '\n';
    if (!result.impossibleReason.empty()) {
        out << "cannot run: " << result.impossibleReason << '\n';
        return;
    }
    const gpu::OccupancyResult& occupancy = result.occupancy;
    out << stats.blocks << (stats.blocks == 1 ? " block of " : " blocks of ")
        << report.block.count() << " threads (" << occupancy.warpsPerBlock
        << (occupancy.warpsPerBlock == 1 ? " warp" : " warps") << " each); up to "
        << occupancy.activeBlocksPerSm << " blocks per SM (limited by "
        << limiterList(occupancy, " and ") << "); " << stats.waves
        << (stats.waves == 1 ? " wave on " : " waves on ") << stats.activeSms << " of "
        << report.device.smCount << " SMs\n";
    out << "cycles: " << stats.cycles;
    if (report.device.boostClockMHz > 0) {
        out << " (" << fixed(microseconds(report), 2) << " us at "
            << fixed(report.device.boostClockMHz, 0) << " MHz)";
    }
    out << '\n';
    if (stats.stoppedAtCycleLimit) out << "stopped at the cycle limit: the figures are partial\n";
    out << "warp instructions: " << stats.warpInstructions << " (" << stats.threadInstructions
        << " thread instructions, SIMT efficiency " << fixed(stats.simtEfficiencyPct, 1) << "%)\n";
    out << "IPC: " << fixed(stats.ipc, 2) << " warp instructions per cycle ("
        << fixed(stats.ipcPerSm, 2) << " per active SM)\n";
    out << "occupancy: achieved " << fixed(stats.achievedOccupancyPct, 1) << "%, theoretical "
        << fixed(stats.theoreticalOccupancyPct, 1) << "%\n";
    out << "global memory: " << stats.globalRequests << " warp requests, " << stats.globalSectors
        << " sectors of 32 bytes";
    if (stats.globalRequests > 0) {
        out << " ("
            << fixed(static_cast<double>(stats.globalSectors) /
                         static_cast<double>(stats.globalRequests),
                     2)
            << " per request)";
    }
    out << '\n';

    std::int64_t residentWarpCycles = 0;
    for (const std::int64_t cycles : stats.warpCyclesByStatus) residentWarpCycles += cycles;
    out << "warp-cycles by status (resident warps, every cycle):\n";
    std::size_t width = 0;
    for (int status = 0; status < gpu::kWarpStatusCount; ++status) {
        width = std::max(width,
                         std::string(gpu::statusName(static_cast<gpu::WarpStatus>(status))).size());
    }
    std::size_t countWidth = 1;
    for (const std::int64_t cycles : stats.warpCyclesByStatus) {
        countWidth = std::max(countWidth, number(cycles).size());
    }
    for (int status = 0; status < gpu::kWarpStatusCount; ++status) {
        const std::string name = gpu::statusName(static_cast<gpu::WarpStatus>(status));
        const std::int64_t cycles = stats.warpCyclesByStatus[static_cast<std::size_t>(status)];
        const std::string count = number(cycles);
        const double share = residentWarpCycles > 0 ? 100.0 * static_cast<double>(cycles) /
                                                          static_cast<double>(residentWarpCycles)
                                                    : 0.0;
        const std::string percent = fixed(share, 1);
        out << "  " << name << std::string(width - name.size(), ' ') << "  "
            << std::string(countWidth - count.size(), ' ') << count << "  "
            << std::string(5 - std::min<std::size_t>(5, percent.size()), ' ') << percent << "%\n";
    }
}

void printGpuRunJson(const GpuRunReport& report, std::ostream& out) {
    const gpu::SimulationResult& result = report.result;
    const gpu::SimulationStats& stats = result.stats;
    const bool possible = result.impossibleReason.empty();
    Json object;
    if (possible) {
        // The contract's fields first (DESIGN §4, the brief of docs/cli.md), then the rest.
        object["cycles"] = stats.cycles;
        object["ipc"] = jsonNumber(stats.ipc);
        object["achieved_occupancy_pct"] = jsonNumber(stats.achievedOccupancyPct);
        object["theoretical_occupancy_pct"] = jsonNumber(stats.theoreticalOccupancyPct);
        object["warp_instructions"] = stats.warpInstructions;
        Json stalls = Json::object();
        for (int status = 0; status < gpu::kWarpStatusCount; ++status) {
            stalls[gpu::statusName(static_cast<gpu::WarpStatus>(status))] =
                stats.warpCyclesByStatus[static_cast<std::size_t>(status)];
        }
        object["stalls"] = std::move(stalls);
        object["blocks"] = stats.blocks;
        object["waves"] = stats.waves;
        object["sectors"] = stats.globalSectors;
        object["possible"] = true;
    } else {
        object["possible"] = false;
        object["reason"] = result.impossibleReason;
    }
    object["device"] = report.device.id;
    object["kernel"] = report.kernel.id;
    object["grid"] = dimJson(report.grid);
    object["block"] = dimJson(report.block);
    object["scheduler"] = report.scheduler;
    if (possible) {
        object["time_us"] = jsonNumber(microseconds(report));
        object["ipc_per_sm"] = jsonNumber(stats.ipcPerSm);
        object["thread_instructions"] = stats.threadInstructions;
        object["simt_efficiency_pct"] = jsonNumber(stats.simtEfficiencyPct);
        object["active_blocks_per_sm"] = result.occupancy.activeBlocksPerSm;
        Json limiters = Json::array();
        for (const gpu::OccupancyLimiter limiter : result.occupancy.limiters) {
            limiters.push_back(gpu::limiterName(limiter));
        }
        object["limiters"] = std::move(limiters);
        object["active_sms"] = stats.activeSms;
        object["global_requests"] = stats.globalRequests;
        object["stopped_at_cycle_limit"] = stats.stoppedAtCycleLimit;
    }
    out << jsonLine(object) << '\n';
}

}  // namespace mlsyslab::cli
