#include <cstddef>

#include "matmul/cuda/CudaKernels.h"

namespace mlsyslab::matmul {

namespace {

constexpr int tileSide = 32;  // 32×32 = 1024 threads per block, 8 KiB of shared memory

// Why it beats the naive kernel: the naive kernel's 32 threads of a row of C each read the same
// row of A from memory, and the 32 of a column the same column of B. Here a block of 32×32
// threads copies a 32×32 tile of A and one of B into shared memory (one float each, the reads of
// a warp side by side in memory, so coalesced), waits for the whole block, and then every thread
// takes 32 multiply-adds from the tiles. Each float loaded from global memory now serves 32
// multiply-adds instead of one: 2 global loads per 32 multiply-adds instead of 2 per one.
// Elements past the edge of A or B load as 0, which adds nothing, so any size works.
__global__ void tiledMatmulKernel(const float* __restrict__ a, const float* __restrict__ b,
                                  float* __restrict__ c, int m, int n, int k) {
    __shared__ float aTile[tileSide][tileSide];
    __shared__ float bTile[tileSide][tileSide];
    const int tx = threadIdx.x;  // column within the tile: consecutive in a warp
    const int ty = threadIdx.y;
    const int row = blockIdx.y * tileSide + ty;
    const int column = blockIdx.x * tileSide + tx;

    float sum = 0.0f;
    for (int tileStart = 0; tileStart < k; tileStart += tileSide) {
        const int aColumn = tileStart + tx;
        const int bRow = tileStart + ty;
        aTile[ty][tx] = (row < m && aColumn < k) ? a[std::size_t(row) * k + aColumn] : 0.0f;
        bTile[ty][tx] = (bRow < k && column < n) ? b[std::size_t(bRow) * n + column] : 0.0f;
        __syncthreads();  // the tiles are complete before anyone reads them
        // aTile[ty][i] is the same address for the whole warp (a broadcast); bTile[i][tx] is 32
        // consecutive floats, one per bank: no shared-memory bank conflicts.
#pragma unroll
        for (int i = 0; i < tileSide; ++i) sum += aTile[ty][i] * bTile[i][tx];
        __syncthreads();  // everyone is done with the tiles before they are overwritten
    }
    if (row < m && column < n) c[std::size_t(row) * n + column] = sum;
}

}  // namespace

cudaError_t launchTiledMatmul(const float* a, const float* b, float* c, int m, int n, int k,
                              cudaStream_t stream) {
    const dim3 threadsPerBlock(tileSide, tileSide);
    // At most 2²⁰ rows (the runner's limit): 32768 blocks along y, within CUDA's 65535.
    const dim3 blocksPerGrid((n + tileSide - 1) / tileSide, (m + tileSide - 1) / tileSide);
    tiledMatmulKernel<<<blocksPerGrid, threadsPerBlock, 0, stream>>>(a, b, c, m, n, k);
    return cudaGetLastError();
}

}  // namespace mlsyslab::matmul
