#pragma once

#include <QString>
#include <cstdint>

#include "gpu/GpuDeviceText.h"
#include "gpu/LaunchPicture.h"

namespace mlsyslab::widgets {

// How the `cuda-launch` simulator words a launch and one thread of it.

// "(1, 0)": a 2-D index or extent, as the kernel sees it.
QString pairText(std::int64_t x, std::int64_t y);

// "72 threads in 6 blocks of 12 threads (1 warp each, 20 lanes idle)".
QString launchSummaryText(const LaunchPicture& picture);
// Which threads have an element of C: all of them, or how many the guard
// `if (i < Nx && j < Ny)` leaves idle, and how many elements a too-small grid misses.
QString guardText(const LaunchPicture& picture);
// The thread at global (i, j), three lines:
//   i = blockIdx.x * blockDim.x + threadIdx.x = 1 * 4 + 2 = 6
//   j = blockIdx.y * blockDim.y + threadIdx.y = 0 * 3 + 1 = 1
//   C[1][6] = A[1][6] + B[1][6]          (or why the guard leaves the thread idle)
QString formulaText(const LaunchPicture& picture, std::int64_t i, std::int64_t j);
// Its built-ins, its warp and lane (from its linear id), and its SM.
QString threadDetailsText(const LaunchPicture& picture, std::int64_t i, std::int64_t j);
// How many blocks an SM holds, what limits that, and how many waves the grid takes.
QString mappingText(const LaunchPicture& picture);
// What part of a large launch is drawn; empty when all of it is.
QString shownPartText(const LaunchPicture& picture);
// The host code that makes this launch and the kernel, as the lecture writes them.
QString launchCodeText(const LaunchPicture& picture, bool gridGiven);
// "cannot launch: ..." for a launch CUDA refuses.
QString failureText(const LaunchPicture& picture);

}  // namespace mlsyslab::widgets
