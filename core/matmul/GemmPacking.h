#pragma once

#include <cstdint>

namespace mlsyslab::matmul {

// Packing: copying a block of A and a panel of B into the order the micro-kernel reads them
// (MicroKernel.h), before the multiplication uses them many times.
//
// A block of A (rows × depth, rows of A with row stride aRowStride) becomes a row of slivers,
// each `kernelRows` (MR) rows tall; inside a sliver, column k's MR values lie next to each
// other, k after k. With MR = 3 and depth = 4:
//
//     A block               packed: sliver 0                          sliver 1
//     a00 a01 a02 a03       a00 a10 a20 | a01 a11 a21 | a02 .. | a03 ..  a30 0 0 | a31 0 0 | ..
//     a10 a11 a12 a13
//     a20 a21 a22 a23       (the last sliver is padded with zeros to MR rows)
//     a30 a31 a32 a33
//
// A panel of B (depth × columns) becomes a row of slivers `kernelColumns` (NR) wide; inside a
// sliver, row k's NR values lie next to each other, k after k:
//
//     B panel               packed: sliver 0 (NR = 2)          sliver 1
//     b00 b01 b02           b00 b01 | b10 b11 | b20 b21  ..    b02 0 | b12 0 | ..
//     b10 b11 b12
//     ...                   (the last sliver is padded with zeros to NR columns)
//
// Why: the kernel then reads both operands as two forward streams with no stride, so every
// cache line brought in is used whole, the hardware prefetcher follows the streams, and vector
// loads of B's NR values are aligned. The padding lets the kernel always compute a full MR × NR
// tile; the padded rows and columns of the tile are simply not written back. It is zeros rather
// than whatever the buffer held so that no stray NaN or subnormal number slows the FMAs down.

// Floats a packed block of A or panel of B takes, with its padding.
std::int64_t packedABlockFloats(std::int64_t rows, std::int64_t depth, int kernelRows);
std::int64_t packedBPanelFloats(std::int64_t depth, std::int64_t columns, int kernelColumns);

void packABlock(const float* a, std::int64_t aRowStride, std::int64_t rows, std::int64_t depth,
                int kernelRows, float* packed);

// Packs the slivers [firstSliver, firstSliver + sliverCount) of the panel (of all
// ceil(columns / kernelColumns)), each to its own place in `packed`, so that threads can pack
// different slivers of one panel at the same time.
void packBSlivers(const float* b, std::int64_t bRowStride, std::int64_t depth, std::int64_t columns,
                  int kernelColumns, std::int64_t firstSliver, std::int64_t sliverCount,
                  float* packed);

}  // namespace mlsyslab::matmul
