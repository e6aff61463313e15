#pragma once

#include <yaml-cpp/yaml.h>

#include <vector>

#include "lesson/KindSpec.h"
#include "memory/LectureLatencies.h"

namespace mlsyslab::lesson::kinds {

// ```sim latency-ladder: the lecture's latencies, registers to SSD (memory/LectureLatencies.h),
// as bars on a log scale, with the human-scale analogy (if one cycle were one second) and, once
// measured, this machine's L1, L2, L3 and RAM beside them in cycles and ns.
// Its fields, defaults and values: latencyLadderKind() below (and docs/lesson-format.md).

struct LatencyLadderState {
    // By memory::HierarchyLevel.
    std::vector<bool> shown = std::vector<bool>(memory::kHierarchyLevelCount, true);
    bool measure = false;
    bool analogy = true;

    bool shows(memory::HierarchyLevel level) const { return shown.at(std::size_t(level)); }

    friend bool operator==(const LatencyLadderState&, const LatencyLadderState&) = default;
};

const KindSpec<LatencyLadderState>& latencyLadderKind();

}  // namespace mlsyslab::lesson::kinds
