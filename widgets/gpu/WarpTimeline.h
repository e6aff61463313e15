#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gpu/WarpRunWorker.h"
#include "gpu/WarpSimulator.h"

namespace mlsyslab::widgets {

// One recorded run of an SM laid out for a Gantt chart: a row per warp slot that ever held a
// warp, ordered by the warp scheduler that owns it and then by slot, and each row's status in
// every recorded cycle. A slot freed by a finished block and taken by a later one stays one row.
// The snapshots themselves stay in the run, shared, for the readouts at the cursor.
class WarpTimeline {
public:
    struct Row {
        int slot = 0;
        int scheduler = 0;
    };

    WarpTimeline() = default;
    // `run` must have succeeded; `schedulersPerSm` is the device's.
    WarpTimeline(std::shared_ptr<const WarpRuns> runs, std::size_t runIndex, int schedulersPerSm);

    const WarpRun& run() const { return (*runs_)[runIndex_]; }
    const std::string& policy() const { return run().policy; }
    const gpu::SimulationStats& stats() const { return run().result.stats; }
    int schedulersPerSm() const { return schedulersPerSm_; }

    // Recorded cycles (snapshots), from cycle 0.
    std::int64_t recordedCycles() const;
    // Whether the run ended inside the recorded cycles (else it was cut off by the cap).
    bool recordedToTheEnd() const;
    const gpu::SmCycleSnapshot* snapshot(std::int64_t cycle) const;

    const std::vector<Row>& rows() const { return rows_; }
    // The first row of each scheduler that owns warps, and how many rows it has.
    int firstRowOfScheduler(int scheduler) const;
    int rowCountOfScheduler(int scheduler) const;

    // The row's status in a cycle; nothing where no warp is resident (or past the recording).
    std::optional<gpu::WarpStatus> status(int row, std::int64_t cycle) const;
    // The status most common in cycles [first, last) of a row (ties go to the earlier status:
    // issued before ready before stalls), for a pixel that covers several cycles.
    std::optional<gpu::WarpStatus> dominantStatus(int row, std::int64_t first,
                                                  std::int64_t last) const;
    // The warp a row holds in a cycle, if any.
    const gpu::WarpSnapshot* warp(int row, std::int64_t cycle) const;
    // A slot's warp in a snapshot, if resident.
    static const gpu::WarpSnapshot* warpInSlot(const gpu::SmCycleSnapshot& snapshot, int slot);

private:
    static constexpr std::int8_t kNotResident = -1;

    std::shared_ptr<const WarpRuns> runs_;
    std::size_t runIndex_ = 0;
    int schedulersPerSm_ = 1;
    std::vector<Row> rows_;
    std::vector<std::vector<std::int8_t>> statusByRow_;  // [row][cycle], a WarpStatus or -1
};

}  // namespace mlsyslab::widgets
