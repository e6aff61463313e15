#include "matmul/GemmPacking.h"

#include <algorithm>
#include <cstring>

#if defined(__SSE2__)
#include <immintrin.h>
#endif

namespace mlsyslab::matmul {

namespace {

std::int64_t roundUp(std::int64_t value, std::int64_t multiple) {
    return (value + multiple - 1) / multiple * multiple;
}

// Packs `count` rows of A (count ≤ the sliver's MR) into a sliver, row by row: the reads go
// along A's rows (whole cache lines), the writes jump by MR floats inside the sliver, which is
// small enough (MR · depth floats) to stay in L1.
void packRowsOneByOne(const float* a, std::int64_t aRowStride, std::int64_t count,
                      std::int64_t depth, int kernelRows, float* packed) {
    for (std::int64_t i = 0; i < count; ++i) {
        const float* aRow = a + i * aRowStride;
        for (std::int64_t k = 0; k < depth; ++k) packed[k * kernelRows + i] = aRow[k];
    }
}

#if defined(__SSE2__)
// Packs 4 rows of A into a sliver, 4 values of k at a time: 4 loads of 4 floats, one from each
// row, a 4 × 4 transpose in registers, and 4 stores of the 4 rows' values for one k each. About
// twice as fast as moving the floats one by one, which made packing A 4 % of the whole
// multiplication. SSE2 is part of every x86-64 CPU, so this needs no run-time check.
void packFourRows(const float* a, std::int64_t aRowStride, std::int64_t depth, int kernelRows,
                  float* packed) {
    const float* row0 = a;
    const float* row1 = a + aRowStride;
    const float* row2 = a + 2 * aRowStride;
    const float* row3 = a + 3 * aRowStride;
    std::int64_t k = 0;
    for (; k + 4 <= depth; k += 4) {
        __m128 values0 = _mm_loadu_ps(row0 + k);
        __m128 values1 = _mm_loadu_ps(row1 + k);
        __m128 values2 = _mm_loadu_ps(row2 + k);
        __m128 values3 = _mm_loadu_ps(row3 + k);
        _MM_TRANSPOSE4_PS(values0, values1, values2, values3);
        _mm_storeu_ps(packed + (k + 0) * kernelRows, values0);
        _mm_storeu_ps(packed + (k + 1) * kernelRows, values1);
        _mm_storeu_ps(packed + (k + 2) * kernelRows, values2);
        _mm_storeu_ps(packed + (k + 3) * kernelRows, values3);
    }
    for (; k < depth; ++k) {
        packed[k * kernelRows + 0] = row0[k];
        packed[k * kernelRows + 1] = row1[k];
        packed[k * kernelRows + 2] = row2[k];
        packed[k * kernelRows + 3] = row3[k];
    }
}
#endif

}  // namespace

std::int64_t packedABlockFloats(std::int64_t rows, std::int64_t depth, int kernelRows) {
    return roundUp(rows, kernelRows) * depth;
}

std::int64_t packedBPanelFloats(std::int64_t depth, std::int64_t columns, int kernelColumns) {
    return roundUp(columns, kernelColumns) * depth;
}

void packABlock(const float* a, std::int64_t aRowStride, std::int64_t rows, std::int64_t depth,
                int kernelRows, float* packed) {
    for (std::int64_t firstRow = 0; firstRow < rows; firstRow += kernelRows) {
        const std::int64_t height = std::min<std::int64_t>(kernelRows, rows - firstRow);
        const float* aRows = a + firstRow * aRowStride;
        std::int64_t i = 0;
#if defined(__SSE2__)
        for (; i + 4 <= height; i += 4)
            packFourRows(aRows + i * aRowStride, aRowStride, depth, kernelRows, packed + i);
#endif
        // The rows left (or all of them, without SSE2) one float at a time.
        packRowsOneByOne(aRows + i * aRowStride, aRowStride, height - i, depth, kernelRows,
                         packed + i);
        for (i = height; i < kernelRows; ++i)
            for (std::int64_t k = 0; k < depth; ++k) packed[k * kernelRows + i] = 0.0f;
        packed += kernelRows * depth;
    }
}

void packBSlivers(const float* b, std::int64_t bRowStride, std::int64_t depth, std::int64_t columns,
                  int kernelColumns, std::int64_t firstSliver, std::int64_t sliverCount,
                  float* packed) {
    // Row of B by row of B: each row is read left to right in one stream (reading a sliver
    // after another would jump a whole row of B between every NR floats), and its pieces go to
    // the slivers' rows k.
    const std::int64_t sliverFloats = kernelColumns * depth;
    for (std::int64_t k = 0; k < depth; ++k) {
        const float* bRow = b + k * bRowStride;
        for (std::int64_t sliver = firstSliver; sliver < firstSliver + sliverCount; ++sliver) {
            const std::int64_t firstColumn = sliver * kernelColumns;
            const std::int64_t width = std::min<std::int64_t>(kernelColumns, columns - firstColumn);
            float* out = packed + sliver * sliverFloats + k * kernelColumns;
            std::memcpy(out, bRow + firstColumn, static_cast<std::size_t>(width) * sizeof(float));
            std::fill(out + width, out + kernelColumns, 0.0f);
        }
    }
}

}  // namespace mlsyslab::matmul
