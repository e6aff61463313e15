#pragma once

#include <cstdint>
#include <vector>

#include "gpu/Dim3.h"
#include "gpu/WarpLanes.h"

namespace mlsyslab::gpu {

// Where one thread sits in a launch: what the CUDA built-ins hold for it.
struct ThreadPlace {
    Dim3 blockIdx;
    Dim3 threadIdx;
    std::int64_t blockLinear = 0;   // blockIdx.x + blockIdx.y * gridDim.x + ...
    int threadLinear = 0;           // threadIdx.x + threadIdx.y * blockDim.x + ... (in its block)
    int warpInBlock = 0;            // threadLinear / 32: warps are consecutive linear ids
    int lane = 0;                   // threadLinear % 32
    std::int64_t globalX = 0;       // blockIdx.x * blockDim.x + threadIdx.x
    std::int64_t globalY = 0;       // blockIdx.y * blockDim.y + threadIdx.y
    std::int64_t globalZ = 0;
};

// A kernel launch <<<grid, block>>>: the mapping from threads to indices and warps.
class LaunchGeometry {
public:
    LaunchGeometry(Dim3 grid, Dim3 block, int warpSize = kWarpLanes);

    const Dim3& grid() const { return grid_; }
    const Dim3& block() const { return block_; }
    int warpSize() const { return warpSize_; }
    std::int64_t blockCount() const { return grid_.count(); }
    int threadsPerBlock() const { return static_cast<int>(block_.count()); }
    int warpsPerBlock() const;  // the last warp may be partly empty
    std::int64_t threadCount() const { return blockCount() * threadsPerBlock(); }

    ThreadPlace place(std::int64_t blockLinear, int threadLinear) const;
    Dim3 blockIndexOf(std::int64_t blockLinear) const;
    Dim3 threadIndexOf(int threadLinear) const;

private:
    Dim3 grid_;
    Dim3 block_;
    int warpSize_;
};

// Blocks handed to SMs the way the hardware's block scheduler does when every block takes as
// long: round-robin over the SMs, up to `blocksPerSm` resident on each; a block that does not
// fit waits for the next wave.
struct BlockAssignment {
    std::int64_t block = 0;
    int sm = 0;
    int wave = 0;   // 0 = launched at once; 1 = when the first wave's blocks finish; ...
};
std::vector<BlockAssignment> assignBlocksInWaves(std::int64_t blockCount, int smCount,
                                                 int blocksPerSm);
int waveCount(std::int64_t blockCount, int smCount, int blocksPerSm);

}  // namespace mlsyslab::gpu
