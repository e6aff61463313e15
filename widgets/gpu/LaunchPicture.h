#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "gpu/DeviceModel.h"
#include "gpu/LaunchGeometry.h"
#include "gpu/Occupancy.h"
#include "gpu/lesson/CudaLaunchKind.h"

namespace mlsyslab::widgets {

// What the `cuda-launch` simulator shows of a launch: the launch itself, where its blocks run,
// and the part of it that is drawn. A large grid is drawn only in its top-left corner, at most
// kMaxShownThreadColumns × kMaxShownThreadRows threads, so the drawing stays readable and fast;
// the counts and the texts always speak of the whole launch.
inline constexpr int kMaxShownThreadColumns = 64;
inline constexpr int kMaxShownThreadRows = 32;

struct LaunchPicture {
    gpu::DeviceModel device;
    gpu::LaunchGeometry launch{gpu::Dim3{}, gpu::Dim3{}};
    std::int64_t matrixColumns = 0;  // Nx
    std::int64_t matrixRows = 0;     // Ny
    // Why CUDA refuses the launch; when set, nothing else below is filled in.
    std::optional<std::string> failure;

    gpu::OccupancyResult occupancy;  // blocks of this shape per SM
    std::int64_t blocksPerWave = 0;  // SMs × resident blocks per SM
    int waves = 0;
    // The first wave's assignment; every later wave repeats it (assignBlocksInWaves).
    std::vector<gpu::BlockAssignment> firstWave;

    // The drawn corner: whole blocks across and down, and the threads drawn of each block
    // (all of them unless one block alone is wider or taller than the cap).
    int shownBlocksAcross = 0;
    int shownBlocksDown = 0;
    int shownThreadsAcross = 0;
    int shownThreadsDown = 0;

    bool runs() const { return !failure.has_value(); }
    std::int64_t threadsAcross() const;  // gridDim.x × blockDim.x
    std::int64_t threadsDown() const;
    // Whether the thread with global indices (i, j) is drawn, and whether it has an element of
    // C: the kernel's guard `if (i < Nx && j < Ny)`.
    bool isShown(std::int64_t i, std::int64_t j) const;
    bool isInMatrix(std::int64_t i, std::int64_t j) const;
    bool isCapped() const;
    // The thread at global (i, j): its block, its place in it, its warp and lane.
    gpu::ThreadPlace placeOf(std::int64_t i, std::int64_t j) const;
    gpu::BlockAssignment assignmentOf(std::int64_t blockLinear) const;
    // Threads that fall outside the matrix, and elements of C no thread covers (a grid given
    // explicitly may be too small).
    std::int64_t idleThreads() const;
    std::int64_t uncoveredElements() const;
};

LaunchPicture makeLaunchPicture(const lesson::kinds::CudaLaunchState& state,
                                const gpu::DeviceModel& device);

}  // namespace mlsyslab::widgets
