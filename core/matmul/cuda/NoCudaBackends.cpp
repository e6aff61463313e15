#include <string>

#include "matmul/BackendRegistry.h"
#include "matmul/cuda/CudaDevices.h"
#include "matmul/cuda/CudaRungs.h"

// The GPU rungs of a build without CUDA: listed like the others, never available, and saying
// why. MLSYSLAB_NO_CUDA_REASON comes from CMake (nvcc not found, or MLSYSLAB_CUDA=OFF).
#ifndef MLSYSLAB_NO_CUDA_REASON
#define MLSYSLAB_NO_CUDA_REASON "this build has no CUDA: nvcc was not found when it was configured"
#endif

namespace mlsyslab::matmul {

namespace {

class NoCudaPreparedMatmul final : public PreparedMatmul {
public:
    std::optional<double> run(const std::atomic<bool>*) override { return std::nullopt; }
    double finish() override { return 0.0; }
    std::string failure() const override { return MLSYSLAB_NO_CUDA_REASON; }
};

class NoCudaBackend final : public MatmulBackend {
public:
    explicit NoCudaBackend(const CudaRung& rung) : rung_(rung) {}

    std::string_view name() const override { return rung_.name; }
    std::string_view title() const override { return rung_.title; }
    std::string_view idea() const override { return rung_.idea; }
    bool runsOnGpu() const override { return true; }
    BackendAvailability availability() const override { return {false, MLSYSLAB_NO_CUDA_REASON}; }
    std::unique_ptr<PreparedMatmul> prepare(const MatmulOperands&, unsigned) override {
        return std::make_unique<NoCudaPreparedMatmul>();
    }

private:
    CudaRung rung_;
};

}  // namespace

const CudaDeviceList& cudaDevices() {
    static const CudaDeviceList none{{}, MLSYSLAB_NO_CUDA_REASON};
    return none;
}

std::unique_ptr<MatmulBackend> makeCudaNaiveBackend() {
    return std::make_unique<NoCudaBackend>(cudaNaiveRung);
}
std::unique_ptr<MatmulBackend> makeCudaTiledBackend() {
    return std::make_unique<NoCudaBackend>(cudaTiledRung);
}
std::unique_ptr<MatmulBackend> makeCudaRegisterTiledBackend() {
    return std::make_unique<NoCudaBackend>(cudaRegisterTiledRung);
}
std::unique_ptr<MatmulBackend> makeCublasBackend() {
    return std::make_unique<NoCudaBackend>(cublasRung);
}

}  // namespace mlsyslab::matmul
