#pragma once

#include <vector>

namespace mlsyslab::matmul {

// What the runner reports of a backend's timed runs.
struct RunStatistics {
    double medianSeconds = 0.0;
    double minSeconds = 0.0;
    double maxSeconds = 0.0;
    // (max − min) / median: how much the runs disagreed; 0.05 reads "±5 %" loosely.
    double relativeSpread = 0.0;
    int runs = 0;
};

// The statistics of `seconds` (empty: all zero). The median of an even count is the mean of the
// middle two.
RunStatistics summarizeRuns(std::vector<double> seconds);

// 2·M·N·K / seconds / 10⁹ (0 when seconds is not positive).
double gflopsFor(double flops, double seconds);

}  // namespace mlsyslab::matmul
