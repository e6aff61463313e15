#include "gpu/WarpTimeline.h"

#include <algorithm>
#include <array>

namespace mlsyslab::widgets {

WarpTimeline::WarpTimeline(std::shared_ptr<const WarpRuns> runs, std::size_t runIndex,
                           int schedulersPerSm)
    : runs_(std::move(runs)), runIndex_(runIndex), schedulersPerSm_(std::max(1, schedulersPerSm)) {
    const auto& cycles = run().result.recordedCycles;
    // Every slot that ever held a warp, with its scheduler (slots are small numbers: at most
    // the SM's warps), then the rows in (scheduler, slot) order.
    std::vector<int> schedulerBySlot;
    for (const gpu::SmCycleSnapshot& snapshot : cycles) {
        for (const gpu::WarpSnapshot& warp : snapshot.warps) {
            if (warp.slot >= int(schedulerBySlot.size())) {
                schedulerBySlot.resize(std::size_t(warp.slot) + 1, -1);
            }
            schedulerBySlot[std::size_t(warp.slot)] = warp.scheduler;
        }
    }
    for (int slot = 0; slot < int(schedulerBySlot.size()); ++slot) {
        if (schedulerBySlot[std::size_t(slot)] >= 0) {
            rows_.push_back({slot, schedulerBySlot[std::size_t(slot)]});
        }
    }
    std::stable_sort(rows_.begin(), rows_.end(), [](const Row& left, const Row& right) {
        return left.scheduler < right.scheduler;
    });
    std::vector<int> rowBySlot(schedulerBySlot.size(), -1);
    for (std::size_t row = 0; row < rows_.size(); ++row) {
        rowBySlot[std::size_t(rows_[row].slot)] = int(row);
    }
    statusByRow_.assign(rows_.size(), std::vector<std::int8_t>(cycles.size(), kNotResident));
    for (std::size_t cycle = 0; cycle < cycles.size(); ++cycle) {
        for (const gpu::WarpSnapshot& warp : cycles[cycle].warps) {
            const auto row = static_cast<std::size_t>(rowBySlot[std::size_t(warp.slot)]);
            statusByRow_[row][cycle] = static_cast<std::int8_t>(warp.status);
        }
    }
}

std::int64_t WarpTimeline::recordedCycles() const {
    return runs_ ? static_cast<std::int64_t>(run().result.recordedCycles.size()) : 0;
}

bool WarpTimeline::recordedToTheEnd() const {
    // Snapshots run from cycle 0 to the last cycle: a complete recording has one a cycle.
    return runs_ && recordedCycles() >= stats().cycles;
}

const gpu::SmCycleSnapshot* WarpTimeline::snapshot(std::int64_t cycle) const {
    if (cycle < 0 || cycle >= recordedCycles()) return nullptr;
    return &run().result.recordedCycles[static_cast<std::size_t>(cycle)];
}

int WarpTimeline::firstRowOfScheduler(int scheduler) const {
    for (std::size_t row = 0; row < rows_.size(); ++row) {
        if (rows_[row].scheduler == scheduler) return static_cast<int>(row);
    }
    return -1;
}

int WarpTimeline::rowCountOfScheduler(int scheduler) const {
    return static_cast<int>(std::count_if(rows_.begin(), rows_.end(), [scheduler](const Row& row) {
        return row.scheduler == scheduler;
    }));
}

std::optional<gpu::WarpStatus> WarpTimeline::status(int row, std::int64_t cycle) const {
    if (row < 0 || row >= static_cast<int>(rows_.size()) || cycle < 0 ||
        cycle >= recordedCycles()) {
        return std::nullopt;
    }
    const std::int8_t value = statusByRow_[std::size_t(row)][std::size_t(cycle)];
    if (value == kNotResident) return std::nullopt;
    return static_cast<gpu::WarpStatus>(value);
}

std::optional<gpu::WarpStatus> WarpTimeline::dominantStatus(int row, std::int64_t first,
                                                            std::int64_t last) const {
    if (row < 0 || row >= static_cast<int>(rows_.size())) return std::nullopt;
    first = std::max<std::int64_t>(first, 0);
    last = std::min(last, recordedCycles());
    std::array<int, gpu::kWarpStatusCount> counts{};
    int notResident = 0;
    const auto& statuses = statusByRow_[std::size_t(row)];
    for (std::int64_t cycle = first; cycle < last; ++cycle) {
        const std::int8_t value = statuses[std::size_t(cycle)];
        if (value == kNotResident) {
            ++notResident;
        } else {
            ++counts[std::size_t(value)];
        }
    }
    const auto most = std::max_element(counts.begin(), counts.end());
    if (*most == 0 || *most < notResident) return std::nullopt;
    return static_cast<gpu::WarpStatus>(most - counts.begin());
}

const gpu::WarpSnapshot* WarpTimeline::warpInSlot(const gpu::SmCycleSnapshot& snapshot, int slot) {
    for (const gpu::WarpSnapshot& warp : snapshot.warps) {
        if (warp.slot == slot) return &warp;
    }
    return nullptr;
}

const gpu::WarpSnapshot* WarpTimeline::warp(int row, std::int64_t cycle) const {
    const gpu::SmCycleSnapshot* cycleSnapshot = snapshot(cycle);
    if (cycleSnapshot == nullptr || row < 0 || row >= static_cast<int>(rows_.size())) {
        return nullptr;
    }
    return warpInSlot(*cycleSnapshot, rows_[std::size_t(row)].slot);
}

}  // namespace mlsyslab::widgets
