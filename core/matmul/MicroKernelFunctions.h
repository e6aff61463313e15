#pragma once

#include <cstdint>

// The micro-kernels themselves (MicroKernel.h says what they compute), one per instruction set,
// each in its own file compiled with its own instruction-set flags. Only MicroKernel.cpp calls
// them, and only once the CPU is known to run their instructions.
//
// Why the tiles have these shapes: the accumulators, the registers holding B's row and the
// broadcast value of A must all fit in the register file, and there must be enough independent
// accumulators to keep every FMA unit busy for the FMA's whole latency (docs/matmul-cpu.md).
namespace mlsyslab::matmul::kernels {

// 32 zmm registers of 16 floats.
inline constexpr int avx512Rows = 12;
inline constexpr int avx512Columns = 32;
// 16 ymm registers of 8 floats: 6 × 2 accumulators, 2 for B, 1 for the broadcast.
inline constexpr int avx2Rows = 6;
inline constexpr int avx2Columns = 16;
// Plain C++ that any compiler can vectorize with the baseline instruction set (SSE2 on x86-64,
// NEON on ARM): 4 × 8 accumulators fit in 16 registers of 4 floats.
inline constexpr int portableRows = 4;
inline constexpr int portableColumns = 8;

void multiplyAvx512(std::int64_t depth, const float* packedA, const float* packedB, float* c,
                    std::int64_t cRowStride, bool accumulate);
void multiplyAvx2(std::int64_t depth, const float* packedA, const float* packedB, float* c,
                  std::int64_t cRowStride, bool accumulate);
void multiplyPortable(std::int64_t depth, const float* packedA, const float* packedB, float* c,
                      std::int64_t cRowStride, bool accumulate);

}  // namespace mlsyslab::matmul::kernels
