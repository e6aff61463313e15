#include <cstddef>
#include <cstdint>

#include "matmul/cuda/CudaKernels.h"

namespace mlsyslab::matmul {

namespace {

// A block computes a 128×128 tile of C with 256 threads, walking K in steps of 8.
constexpr int blockRows = 128;
constexpr int blockColumns = 128;
constexpr int blockDepth = 8;
// Each thread owns 8 rows × 8 columns of that tile: 64 sums in registers.
constexpr int rowsPerThread = 8;
constexpr int columnsPerThread = 8;
constexpr int threadsPerRow = blockColumns / columnsPerThread;                // 16
constexpr int threadsPerBlock = (blockRows / rowsPerThread) * threadsPerRow;  // 256
// A thread's 8 rows are two runs of 4, half a tile apart (likewise its columns), so that the
// float4 reads of neighbouring threads are consecutive: no shared-memory bank conflicts when
// reading, and a warp's stores to C fill whole 128-byte lines.
constexpr int runLength = 4;
constexpr int halfTile = blockRows / 2;
// A is stored transposed in shared memory (depth-major), so that the 8 values of A a thread
// needs at one depth lie side by side. 4 floats of padding per row keep the transposing stores
// free of bank conflicts; rows stay 16-byte aligned for float4 reads.
constexpr int aTileStride = blockRows + 4;

static_assert(threadsPerBlock * 4 == blockRows * blockDepth, "one float4 of A per thread");
static_assert(threadsPerBlock * 4 == blockDepth * blockColumns, "one float4 of B per thread");

// Why it beats the shared-memory tiles: there each multiply-add needed two shared-memory reads.
// Here, at each depth, a thread reads 8 values of A and 8 of B (four float4 reads) and does
// 8×8 = 64 multiply-adds with them, all from registers. And the larger block tile reuses every
// float it loads from global memory 128 times: (128×8 + 8×128) loads per 128×128×8 multiply-adds,
// 1/64 of a load per multiply-add. Edges are guarded: any M, N and K work; the float4 paths are
// taken only where rows are 16-byte aligned (K, respectively N, a multiple of 4).
__global__ void __launch_bounds__(threadsPerBlock, 2)
    registerTiledMatmulKernel(const float* __restrict__ a, const float* __restrict__ b,
                              float* __restrict__ c, int m, int n, int k, bool vectorA,
                              bool vectorB, bool vectorC) {
    __shared__ __align__(16) float aTile[blockDepth][aTileStride];
    __shared__ __align__(16) float bTile[blockDepth][blockColumns];

    const int firstRow = blockIdx.y * blockRows;
    const int firstColumn = blockIdx.x * blockColumns;
    const int thread = threadIdx.x;
    const int threadRow = thread / threadsPerRow;     // 0..15
    const int threadColumn = thread % threadsPerRow;  // 0..15

    // What this thread copies per step: 4 consecutive depths of one row of A, and 4 consecutive
    // columns of one depth of B.
    const int aLoadRow = thread / 2;                            // 0..127
    const int aLoadDepth = (thread % 2) * 4;                    // 0 or 4
    const int bLoadDepth = thread / (blockColumns / 4);         // 0..7
    const int bLoadColumn = (thread % (blockColumns / 4)) * 4;  // 0..124
    const int aRow = firstRow + aLoadRow;
    const int bColumn = firstColumn + bLoadColumn;

    float sums[rowsPerThread][columnsPerThread] = {};
    float aValues[rowsPerThread];
    float bValues[columnsPerThread];

    for (int depthStart = 0; depthStart < k; depthStart += blockDepth) {
        const int aDepth = depthStart + aLoadDepth;
        float4 aLoaded;
        if (vectorA && aRow < m && aDepth + 4 <= k) {
            aLoaded = *reinterpret_cast<const float4*>(&a[std::size_t(aRow) * k + aDepth]);
        } else {
            const float* aRowStart = a + std::size_t(aRow) * k;
            const bool rowInside = aRow < m;
            aLoaded.x = rowInside && aDepth + 0 < k ? aRowStart[aDepth + 0] : 0.0f;
            aLoaded.y = rowInside && aDepth + 1 < k ? aRowStart[aDepth + 1] : 0.0f;
            aLoaded.z = rowInside && aDepth + 2 < k ? aRowStart[aDepth + 2] : 0.0f;
            aLoaded.w = rowInside && aDepth + 3 < k ? aRowStart[aDepth + 3] : 0.0f;
        }
        aTile[aLoadDepth + 0][aLoadRow] = aLoaded.x;
        aTile[aLoadDepth + 1][aLoadRow] = aLoaded.y;
        aTile[aLoadDepth + 2][aLoadRow] = aLoaded.z;
        aTile[aLoadDepth + 3][aLoadRow] = aLoaded.w;

        const int bDepth = depthStart + bLoadDepth;
        float4 bLoaded;
        if (vectorB && bDepth < k && bColumn + 4 <= n) {
            bLoaded = *reinterpret_cast<const float4*>(&b[std::size_t(bDepth) * n + bColumn]);
        } else {
            const float* bRowStart = b + std::size_t(bDepth) * n;
            const bool depthInside = bDepth < k;
            bLoaded.x = depthInside && bColumn + 0 < n ? bRowStart[bColumn + 0] : 0.0f;
            bLoaded.y = depthInside && bColumn + 1 < n ? bRowStart[bColumn + 1] : 0.0f;
            bLoaded.z = depthInside && bColumn + 2 < n ? bRowStart[bColumn + 2] : 0.0f;
            bLoaded.w = depthInside && bColumn + 3 < n ? bRowStart[bColumn + 3] : 0.0f;
        }
        *reinterpret_cast<float4*>(&bTile[bLoadDepth][bLoadColumn]) = bLoaded;
        __syncthreads();  // both tiles complete

#pragma unroll
        for (int depth = 0; depth < blockDepth; ++depth) {
#pragma unroll
            for (int run = 0; run < 2; ++run) {
                const float4 aRun = *reinterpret_cast<const float4*>(
                    &aTile[depth][run * halfTile + threadRow * runLength]);
                aValues[run * runLength + 0] = aRun.x;
                aValues[run * runLength + 1] = aRun.y;
                aValues[run * runLength + 2] = aRun.z;
                aValues[run * runLength + 3] = aRun.w;
                const float4 bRun = *reinterpret_cast<const float4*>(
                    &bTile[depth][run * halfTile + threadColumn * runLength]);
                bValues[run * runLength + 0] = bRun.x;
                bValues[run * runLength + 1] = bRun.y;
                bValues[run * runLength + 2] = bRun.z;
                bValues[run * runLength + 3] = bRun.w;
            }
#pragma unroll
            for (int i = 0; i < rowsPerThread; ++i)
#pragma unroll
                for (int j = 0; j < columnsPerThread; ++j) sums[i][j] += aValues[i] * bValues[j];
        }
        __syncthreads();  // everyone is done with the tiles before the next step overwrites them
    }

    // sums[i][j] belongs to row (i / 4)·64 + threadRow·4 + i % 4 of the tile, and likewise for
    // the column.
#pragma unroll
    for (int i = 0; i < rowsPerThread; ++i) {
        const int row =
            firstRow + (i / runLength) * halfTile + threadRow * runLength + i % runLength;
        if (row >= m) continue;
        float* cRow = c + std::size_t(row) * n;
#pragma unroll
        for (int run = 0; run < 2; ++run) {
            const int column = firstColumn + run * halfTile + threadColumn * runLength;
            const float* runSums = &sums[i][run * runLength];
            if (vectorC && column + 4 <= n) {
                *reinterpret_cast<float4*>(&cRow[column]) =
                    make_float4(runSums[0], runSums[1], runSums[2], runSums[3]);
            } else {
#pragma unroll
                for (int j = 0; j < runLength; ++j)
                    if (column + j < n) cRow[column + j] = runSums[j];
            }
        }
    }
}

bool isAligned16(const void* pointer) {
    return reinterpret_cast<std::uintptr_t>(pointer) % 16 == 0;
}

}  // namespace

cudaError_t launchRegisterTiledMatmul(const float* a, const float* b, float* c, int m, int n, int k,
                                      cudaStream_t stream) {
    // A row of A starts on a 16-byte boundary when A does and K is a multiple of 4; the same for
    // B, C and N.
    const bool vectorA = isAligned16(a) && k % 4 == 0;
    const bool vectorB = isAligned16(b) && n % 4 == 0;
    const bool vectorC = isAligned16(c) && n % 4 == 0;
    const dim3 blocksPerGrid((n + blockColumns - 1) / blockColumns,
                             (m + blockRows - 1) / blockRows);
    registerTiledMatmulKernel<<<blocksPerGrid, threadsPerBlock, 0, stream>>>(
        a, b, c, m, n, k, vectorA, vectorB, vectorC);
    return cudaGetLastError();
}

}  // namespace mlsyslab::matmul
