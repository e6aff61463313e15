#pragma once

#include <string_view>

namespace mlsyslab::matmul {

// The four GPU rungs as people see them, the same in a build with CUDA and in one without (where
// they are listed, and say why they cannot run).
struct CudaRung {
    std::string_view name;
    std::string_view title;
    std::string_view idea;
};

inline constexpr CudaRung cudaNaiveRung{
    "cuda-naive", "CUDA naive (one thread per element)",
    "The seed's first kernel: one GPU thread per element of C, in blocks of 16×16, tens of "
    "thousands at once; each thread reads its row of A and column of B from global memory, two "
    "loads for every multiply-add."};

inline constexpr CudaRung cudaTiledRung{
    "cuda-tiled", "CUDA shared-memory tiles (32×32)",
    "A block copies a 32×32 tile of A and one of B into shared memory, then each thread uses "
    "every loaded value 32 times: global loads per multiply-add fall from 2 to 1/16."};

inline constexpr CudaRung cudaRegisterTiledRung{
    "cuda-regtile", "CUDA register blocking (128×128 per block, 8×8 per thread)",
    "Each thread keeps an 8×8 patch of C in registers and updates it from 8 values of A and 8 of "
    "B: 64 multiply-adds for 16 shared-memory reads, and a 128×128 block tile cuts global loads "
    "to 1/64 per multiply-add."};

inline constexpr CudaRung cublasRung{
    "cublas", "cuBLAS cublasSgemm (FP32)",
    "NVIDIA's library: the same tiling ideas, tuned for each GPU generation (warp tiles, double "
    "buffering, asynchronous copies), in FP32 on the CUDA cores without TF32 tensor cores."};

}  // namespace mlsyslab::matmul
