#pragma once

#include <cuda_runtime_api.h>

namespace mlsyslab::matmul {

// The hand-written CUDA kernels, each in its own .cu file. Every launcher enqueues
// C = A·B on `stream` for row-major A (m×k), B (k×n) and C (m×n) in device memory, any sizes
// from 1 up, and returns the launch's error (cudaSuccess when it was enqueued; errors while the
// kernel runs show up when the stream is synchronised).

// One thread per element of C, 16×16 threads per block (NaiveKernel.cu).
cudaError_t launchNaiveMatmul(const float* a, const float* b, float* c, int m, int n, int k,
                              cudaStream_t stream);

// 32×32 tiles of A and B staged in shared memory (TiledKernel.cu).
cudaError_t launchTiledMatmul(const float* a, const float* b, float* c, int m, int n, int k,
                              cudaStream_t stream);

// 128×128 block tiles, 8×8 outputs per thread in registers (RegisterTiledKernel.cu).
cudaError_t launchRegisterTiledMatmul(const float* a, const float* b, float* c, int m, int n, int k,
                                      cudaStream_t stream);

}  // namespace mlsyslab::matmul
