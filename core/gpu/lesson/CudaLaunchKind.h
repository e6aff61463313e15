#pragma once

#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "gpu/DeviceModel.h"
#include "gpu/Dim3.h"
#include "gpu/Occupancy.h"
#include "lesson/KindSpec.h"
#include "gpu/lesson/GpuDeviceField.h"

namespace mlsyslab::lesson::kinds {

// ```sim cuda-launch: the lecture's matrixAdd launch, C = A + B for Ny × Nx matrices, one thread
// per element: the grid of blocks, each block's threads, its warps, the SM each block lands on.
// Its fields, defaults and values: cudaLaunchKind() below (and docs/lesson-format.md).
// A block of more threads than the device allows is not an error here: the simulator shows the
// launch failing, as CUDA does.
inline constexpr std::int64_t kLaunchMaxMatrixSide = 16384;
// CUDA C++ Programming Guide, "Technical Specifications per Compute Capability" (every device
// since compute capability 2.0): a block's x and y extents at most 1024, a grid's x extent at
// most 2^31 - 1 and its y extent at most 65535.
inline constexpr std::int64_t kCudaMaxBlockSide = 1024;
inline constexpr std::int64_t kCudaMaxGridX = 2147483647;
inline constexpr std::int64_t kCudaMaxGridY = 65535;

// matrixAdd computes two indices, two addresses and one sum: nvcc gives such a kernel a dozen or
// so registers, and the view assumes 16. At 16 a thread, even a 1024-thread block takes a quarter
// of an SM's 65,536 registers, so registers never limit these launches; warps and blocks per SM
// do, whichever is assumed.
inline constexpr int kMatrixAddRegistersPerThread = 16;

struct CudaLaunchState {
    std::string device = kDefaultGpuDevice;
    std::int64_t matrixColumns = 12;  // the seed's Nx
    std::int64_t matrixRows = 6;      // the seed's Ny
    gpu::Dim3 block{4, 3, 1};
    std::optional<gpu::Dim3> grid;  // as the lesson wrote it; otherwise the covering grid
    std::int64_t selectedX = 0;     // the selected thread's global i and j
    std::int64_t selectedY = 0;
};

// The grid the seed computes: ((nx + bx - 1) / bx, (ny + by - 1) / by), every element a thread.
gpu::Dim3 coveringGrid(std::int64_t columns, std::int64_t rows, const gpu::Dim3& block);
gpu::Dim3 launchGrid(const CudaLaunchState& state);

// Why CUDA refuses this launch on the device, e.g. "block (64, 32) has 2048 threads; the
// RTX 4090 runs at most 1024 in a block", or nothing when it runs.
std::optional<std::string> launchFailure(const gpu::DeviceModel& device, const gpu::Dim3& block,
                                         const gpu::Dim3& grid);

// Blocks of this shape resident per SM at kMatrixAddRegistersPerThread and no shared memory.
gpu::OccupancyResult matrixAddOccupancy(const gpu::DeviceModel& device, const gpu::Dim3& block);

const KindSpec<CudaLaunchState>& cudaLaunchKind();

}  // namespace mlsyslab::lesson::kinds
