// The portable micro-kernel: the same tile computation in plain C++, for CPUs without AVX2 (or
// without x86 at all). The fixed-size loops over the tile let the compiler keep the
// accumulators in registers and vectorize them with whatever the baseline instruction set has.
#include "matmul/MicroKernelFunctions.h"

namespace mlsyslab::matmul::kernels {

namespace {
constexpr int rows = portableRows;
constexpr int columns = portableColumns;
}  // namespace

void multiplyPortable(std::int64_t depth, const float* packedA, const float* packedB, float* c,
                      std::int64_t cRowStride, bool accumulate) {
    float sum[rows][columns] = {};
    for (std::int64_t k = 0; k < depth; ++k) {
        const float* aColumn = packedA + k * rows;
        const float* bRow = packedB + k * columns;
        for (int i = 0; i < rows; ++i)
            for (int j = 0; j < columns; ++j) sum[i][j] += aColumn[i] * bRow[j];
    }
    for (int i = 0; i < rows; ++i) {
        float* cRow = c + i * cRowStride;
        for (int j = 0; j < columns; ++j) cRow[j] = accumulate ? cRow[j] + sum[i][j] : sum[i][j];
    }
}

}  // namespace mlsyslab::matmul::kernels
