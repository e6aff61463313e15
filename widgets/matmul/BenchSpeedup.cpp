#include "matmul/BenchSpeedup.h"

namespace mlsyslab::widgets {

std::optional<SpeedupBaseline> speedupBaseline(
    const std::vector<matmul::MatmulBenchResult>& results, const matmul::MatmulShape& shape) {
    std::optional<SpeedupBaseline> slowest;
    for (const matmul::MatmulBenchResult& result : results) {
        if (result.shape != shape || result.status != matmul::BenchStatus::Ok) continue;
        const double seconds = result.statistics.medianSeconds;
        if (seconds <= 0.0) continue;
        if (result.backend == "naive") return SpeedupBaseline{result.backend, seconds};
        if (!slowest || seconds > slowest->medianSeconds) slowest = {result.backend, seconds};
    }
    return slowest;
}

}  // namespace mlsyslab::widgets
