#include "matmul/cuda/CudaMatmulBackend.h"

#include <chrono>
#include <cstdio>

#include "common/Concat.h"
#include "matmul/cuda/CudaDevices.h"

namespace mlsyslab::matmul {

namespace {

// The GPU rungs run on the first device; the others are listed in detail().
constexpr int deviceIndex = 0;

std::string gibibytesText(std::uint64_t bytes) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f GiB", double(bytes) / double(1ull << 30));
    return text;
}

// One multiplication on the device. Every CUDA call is checked; the first failure is kept in
// failure_ and stops everything after it (PreparedMatmul::failure).
class PreparedCudaMatmul final : public PreparedMatmul {
public:
    PreparedCudaMatmul(CudaMatmulBackend& backend, const MatmulOperands& host)
        : backend_(backend), host_(host) {
        setUp();
    }

    ~PreparedCudaMatmul() override {
        // Errors are ignored here: after a failed kernel the device refuses everything.
        cudaFree(const_cast<float*>(device_.a));
        cudaFree(const_cast<float*>(device_.b));
        cudaFree(device_.c);
        if (start_ != nullptr) cudaEventDestroy(start_);
        if (stop_ != nullptr) cudaEventDestroy(stop_);
        if (device_.stream != nullptr) cudaStreamDestroy(device_.stream);
        cudaGetLastError();
    }

    std::optional<double> run(const std::atomic<bool>* cancel) override {
        // A kernel cannot be interrupted once launched: look at `cancel` before it starts.
        if (!failure_.empty() || (cancel != nullptr && cancel->load())) return std::nullopt;
        if (!succeeded(cudaEventRecord(start_, device_.stream), "cudaEventRecord")) return {};
        if (std::string error = backend_.launch(device_); !error.empty()) {
            failure_ = std::move(error);
            return std::nullopt;
        }
        if (!succeeded(cudaEventRecord(stop_, device_.stream), "cudaEventRecord")) return {};
        // Errors inside the kernel (an illegal address, say) surface here.
        if (!succeeded(cudaEventSynchronize(stop_), "running the kernel")) return {};
        float milliseconds = 0.0f;
        if (!succeeded(cudaEventElapsedTime(&milliseconds, start_, stop_), "cudaEventElapsedTime"))
            return std::nullopt;
        return double(milliseconds) / 1000.0;
    }

    double finish() override {
        if (!failure_.empty()) return 0.0;
        const auto start = std::chrono::steady_clock::now();
        if (!copy(host_.c, device_.c, cBytes(), cudaMemcpyDeviceToHost)) return 0.0;
        const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
        return elapsed.count();
    }

    double uploadSeconds() const override { return uploadSeconds_; }
    std::string failure() const override { return failure_; }

private:
    std::size_t aBytes() const {
        return sizeof(float) * std::size_t(host_.shape.m * host_.shape.k);
    }
    std::size_t bBytes() const {
        return sizeof(float) * std::size_t(host_.shape.k * host_.shape.n);
    }
    std::size_t cBytes() const {
        return sizeof(float) * std::size_t(host_.shape.m * host_.shape.n);
    }

    bool succeeded(cudaError_t error, const char* call) {
        if (error == cudaSuccess) return true;
        if (failure_.empty()) failure_ = cudaErrorText(call, error);
        cudaGetLastError();
        return false;
    }

    bool allocate(float** pointer, std::size_t bytes) {
        return succeeded(cudaMalloc(reinterpret_cast<void**>(pointer), bytes), "cudaMalloc");
    }

    // A copy on the stream, finished before it returns: the time the data takes to cross.
    bool copy(void* to, const void* from, std::size_t bytes, cudaMemcpyKind kind) {
        return succeeded(cudaMemcpyAsync(to, from, bytes, kind, device_.stream),
                         "cudaMemcpyAsync") &&
               succeeded(cudaStreamSynchronize(device_.stream), "cudaStreamSynchronize");
    }

