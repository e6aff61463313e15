#include "gpu/LaunchGeometry.h"

#include <algorithm>

namespace mlsyslab::gpu {

LaunchGeometry::LaunchGeometry(Dim3 grid, Dim3 block, int warpSize)
    : grid_(grid), block_(block), warpSize_(std::max(1, warpSize)) {}

int LaunchGeometry::warpsPerBlock() const {
    return (threadsPerBlock() + warpSize_ - 1) / warpSize_;
}

Dim3 LaunchGeometry::blockIndexOf(std::int64_t blockLinear) const {
    const std::int64_t plane = std::int64_t{grid_.x} * grid_.y;
    return Dim3{static_cast<int>(blockLinear % grid_.x),
                static_cast<int>((blockLinear / grid_.x) % grid_.y),
                static_cast<int>(blockLinear / plane)};
}

Dim3 LaunchGeometry::threadIndexOf(int threadLinear) const {
    const int plane = block_.x * block_.y;
    return Dim3{threadLinear % block_.x, (threadLinear / block_.x) % block_.y,
                threadLinear / plane};
}

ThreadPlace LaunchGeometry::place(std::int64_t blockLinear, int threadLinear) const {
    ThreadPlace place;
    place.blockIdx = blockIndexOf(blockLinear);
    place.threadIdx = threadIndexOf(threadLinear);
    place.blockLinear = blockLinear;
    place.threadLinear = threadLinear;
    // Warps are cut from consecutive linear thread ids (x fastest, then y, then z).
    place.warpInBlock = threadLinear / warpSize_;
    place.lane = threadLinear % warpSize_;
    place.globalX = std::int64_t{place.blockIdx.x} * block_.x + place.threadIdx.x;
    place.globalY = std::int64_t{place.blockIdx.y} * block_.y + place.threadIdx.y;
    place.globalZ = std::int64_t{place.blockIdx.z} * block_.z + place.threadIdx.z;
    return place;
}

std::vector<BlockAssignment> assignBlocksInWaves(std::int64_t blockCount, int smCount,
                                                 int blocksPerSm) {
    std::vector<BlockAssignment> assignments;
    if (smCount < 1 || blocksPerSm < 1 || blockCount < 1) return assignments;
    assignments.reserve(static_cast<std::size_t>(blockCount));
    const std::int64_t blocksPerWave = std::int64_t{smCount} * blocksPerSm;
    for (std::int64_t block = 0; block < blockCount; ++block) {
        // Round robin over the SMs first, so a small grid spreads over many SMs rather than
        // filling one: block b of a wave goes to SM b mod smCount.
        const std::int64_t inWave = block % blocksPerWave;
        assignments.push_back({block, static_cast<int>(inWave % smCount),
                               static_cast<int>(block / blocksPerWave)});
    }
    return assignments;
}

int waveCount(std::int64_t blockCount, int smCount, int blocksPerSm) {
    if (smCount < 1 || blocksPerSm < 1 || blockCount < 1) return 0;
    const std::int64_t blocksPerWave = std::int64_t{smCount} * blocksPerSm;
    return static_cast<int>((blockCount + blocksPerWave - 1) / blocksPerWave);
}

}  // namespace mlsyslab::gpu
