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
//   backends: [simd, threads, openblas]   matmul backends to place (default: simd, threads,
//                                         openblas and the GPU ones that can run here)
//   size: 1024                            N of the N×N×N products, 1 to 8192
//   matvec: true                          also measure y = A·x, the memory-bound example
//   gpu_device: h100                      also draw a built-in GPU's roof from its datasheet
//   workloads:                            vertical markers at other intensities
//     - {name: "LLM decode, batch 1", flops_per_byte: 1}
//   auto_run: false                       measure as soon as the step is shown

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
