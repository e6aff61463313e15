// The AVX2 + FMA micro-kernel, for CPUs without AVX-512 (Intel client cores, AMD before Zen 4).
// Compiled alone with -mavx2 -mfma and called only where the CPU has both; intrinsics only, for
// the reason given in MicroKernelAvx512.cpp.
#include <immintrin.h>

#include "matmul/MicroKernelFunctions.h"

namespace mlsyslab::matmul::kernels {

namespace {

constexpr int lanes = 8;  // floats in one ymm register
constexpr int rows = avx2Rows;
constexpr int vectorsPerRow = avx2Columns / lanes;
static_assert(avx2Columns % lanes == 0);
// 12 accumulators + 2 for B's row + 1 for the broadcast = 15 of the 16 ymm registers; 12
// chains cover Haswell's 5-cycle FMA latency on its 2 FMA ports (10 needed).
static_assert(rows * vectorsPerRow + vectorsPerRow + 1 <= 16);

}  // namespace

void multiplyAvx2(std::int64_t depth, const float* packedA, const float* packedB, float* c,
                  std::int64_t cRowStride, bool accumulate) {
    __m256 sum[rows][vectorsPerRow];
#pragma GCC unroll 16
    for (int i = 0; i < rows; ++i) {
#pragma GCC unroll 4
        for (int j = 0; j < vectorsPerRow; ++j) sum[i][j] = _mm256_setzero_ps();
    }

    // The tile of C, needed only at the end, is fetched while the FMAs run (MicroKernelAvx512.cpp).
#pragma GCC unroll 16
    for (int i = 0; i < rows; ++i) {
        _mm_prefetch(reinterpret_cast<const char*>(c + i * cRowStride), _MM_HINT_T0);
        _mm_prefetch(reinterpret_cast<const char*>(c + i * cRowStride + avx2Columns - 1),
                     _MM_HINT_T0);
    }

#pragma GCC unroll 4
    for (std::int64_t k = 0; k < depth; ++k) {
        const float* aColumn = packedA + k * rows;
        const float* bRow = packedB + k * avx2Columns;
        __m256 b[vectorsPerRow];
#pragma GCC unroll 4
        for (int j = 0; j < vectorsPerRow; ++j) b[j] = _mm256_load_ps(bRow + j * lanes);
#pragma GCC unroll 16
        for (int i = 0; i < rows; ++i) {
            const __m256 a = _mm256_broadcast_ss(aColumn + i);
#pragma GCC unroll 4
            for (int j = 0; j < vectorsPerRow; ++j) sum[i][j] = _mm256_fmadd_ps(a, b[j], sum[i][j]);
        }
    }

#pragma GCC unroll 16
    for (int i = 0; i < rows; ++i) {
        float* cRow = c + i * cRowStride;
#pragma GCC unroll 4
        for (int j = 0; j < vectorsPerRow; ++j) {
            __m256 value = sum[i][j];
            if (accumulate) value = _mm256_add_ps(value, _mm256_loadu_ps(cRow + j * lanes));
            _mm256_storeu_ps(cRow + j * lanes, value);
        }
    }
}

}  // namespace mlsyslab::matmul::kernels
