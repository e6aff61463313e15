#pragma once

#include <string>
#include <vector>

#include "matmul/MachineDescription.h"

namespace mlsyslab::matmul {

// The CUDA devices present, or an empty list and why ("this build has no CUDA: nvcc was not
// found when it was configured", "no CUDA device: cudaGetDeviceCount: no CUDA-capable device is
// detected", "CUDA driver too old: ...").
struct CudaDeviceList {
    std::vector<GpuDescription> devices;
    std::string unavailableReason;
};
const CudaDeviceList& cudaDevices();  // asked once

}  // namespace mlsyslab::matmul
