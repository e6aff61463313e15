#pragma once

#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <vector>

#include "lesson/KindSpec.h"

namespace mlsyslab::lesson::kinds {

// ```sim latency-probe: this machine's measured latency staircase (memory/LatencyProbe.h): ns
// per dependent load against the working set, the caches' sizes as dashed lines, the L1, L2,
// L3 and DRAM plateaus marked in ns and cycles, and the triad bandwidth beside the lecture's.
// Its fields, defaults and values: latencyProbeKind() below (and docs/lesson-format.md).

// 256 MiB is 8 times the largest L3 of most desktops and servers: enough for the DRAM plateau
// while the whole run stays around 10 seconds.
inline constexpr std::uint64_t kDefaultProbeMaxSizeBytes = 256ull << 20;
inline constexpr std::uint64_t kSmallestProbeMaxSizeBytes = 64ull << 10;
inline constexpr std::uint64_t kLargestProbeMaxSizeBytes = 4ull << 30;
inline constexpr int kMostPointsPerOctave = 8;

struct LatencyProbeState {
    bool autoRun = false;
    std::uint64_t maxSizeBytes = kDefaultProbeMaxSizeBytes;
    int pointsPerOctave = 4;
    bool bandwidth = true;

    friend bool operator==(const LatencyProbeState&, const LatencyProbeState&) = default;
};

const KindSpec<LatencyProbeState>& latencyProbeKind();

}  // namespace mlsyslab::lesson::kinds
