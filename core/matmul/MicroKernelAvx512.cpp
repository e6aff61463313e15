// The AVX-512 micro-kernel. This file alone is compiled with -mavx512f (and BW, DQ, VL, FMA),
// so that nothing else in the program contains AVX-512 instructions; the dispatch in
// MicroKernel.cpp calls it only on CPUs that have them. For the same reason it uses nothing
// but intrinsics: an inline function from a header (std::min, say) compiled here could be the
// copy the linker keeps for the whole program, and crash older CPUs.
#include <immintrin.h>

#include "matmul/MicroKernelFunctions.h"

namespace mlsyslab::matmul::kernels {

namespace {

constexpr int lanes = 16;  // floats in one zmm register
constexpr int rows = avx512Rows;
constexpr int vectorsPerRow = avx512Columns / lanes;
static_assert(avx512Columns % lanes == 0);
// 24 accumulators + 2 registers for B's row + 1 for the broadcast of A = 27 of the 32 zmm
// registers; 24 independent FMA chains cover 4 cycles of FMA latency on up to 6 FMAs per
// cycle, more than any current core issues.
static_assert(rows * vectorsPerRow + vectorsPerRow + 1 <= 32);

}  // namespace

void multiplyAvx512(std::int64_t depth, const float* packedA, const float* packedB, float* c,
                    std::int64_t cRowStride, bool accumulate) {
    __m512 sum[rows][vectorsPerRow];
#pragma GCC unroll 16
    for (int i = 0; i < rows; ++i) {
#pragma GCC unroll 4
        for (int j = 0; j < vectorsPerRow; ++j) sum[i][j] = _mm512_setzero_ps();
    }

    // The tile of C is needed only at the end, but its rows sit in different pages, most likely
    // not in any cache: ask for them now so that they arrive while the FMAs run.
#pragma GCC unroll 16
    for (int i = 0; i < rows; ++i) {
        _mm_prefetch(reinterpret_cast<const char*>(c + i * cRowStride), _MM_HINT_T0);
        _mm_prefetch(reinterpret_cast<const char*>(c + i * cRowStride + avx512Columns - 1),
                     _MM_HINT_T0);
    }

    // Unrolled by 4 so that the loop's own counting and branching cost nearly nothing.
#pragma GCC unroll 4
    for (std::int64_t k = 0; k < depth; ++k) {
        const float* aColumn = packedA + k * rows;
        const float* bRow = packedB + k * avx512Columns;
        __m512 b[vectorsPerRow];
#pragma GCC unroll 4
        for (int j = 0; j < vectorsPerRow; ++j) b[j] = _mm512_load_ps(bRow + j * lanes);
#pragma GCC unroll 16
        for (int i = 0; i < rows; ++i) {
            const __m512 a = _mm512_set1_ps(aColumn[i]);
#pragma GCC unroll 4
            for (int j = 0; j < vectorsPerRow; ++j) sum[i][j] = _mm512_fmadd_ps(a, b[j], sum[i][j]);
        }
    }

#pragma GCC unroll 16
    for (int i = 0; i < rows; ++i) {
        float* cRow = c + i * cRowStride;
#pragma GCC unroll 4
        for (int j = 0; j < vectorsPerRow; ++j) {
            __m512 value = sum[i][j];
            if (accumulate) value = _mm512_add_ps(value, _mm512_loadu_ps(cRow + j * lanes));
            _mm512_storeu_ps(cRow + j * lanes, value);
        }
    }
}

}  // namespace mlsyslab::matmul::kernels
