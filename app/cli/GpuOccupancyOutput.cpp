#include "cli/GpuOccupancyOutput.h"

#include <algorithm>
#include <cstdio>
#include <ostream>
#include <string>
#include <vector>

#include "cli/JsonLine.h"
#include "common/Concat.h"

namespace mlsyslab::cli {

namespace {

using gpu::OccupancyLimiter;

std::string oneDecimal(double value) {
    char text[48];
    std::snprintf(text, sizeof text, "%.1f", value);
    std::string shown = text;
    if (shown.ends_with(".0")) shown.resize(shown.size() - 2);
    return shown;
}

std::string number(std::int64_t value) { return std::to_string(value); }

std::string plural(std::int64_t count, const char* one, const char* many) {
    return concat(number(count), " ", count == 1 ? one : many);
}

bool isLimiter(const gpu::OccupancyResult& result, OccupancyLimiter limiter) {
    return std::find(result.limiters.begin(), result.limiters.end(), limiter) !=
           result.limiters.end();
}

// Why each resource allows the blocks it does, in the calculator's terms.
std::string warpsWhy(const OccupancyReport& report) {
    const auto& [device, kernel, result] = report;
    if (result.blocksLimitedByWarps == 0 && kernel.threadsPerBlock > 0) {
        return concat("a block may have at most ", number(device.maxThreadsPerBlock), " threads");
    }
    if (kernel.threadsPerBlock < 1) return "a block needs at least 1 thread";
    return concat(number(device.maxWarpsPerSm), " warp slots / ",
                  plural(result.warpsPerBlock, "warp", "warps"), " per block");
}

std::string registersWhy(const OccupancyReport& report) {
    const auto& [device, kernel, result] = report;
    if (kernel.registersPerThread < 0 || kernel.threadsPerBlock < 1) return "-";
    if (result.blocksLimitedByRegisters == 0) return "a block does not fit (see below)";
    if (result.registersPerWarpAllocated == 0) return "no registers used: no limit";
    const int subPartitions = device.warpSchedulersPerSm;
    const int warpsPerSubPartition =
        device.registersPerSm / subPartitions / result.registersPerWarpAllocated;
    return concat(number(subPartitions), " sub-partitions x ", number(warpsPerSubPartition),
                  " warps of ", number(result.registersPerWarpAllocated), " registers / ",
                  number(result.warpsPerBlock), " per block");
}

std::string sharedWhy(const OccupancyReport& report) {
    const auto& [device, kernel, result] = report;
    if (kernel.dynamicSharedBytesPerBlock < 0 || kernel.threadsPerBlock < 1 ||
        kernel.registersPerThread < 0)
        return "-";
    if (result.blocksLimitedBySharedMemory == 0) {
        return concat("over the opt-in limit of ", number(device.sharedMemoryPerBlockOptinBytes),
                      " bytes per block");
    }
    if (result.sharedBytesPerBlockAllocated == 0) return "no shared memory used: no limit";
    return concat(number(device.sharedMemoryPerSmBytes), " bytes / ",
                  number(result.sharedBytesPerBlockAllocated), " per block");
}

// Columns of text, the first left-aligned, the second right-aligned, two spaces apart.
void printTable(const std::vector<std::vector<std::string>>& rows, std::ostream& out) {
    std::vector<std::size_t> widths;
    for (const auto& row : rows) {
        widths.resize(std::max(widths.size(), row.size()), 0);
        for (std::size_t column = 0; column < row.size(); ++column)
            widths[column] = std::max(widths[column], row[column].size());
    }
    for (const auto& row : rows) {
        std::string line = "  ";
        for (std::size_t column = 0; column < row.size(); ++column) {
            const std::string padding(widths[column] - row[column].size(), ' ');
            if (column > 0) line += "  ";
            const bool last = column + 1 == row.size();
            line +=
                column == 1 ? padding + row[column] : (last ? row[column] : row[column] + padding);
        }
        while (line.ends_with(' ')) line.pop_back();
        out << line << '\n';
    }
}

}  // namespace

void printOccupancyJson(const OccupancyReport& report, std::ostream& out) {
    const auto& [device, kernel, result] = report;
    Json object;
    object["active_blocks_per_sm"] = result.activeBlocksPerSm;
    object["active_warps_per_sm"] = result.activeWarpsPerSm;
    object["occupancy_pct"] = jsonNumber(result.occupancyPct);
    Json limiters = Json::array();
    for (const OccupancyLimiter limiter : result.limiters)
        limiters.push_back(gpu::limiterName(limiter));
    object["limiters"] = std::move(limiters);
    object["possible"] = result.possible();
    object["reason"] = result.possible() ? Json(nullptr) : Json(result.impossibleReason);
    object["device"] = device.id;
    object["block_size"] = kernel.threadsPerBlock;
    object["registers_per_thread"] = kernel.registersPerThread;
    object["dynamic_shared_bytes"] = kernel.dynamicSharedBytesPerBlock;
    object["warps_per_block"] = result.warpsPerBlock;
    object["max_warps_per_sm"] = device.maxWarpsPerSm;
    object["registers_per_warp_allocated"] = result.registersPerWarpAllocated;
    object["shared_bytes_per_block_allocated"] = result.sharedBytesPerBlockAllocated;
    object["blocks_limited_by"] = {{"warps", result.blocksLimitedByWarps},
                                   {"registers", result.blocksLimitedByRegisters},
                                   {"shared_memory", result.blocksLimitedBySharedMemory},
                                   {"blocks", result.blocksLimitedByBlocks}};
    out << jsonLine(object) << '\n';
}

void printOccupancyText(const OccupancyReport& report, std::ostream& out) {
    const auto& [device, kernel, result] = report;
    out << device.name << " (" << device.id << ", compute capability " << device.computeMajor << '.'
        << device.computeMinor << ")\n";
    out << "kernel: " << plural(kernel.threadsPerBlock, "thread", "threads") << " per block, "
        << plural(kernel.registersPerThread, "register", "registers") << " per thread, "
        << plural(kernel.dynamicSharedBytesPerBlock, "byte", "bytes")
        << " of dynamic shared memory per block\n";
    if (kernel.threadsPerBlock >= 1 && kernel.registersPerThread >= 0 &&
        kernel.dynamicSharedBytesPerBlock >= 0) {
        out << "a block gets: " << plural(result.warpsPerBlock, "warp", "warps") << ", "
            << number(result.registersPerWarpAllocated) << " registers per warp (in units of "
            << device.registerAllocationUnit << "), " << number(result.sharedBytesPerBlockAllocated)
            << " bytes of shared memory (" << device.reservedSharedMemoryPerBlockBytes
            << " reserved, in units of " << device.sharedMemoryAllocationUnitBytes << ")\n";
    }
    out << "blocks per SM each resource allows:\n";
    const auto mark = [&](OccupancyLimiter limiter) {
        return isLimiter(result, limiter) ? std::string("<- limit") : std::string();
    };
    printTable({{"warps", number(result.blocksLimitedByWarps), warpsWhy(report),
                 mark(OccupancyLimiter::Warps)},
                {"registers", number(result.blocksLimitedByRegisters), registersWhy(report),
                 mark(OccupancyLimiter::Registers)},
                {"shared memory", number(result.blocksLimitedBySharedMemory), sharedWhy(report),
                 mark(OccupancyLimiter::SharedMemory)},
                {"blocks", number(result.blocksLimitedByBlocks),
                 concat("at most ", number(device.maxBlocksPerSm), " resident blocks per SM"),
                 mark(OccupancyLimiter::Blocks)}},
               out);
    if (!result.possible()) {
        out << "cannot run: " << result.impossibleReason << '\n';
        out << "active: 0 blocks, 0 warps per SM: occupancy 0%\n";
        return;
    }
    out << "active: " << plural(result.activeBlocksPerSm, "block", "blocks") << ", "
        << number(result.activeWarpsPerSm) << " of " << number(device.maxWarpsPerSm)
        << " warps per SM: occupancy " << oneDecimal(result.occupancyPct) << "%\n";
}

}  // namespace mlsyslab::cli
