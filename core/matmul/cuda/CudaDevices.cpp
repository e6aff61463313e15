#include "matmul/cuda/CudaDevices.h"

#include <cuda_runtime_api.h>

#include "common/Concat.h"

namespace mlsyslab::matmul {

namespace {

// "13.0" from CUDA's version numbers (1000 × major + 10 × minor).
std::string cudaVersionText(int version) {
    return concat(std::to_string(version / 1000), ".", std::to_string(version % 1000 / 10));
}

// Why cudaGetDeviceCount failed, in the words a student can act on. Without a driver the
// runtime answers "insufficient driver" too, so the driver's version tells the two apart.
std::string noDeviceReason(cudaError_t error) {
    const std::string what = concat("cudaGetDeviceCount: ", cudaGetErrorString(error));
    if (error == cudaErrorInsufficientDriver) {
        int driverVersion = 0;
        if (cudaDriverGetVersion(&driverVersion) != cudaSuccess || driverVersion == 0)
            return "no CUDA device: no NVIDIA driver is installed";
        return concat("CUDA driver too old: it supports CUDA ", cudaVersionText(driverVersion),
                      ", this build needs CUDA ", cudaVersionText(CUDART_VERSION), " (", what, ")");
    }
    return concat("no CUDA device: ", what);
}

CudaDeviceList findDevices() {
    CudaDeviceList list;
    int count = 0;
    const cudaError_t error = cudaGetDeviceCount(&count);
    if (error != cudaSuccess) {
        list.unavailableReason = noDeviceReason(error);
        cudaGetLastError();  // the runtime keeps the last error; this one is handled
        return list;
    }
    if (count == 0) {
        list.unavailableReason = "no CUDA device: cudaGetDeviceCount found none";
        return list;
    }
    for (int device = 0; device < count; ++device) {
        cudaDeviceProp properties{};
        if (const cudaError_t propertiesError = cudaGetDeviceProperties(&properties, device);
            propertiesError != cudaSuccess) {
            list.unavailableReason = concat("no CUDA device: cudaGetDeviceProperties: ",
                                            cudaGetErrorString(propertiesError));
            list.devices.clear();
            return list;
        }
        GpuDescription gpu;
        gpu.name = properties.name;
        gpu.memoryBytes = properties.totalGlobalMem;
        gpu.computeCapabilityMajor = properties.major;
        gpu.computeCapabilityMinor = properties.minor;
        gpu.multiprocessors = properties.multiProcessorCount;
        list.devices.push_back(gpu);
    }
    return list;
}

}  // namespace

const CudaDeviceList& cudaDevices() {
    static const CudaDeviceList devices = findDevices();
    return devices;
}

}  // namespace mlsyslab::matmul
