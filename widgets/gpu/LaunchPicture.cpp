#include "gpu/LaunchPicture.h"

#include <algorithm>

namespace mlsyslab::widgets {

std::int64_t LaunchPicture::threadsAcross() const {
    return std::int64_t{launch.grid().x} * launch.block().x;
}

std::int64_t LaunchPicture::threadsDown() const {
    return std::int64_t{launch.grid().y} * launch.block().y;
}

bool LaunchPicture::isShown(std::int64_t i, std::int64_t j) const {
    if (!runs() || i < 0 || j < 0) return false;
    const gpu::Dim3& block = launch.block();
    return i / block.x < shownBlocksAcross && i % block.x < shownThreadsAcross &&
           j / block.y < shownBlocksDown && j % block.y < shownThreadsDown;
}

bool LaunchPicture::isInMatrix(std::int64_t i, std::int64_t j) const {
    return i < matrixColumns && j < matrixRows;
}

bool LaunchPicture::isCapped() const {
    return shownBlocksAcross < launch.grid().x || shownBlocksDown < launch.grid().y ||
           shownThreadsAcross < launch.block().x || shownThreadsDown < launch.block().y;
}

gpu::ThreadPlace LaunchPicture::placeOf(std::int64_t i, std::int64_t j) const {
    const gpu::Dim3& block = launch.block();
    const std::int64_t blockLinear = i / block.x + (j / block.y) * launch.grid().x;
    const auto threadLinear = static_cast<int>(i % block.x + (j % block.y) * block.x);
    return launch.place(blockLinear, threadLinear);
}

gpu::BlockAssignment LaunchPicture::assignmentOf(std::int64_t blockLinear) const {
    if (firstWave.empty() || blocksPerWave < 1) return {blockLinear, 0, 0};
    gpu::BlockAssignment assignment =
        firstWave[static_cast<std::size_t>(blockLinear % blocksPerWave)];
    assignment.block = blockLinear;
    assignment.wave = static_cast<int>(blockLinear / blocksPerWave);
    return assignment;
}

std::int64_t LaunchPicture::idleThreads() const {
    const std::int64_t busyColumns = std::min(threadsAcross(), matrixColumns);
    const std::int64_t busyRows = std::min(threadsDown(), matrixRows);
    return threadsAcross() * threadsDown() - busyColumns * busyRows;
}

std::int64_t LaunchPicture::uncoveredElements() const {
    const std::int64_t busyColumns = std::min(threadsAcross(), matrixColumns);
    const std::int64_t busyRows = std::min(threadsDown(), matrixRows);
    return matrixColumns * matrixRows - busyColumns * busyRows;
}

LaunchPicture makeLaunchPicture(const lesson::kinds::CudaLaunchState& state,
                                const gpu::DeviceModel& device) {
    LaunchPicture picture;
    picture.device = device;
    const gpu::Dim3 grid = lesson::kinds::launchGrid(state);
    picture.launch = gpu::LaunchGeometry(grid, state.block, device.warpSize);
    picture.matrixColumns = state.matrixColumns;
    picture.matrixRows = state.matrixRows;
    picture.failure = lesson::kinds::launchFailure(device, state.block, grid);
    if (picture.failure) return picture;

    picture.occupancy = lesson::kinds::matrixAddOccupancy(device, state.block);
    const int blocksPerSm = picture.occupancy.activeBlocksPerSm;
    picture.blocksPerWave = std::int64_t{device.smCount} * blocksPerSm;
    picture.waves = gpu::waveCount(picture.launch.blockCount(), device.smCount, blocksPerSm);
    // One wave is enough to know every block's SM: the next wave starts when the first one's
    // blocks finish and deals the SMs out the same way again.
    picture.firstWave = gpu::assignBlocksInWaves(
        std::min(picture.launch.blockCount(), picture.blocksPerWave), device.smCount, blocksPerSm);

    const gpu::Dim3& block = state.block;
    picture.shownThreadsAcross = std::min(block.x, kMaxShownThreadColumns);
    picture.shownThreadsDown = std::min(block.y, kMaxShownThreadRows);
    picture.shownBlocksAcross = std::clamp(kMaxShownThreadColumns / block.x, 1, grid.x);
    picture.shownBlocksDown = std::clamp(kMaxShownThreadRows / block.y, 1, grid.y);
    return picture;
}

}  // namespace mlsyslab::widgets
