#include "common/Concat.h"
#include "matmul/BackendRegistry.h"
#include "matmul/cuda/CublasLibrary.h"
#include "matmul/cuda/CudaMatmulBackend.h"

namespace mlsyslab::matmul {

namespace {

// The top of the GPU ladder: cuBLAS's SGEMM, timed like the hand-written kernels.
class CublasBackend final : public CudaMatmulBackend {
public:
    CublasBackend() : CudaMatmulBackend(cublasRung) {}
    ~CublasBackend() override {
        if (handle_ != nullptr) functions_->destroy(handle_);
    }

    BackendAvailability availability() const override {
        BackendAvailability device = CudaMatmulBackend::availability();
        if (!device.available) return device;
        std::string error;
        if (cublasFunctions(&error) == nullptr) return {false, error};
        return {};
    }

    std::string setUp(cudaStream_t stream) override {
        (void)stream;  // set for every launch
        if (handle_ != nullptr) return {};
        std::string error;
        functions_ = cublasFunctions(&error);
        if (functions_ == nullptr) return error;
        if (const cublasStatus_t status = functions_->create(&handle_);
            status != CUBLAS_STATUS_SUCCESS) {
            handle_ = nullptr;
            return statusText("cublasCreate", status);
        }
        // FP32 against FP32: the default math mode multiplies in float32 on the CUDA cores, like
        // the hand-written kernels. TF32 tensor cores (CUBLAS_TF32_TENSOR_OP_MATH) or the BF16×9
        // emulation would be faster but round the inputs differently, so the ladder would compare
        // different arithmetic. Pedantic mode is float32 too, but may pass over the fastest
        // float32 kernels, which would flatter ours.
        if (const cublasStatus_t status = functions_->setMathMode(handle_, CUBLAS_DEFAULT_MATH);
            status != CUBLAS_STATUS_SUCCESS)
            return statusText("cublasSetMathMode", status);
        return {};
    }

    std::string launch(const DeviceOperands& operands) override {
        if (const cublasStatus_t status = functions_->setStream(handle_, operands.stream);
            status != CUBLAS_STATUS_SUCCESS)
            return statusText("cublasSetStream", status);
        // cuBLAS is column-major, and a row-major matrix read column-major is its transpose.
        // So ask for Cᵀ = Bᵀ·Aᵀ (N×M, from Bᵀ: N×K and Aᵀ: K×M): B first, no transposes, and
        // the result is C in row-major order.
        const MatmulShape& shape = operands.shape;
        const int m = int(shape.m);
        const int n = int(shape.n);
        const int k = int(shape.k);
        const float alpha = 1.0f;
        const float beta = 0.0f;
        const cublasStatus_t status =
            functions_->sgemm(handle_, CUBLAS_OP_N, CUBLAS_OP_N, n, m, k, &alpha, operands.b, n,
                              operands.a, k, &beta, operands.c, n);
        if (status != CUBLAS_STATUS_SUCCESS) return statusText("cublasSgemm", status);
        return {};
    }

private:
    std::string statusText(const char* call, cublasStatus_t status) const {
        return concat(call, ": ", functions_->statusString(status));
    }

    const CublasFunctions* functions_ = nullptr;
    cublasHandle_t handle_ = nullptr;
};

}  // namespace

std::unique_ptr<MatmulBackend> makeCublasBackend() { return std::make_unique<CublasBackend>(); }

}  // namespace mlsyslab::matmul
