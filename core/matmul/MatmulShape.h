#pragma once

#include <cstdint>

namespace mlsyslab::matmul {

// C = A · B with A of M×K, B of K×N and C of M×N, all float32 and row-major with no padding
// (leading dimensions K, N and N), as the seed's kernels and cblas_sgemm(RowMajor) see them.
struct MatmulShape {
    std::int64_t m = 0;
    std::int64_t n = 0;
    std::int64_t k = 0;

    // Each of the M·N outputs takes K multiplies and K adds: 2·M·N·K floating-point operations.
    double flops() const { return 2.0 * double(m) * double(n) * double(k); }
    friend bool operator==(const MatmulShape&, const MatmulShape&) = default;
};

// The three matrices of one multiplication. The backend reads a and b and overwrites c.
struct MatmulOperands {
    const float* a = nullptr;
    const float* b = nullptr;
    float* c = nullptr;
    MatmulShape shape;
};

}  // namespace mlsyslab::matmul
