#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>
#include <memory>
#include <string>

#include "matmul/MatmulBackend.h"
#include "matmul/cuda/CudaRungs.h"

namespace mlsyslab::matmul {

// "cudaMalloc: out of memory"
std::string cudaErrorText(const char* call, cudaError_t error);

// One multiplication's matrices in device memory, and the stream its kernels run on.
struct DeviceOperands {
    const float* a = nullptr;
    const float* b = nullptr;
    float* c = nullptr;
    MatmulShape shape;
    cudaStream_t stream = nullptr;
};

// What the GPU rungs share: they run on the first CUDA device, say which it is, and prepare a
// multiplication the same way: device memory for A, B and C, A and B uploaded (timed), each run
// a launch between two CUDA events (the kernel's time alone), and C copied back (timed). A rung
// adds only its launch.
class CudaMatmulBackend : public MatmulBackend {
public:
    explicit CudaMatmulBackend(const CudaRung& rung) : rung_(rung) {}

    std::string_view name() const override { return rung_.name; }
    std::string_view title() const override { return rung_.title; }
    std::string_view idea() const override { return rung_.idea; }
    bool runsOnGpu() const override { return true; }
    BackendAvailability availability() const override;
    // "NVIDIA H100 80GB HBM3, 79.1 GiB, compute capability 9.0, 132 SMs"
    std::string detail() const override;
    // A, B and C in device memory.
    std::uint64_t workspaceBytes(const MatmulShape& shape) const override;
    std::unique_ptr<PreparedMatmul> prepare(const MatmulOperands& operands, unsigned threads) final;

    // Readies what launches need beyond the matrices (cuBLAS's handle), once per prepared
    // multiplication, before the upload. Returns the error in words, empty when ready.
    virtual std::string setUp(cudaStream_t stream) {
        (void)stream;
        return {};
    }
    // Enqueues C = A·B on operands.stream. Returns the error in words, empty when enqueued.
    virtual std::string launch(const DeviceOperands& operands) = 0;

private:
    CudaRung rung_;
};

}  // namespace mlsyslab::matmul
