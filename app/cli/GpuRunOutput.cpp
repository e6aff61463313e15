#include "cli/GpuRunOutput.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <ostream>
#include <string>
#include <vector>

#include "cli/JsonText.h"
#include "common/Concat.h"
#include "gpu/Occupancy.h"

namespace mlsyslab::cli {

namespace {

// The shortest decimal that parses back to exactly this double: 70.52734375, not 70.527343750.
std::string shortestDecimal(double value) {
    char text[32];
    const auto result = std::to_chars(text, text + sizeof text, value);
    return std::string(text, result.ptr);
}

std::string fixed(double value, int decimals) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    return text;
}

std::string number(std::int64_t value) { return std::to_string(value); }

std::string dimJson(const gpu::Dim3& extent) {
    return concat("[", number(extent.x), ", ", number(extent.y), ", ", number(extent.z), "]");
}

// Microseconds the cycles take at the device's boost clock (0 when the clock is unknown).
double microseconds(const GpuRunReport& report) {
    const double clockMHz = report.device.boostClockMHz;
    return clockMHz > 0 ? static_cast<double>(report.result.stats.cycles) / clockMHz : 0.0;
}

std::string limiterList(const gpu::OccupancyResult& occupancy, const char* separator, bool quoted) {
    std::string text;
    for (const gpu::OccupancyLimiter limiter : occupancy.limiters) {
        if (!text.empty()) text += separator;
        text += quoted ? concat("\"", gpu::limiterName(limiter), "\"")
                       : std::string(gpu::limiterName(limiter));
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
        << limiterList(occupancy, " and ", false) << "); " << stats.waves
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
    std::string json = "{";
    if (possible) {
        // The contract's fields first (DESIGN §4, the brief of docs/cli.md), then the rest.
        json += concat(
            "\"cycles\": ", number(stats.cycles), ", \"ipc\": ", shortestDecimal(stats.ipc),
            ", \"achieved_occupancy_pct\": ", shortestDecimal(stats.achievedOccupancyPct),
            ", \"theoretical_occupancy_pct\": ", shortestDecimal(stats.theoreticalOccupancyPct),
            ", \"warp_instructions\": ", number(stats.warpInstructions), ", \"stalls\": {");
        for (int status = 0; status < gpu::kWarpStatusCount; ++status) {
            if (status > 0) json += ", ";
            json +=
                concat("\"", gpu::statusName(static_cast<gpu::WarpStatus>(status)),
                       "\": ", number(stats.warpCyclesByStatus[static_cast<std::size_t>(status)]));
        }
        json +=
            concat("}, \"blocks\": ", number(stats.blocks), ", \"waves\": ", number(stats.waves),
                   ", \"sectors\": ", number(stats.globalSectors), ", \"possible\": true");
    } else {
        json += "\"possible\": false, \"reason\": ";
        appendJsonString(json, result.impossibleReason);
    }
    json += ", \"device\": ";
    appendJsonString(json, report.device.id);
    json += ", \"kernel\": ";
    appendJsonString(json, report.kernel.id);
    json += concat(", \"grid\": ", dimJson(report.grid), ", \"block\": ", dimJson(report.block),
                   ", \"scheduler\": ");
    appendJsonString(json, report.scheduler);
    if (possible) {
        json +=
            concat(", \"time_us\": ", shortestDecimal(microseconds(report)),
                   ", \"ipc_per_sm\": ", shortestDecimal(stats.ipcPerSm),
                   ", \"thread_instructions\": ", number(stats.threadInstructions),
                   ", \"simt_efficiency_pct\": ", shortestDecimal(stats.simtEfficiencyPct),
                   ", \"active_blocks_per_sm\": ", number(result.occupancy.activeBlocksPerSm),
                   ", \"limiters\": [", limiterList(result.occupancy, ", ", true), "]",
                   ", \"active_sms\": ", number(stats.activeSms),
                   ", \"global_requests\": ", number(stats.globalRequests),
                   ", \"stopped_at_cycle_limit\": ", stats.stoppedAtCycleLimit ? "true" : "false");
    }
    json += "}\n";
    out << json;
}

}  // namespace mlsyslab::cli
