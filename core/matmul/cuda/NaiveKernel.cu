#include <algorithm>
#include <cstddef>

#include "matmul/cuda/CudaKernels.h"

namespace mlsyslab::matmul {

namespace {

// The seed's myMatMulKernel, for any M×K by K×N: thread (row, column) computes C[row][column]
// alone. Every multiply-add reads one float of A and one of B from global memory: two loads per
// two flops, so the kernel waits on memory (the caches catch some of the reuse, not most).
// Offsets are computed in 64 bits: a 46341×46341 matrix already has more than 2³¹ elements.
__global__ void naiveMatmulKernel(const float* a, const float* b, float* c, int m, int n, int k) {
    const int row = blockIdx.y * blockDim.y + threadIdx.y;
    const int column = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < m && column < n) {
        const float* aRow = a + std::size_t(row) * k;
        float sum = 0.0f;
        for (int i = 0; i < k; ++i) sum += aRow[i] * b[std::size_t(i) * n + column];
        c[std::size_t(row) * n + column] = sum;
    }
}

constexpr int blockSide = 16;  // the seed's 16×16 = 256 threads per block
// CUDA allows at most 65535 blocks along y: taller matrices are launched in bands of rows.
constexpr int maxBlocksAlongY = 65535;

}  // namespace

cudaError_t launchNaiveMatmul(const float* a, const float* b, float* c, int m, int n, int k,
                              cudaStream_t stream) {
    const dim3 threadsPerBlock(blockSide, blockSide);
    const int bandRows = maxBlocksAlongY * blockSide;
    for (int firstRow = 0; firstRow < m; firstRow += bandRows) {
        const int rows = std::min(bandRows, m - firstRow);
        const dim3 blocksPerGrid((n + blockSide - 1) / blockSide,
                                 (rows + blockSide - 1) / blockSide);
        naiveMatmulKernel<<<blocksPerGrid, threadsPerBlock, 0, stream>>>(
            a + std::size_t(firstRow) * k, b, c + std::size_t(firstRow) * n, rows, n, k);
        if (const cudaError_t error = cudaGetLastError(); error != cudaSuccess) return error;
    }
    return cudaSuccess;
}

}  // namespace mlsyslab::matmul
