#include "matmul/BenchStatistics.h"

#include <algorithm>

namespace mlsyslab::matmul {

RunStatistics summarizeRuns(std::vector<double> seconds) {
    RunStatistics statistics;
    if (seconds.empty()) return statistics;
    std::sort(seconds.begin(), seconds.end());
    const std::size_t count = seconds.size();
    const std::size_t middle = count / 2;
    statistics.medianSeconds =
        count % 2 == 1 ? seconds[middle] : (seconds[middle - 1] + seconds[middle]) / 2.0;
    statistics.minSeconds = seconds.front();
    statistics.maxSeconds = seconds.back();
    if (statistics.medianSeconds > 0.0) {
        statistics.relativeSpread =
            (statistics.maxSeconds - statistics.minSeconds) / statistics.medianSeconds;
    }
    statistics.runs = static_cast<int>(count);
    return statistics;
}

double gflopsFor(double flops, double seconds) {
    // Written as a positive test so that a NaN time gives 0, not NaN.
    if (!(seconds > 0.0)) return 0.0;
    return flops / seconds / 1e9;
}

}  // namespace mlsyslab::matmul
