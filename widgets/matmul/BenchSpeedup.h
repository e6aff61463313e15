#pragma once

#include <optional>
#include <string>
#include <vector>

#include "matmul/MatmulRunner.h"

namespace mlsyslab::widgets {

// What the table's speedup column divides by at one size: the naive rung when it was measured
// there (the ladder's first step, so each figure reads "this many times the textbook loop"),
// otherwise the slowest rung measured there. Only correct, measured results count.
struct SpeedupBaseline {
    std::string backend;
    double medianSeconds = 0.0;
};

std::optional<SpeedupBaseline> speedupBaseline(
    const std::vector<matmul::MatmulBenchResult>& results, const matmul::MatmulShape& shape);

}  // namespace mlsyslab::widgets
