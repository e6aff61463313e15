#include "matmul/BackendRegistry.h"
#include "matmul/cuda/CudaKernels.h"
#include "matmul/cuda/CudaMatmulBackend.h"

// The three hand-written GPU rungs: the same preparation and timing (CudaMatmulBackend), each
// with its own kernel (NaiveKernel.cu, TiledKernel.cu, RegisterTiledKernel.cu).
namespace mlsyslab::matmul {

namespace {

using KernelLauncher = cudaError_t (*)(const float* a, const float* b, float* c, int m, int n,
                                       int k, cudaStream_t stream);

class CudaKernelBackend final : public CudaMatmulBackend {
public:
    CudaKernelBackend(const CudaRung& rung, KernelLauncher launcher)
        : CudaMatmulBackend(rung), launcher_(launcher) {}

    std::string launch(const DeviceOperands& operands) override {
        // Sizes fit in int: the runner refuses dimensions above 2²⁰.
        const MatmulShape& shape = operands.shape;
        const cudaError_t error = launcher_(operands.a, operands.b, operands.c, int(shape.m),
                                            int(shape.n), int(shape.k), operands.stream);
        if (error == cudaSuccess) return {};
        return cudaErrorText("kernel launch", error);
    }

private:
    KernelLauncher launcher_;
};

}  // namespace

std::unique_ptr<MatmulBackend> makeCudaNaiveBackend() {
    return std::make_unique<CudaKernelBackend>(cudaNaiveRung, launchNaiveMatmul);
}
std::unique_ptr<MatmulBackend> makeCudaTiledBackend() {
    return std::make_unique<CudaKernelBackend>(cudaTiledRung, launchTiledMatmul);
}
std::unique_ptr<MatmulBackend> makeCudaRegisterTiledBackend() {
    return std::make_unique<CudaKernelBackend>(cudaRegisterTiledRung, launchRegisterTiledMatmul);
}

}  // namespace mlsyslab::matmul
