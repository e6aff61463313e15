#pragma once

#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "lesson/KindSpec.h"

namespace mlsyslab::lesson::kinds {

// ```sim roofline: this machine's roofline, measured (matmul/RooflineMeasurement.h): the FMA
// peak and the triad bandwidth draw the roof; each backend's matmul and a matrix-vector product
// are points at their arithmetic intensity.
// Its fields, defaults and values: rooflineKind() below (and docs/lesson-format.md).

inline constexpr std::int64_t kLargestRooflineSize = 8192;
// An intensity marker must fall on a sensible log axis: from a thousandth of a flop per byte
// (a copy) to a million (nothing real comes close).
inline constexpr double kSmallestWorkloadFlopsPerByte = 0.001;
inline constexpr double kLargestWorkloadFlopsPerByte = 1e6;

// A labelled vertical line on the plot: "training, batch 1024: 500 flop/byte".
struct RooflineWorkload {
    std::string name;
    double flopsPerByte = 0.0;
    friend bool operator==(const RooflineWorkload&, const RooflineWorkload&) = default;
};

struct RooflineState {
    // Empty: the defaults (defaultRooflineBackends), the GPU ones only where they can run.
    std::vector<std::string> backends;
    std::int64_t size = 1024;
    bool matvec = true;
    std::optional<std::string> gpuDevice;  // a built-in device id (gpu::builtinDeviceIds())
    std::vector<RooflineWorkload> workloads;
    bool autoRun = false;

    friend bool operator==(const RooflineState&, const RooflineState&) = default;
};

// simd, threads, openblas, cuda-naive, cuda-tiled, cuda-regtile, cublas: the rungs that come
// near the roof (the slow rungs would only crowd the bottom of the plot).
std::vector<std::string> defaultRooflineBackends();

const KindSpec<RooflineState>& rooflineKind();

}  // namespace mlsyslab::lesson::kinds
