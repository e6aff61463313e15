#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "common/Result.h"
#include "gpu/Dim3.h"
#include "gpu/KernelProgram.h"

namespace mlsyslab::gpu {

// The kernels the course runs, written in the simulator's instruction set. The problem size
// follows the launch: matrixAdd on grid (3, 2) of blocks (4, 3) adds 12 x 6 matrices (seed 002).
//   matrixAdd     C[j][i] = A[j][i] + B[j][i], 2D, with the bounds check
//   vectorAdd     c[i] = a[i] + b[i], 1D
//   matmulNaive   one thread per C element, a k-loop over global memory
//   matmulTiled   16 x 16 shared-memory tiles with __syncthreads() (needs square 2D blocks)
//   divergent     if (threadIdx.x % 2) one path else another
//   reduction     shared-memory tree reduction of a block's values with barriers
std::vector<std::string> builtinKernelIds();
Result<KernelProgram> buildKernel(std::string_view id, const Dim3& grid, const Dim3& block);

}  // namespace mlsyslab::gpu
