#pragma once

#include <QString>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace mlsyslab::widgets {

// The lecture's experiment (seed 004, "My first matrix multiplication"): C = A·B on 3620×3620
// float matrices (50 MB each) on an NVIDIA GeForce RTX 4090, timed three ways. The figures are
// the seed's second, warm loop. They are the lecturer's machine, never this one: every view
// labels them "seed: RTX 4090".
inline constexpr std::int64_t kSeedMatrixSize = 3620;

struct SeedFigure {
    const char* backend;  // the rung of our ladder that does the same thing
    const char* what;     // as the seed names it
    double seconds;
};

inline constexpr std::array<SeedFigure, 3> kSeedFigures = {{
    {"cuda-naive", "naive CUDA kernel", 43.1279e-3},  // myMatMulKernel, 16×16 blocks
    {"cublas", "cuBLAS", 26.7959e-3},                 // cublasSgemm
    {"openblas", "CPU cblas", 124.189e-3},            // cblas_sgemm on the host CPU
}};

// What the seed-experiment button runs: the seed's three (with OpenBLAS as the CPU's cblas), our
// best CPU rungs beside them, 2 timed runs each. Not the naive loops: at 3620 they take
// minutes.
inline const std::vector<std::string>& seedExperimentBackends() {
    static const std::vector<std::string> backends = {"threads", "openblas", "cuda-naive", "cublas",
                                                      "simd"};
    return backends;
}
inline constexpr int kSeedExperimentRepeats = 2;

// 2·N³ / seconds, in GFLOPS.
inline double seedGflops(const SeedFigure& figure) {
    const double n = double(kSeedMatrixSize);
    return 2.0 * n * n * n / figure.seconds / 1e9;
}

}  // namespace mlsyslab::widgets