    void setUp() {
        device_.shape = host_.shape;
        if (!succeeded(cudaSetDevice(deviceIndex), "cudaSetDevice") ||
            !succeeded(cudaStreamCreateWithFlags(&device_.stream, cudaStreamNonBlocking),
                       "cudaStreamCreateWithFlags") ||
            !succeeded(cudaEventCreate(&start_), "cudaEventCreate") ||
            !succeeded(cudaEventCreate(&stop_), "cudaEventCreate"))
            return;
        if (std::string error = backend_.setUp(device_.stream); !error.empty()) {
            failure_ = std::move(error);
            return;
        }
        if (!enoughDeviceMemory()) return;
        float* a = nullptr;
        float* b = nullptr;
        if (!allocate(&a, aBytes()) || !allocate(&b, bBytes()) || !allocate(&device_.c, cBytes())) {
            device_.a = a;
            device_.b = b;
            return;
        }
        device_.a = a;
        device_.b = b;
        // The upload is timed apart from the kernels: the seed's "minimize CPU-GPU transfers".
        const auto start = std::chrono::steady_clock::now();
        if (!copy(a, host_.a, aBytes(), cudaMemcpyHostToDevice) ||
            !copy(b, host_.b, bBytes(), cudaMemcpyHostToDevice))
            return;
        const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
        uploadSeconds_ = elapsed.count();
    }

    // Says how much is missing rather than leaving it to cudaMalloc's "out of memory".
    bool enoughDeviceMemory() {
        std::size_t freeBytes = 0;
        std::size_t totalBytes = 0;
        if (!succeeded(cudaMemGetInfo(&freeBytes, &totalBytes), "cudaMemGetInfo")) return false;
        const std::uint64_t needed = backend_.workspaceBytes(host_.shape);
        if (needed <= freeBytes) return true;
        const auto& devices = cudaDevices().devices;
        failure_ = concat(std::to_string(host_.shape.m), "×", std::to_string(host_.shape.n), "×",
                          std::to_string(host_.shape.k), " needs ", gibibytesText(needed),
                          " of device memory; ", gibibytesText(freeBytes), " is free on ",
                          devices.empty() ? std::string("the GPU") : devices.front().name);
        return false;
    }

    CudaMatmulBackend& backend_;
    MatmulOperands host_;
    DeviceOperands device_;
    cudaEvent_t start_ = nullptr;
    cudaEvent_t stop_ = nullptr;
    double uploadSeconds_ = 0.0;
    std::string failure_;
};

}  // namespace

std::string cudaErrorText(const char* call, cudaError_t error) {
    return concat(call, ": ", cudaGetErrorString(error));
}

BackendAvailability CudaMatmulBackend::availability() const {
    const CudaDeviceList& devices = cudaDevices();
    if (devices.devices.empty()) return {false, devices.unavailableReason};
    return {};
}

std::string CudaMatmulBackend::detail() const {
    const CudaDeviceList& devices = cudaDevices();
    if (devices.devices.empty()) return {};
    const GpuDescription& gpu = devices.devices[deviceIndex];
    std::string text = concat(gpu.name, ", ", gibibytesText(gpu.memoryBytes),
                              ", compute capability ", std::to_string(gpu.computeCapabilityMajor),
                              ".", std::to_string(gpu.computeCapabilityMinor), ", ",
                              std::to_string(gpu.multiprocessors), " SMs");
    if (devices.devices.size() > 1)
        text += concat(" (device 0 of ", std::to_string(devices.devices.size()), ")");
    return text;
}

std::uint64_t CudaMatmulBackend::workspaceBytes(const MatmulShape& shape) const {
    const std::uint64_t floats = std::uint64_t(shape.m * shape.k) +
                                 std::uint64_t(shape.k * shape.n) +
                                 std::uint64_t(shape.m * shape.n);
    return floats * sizeof(float);
}

std::unique_ptr<PreparedMatmul> CudaMatmulBackend::prepare(const MatmulOperands& operands,
                                                           unsigned threads) {
    (void)threads;  // one host thread launches the kernels
    return std::make_unique<PreparedCudaMatmul>(*this, operands);
}

}  // namespace mlsyslab::matmul
