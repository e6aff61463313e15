#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/Result.h"
#include "gpu/Dim3.h"
#include "gpu/KernelProgram.h"

// The built-in kernels one by one (BuiltinKernels.h lists them). Each writes its CUDA C source,
// the program the simulator runs, its arrays and its register count; buildKernel() picks one.
namespace mlsyslab::gpu::builtin_kernels {

// Register counts are what `nvcc -arch=sm_90 --resource-usage` (CUDA 13.0) reports for each
// kernel's CUDA source as shown (TILE 16, BLOCK 256), so the occupancy the simulator runs with
// is the one a real compile would get.
inline constexpr int kMatrixAddRegisters = 14;
inline constexpr int kVectorAddRegisters = 12;
inline constexpr int kMatmulNaiveRegisters = 32;
inline constexpr int kMatmulTiledRegisters = 32;
inline constexpr int kDivergentRegisters = 12;
inline constexpr int kReductionRegisters = 10;

Result<KernelProgram> matrixAdd(const Dim3& grid, const Dim3& block);
Result<KernelProgram> vectorAdd(const Dim3& grid, const Dim3& block);
Result<KernelProgram> divergent(const Dim3& grid, const Dim3& block);
Result<KernelProgram> matmulNaive(const Dim3& grid, const Dim3& block);
Result<KernelProgram> matmulTiled(const Dim3& grid, const Dim3& block);
Result<KernelProgram> reduction(const Dim3& grid, const Dim3& block);

// Fails when the arrays would not fit the simulator's global memory (GlobalMemory.h).
Result<KernelProgram> checkedSize(KernelProgram kernel);

}  // namespace mlsyslab::gpu::builtin_kernels
