#pragma once

#include <cstdint>

namespace mlsyslab::gpu {

// Threads per warp: 32 on every NVIDIA GPU so far (CUDA C++ Programming Guide, "SIMT
// Architecture"; the built-in variable warpSize). The course's models are built for it: a
// warp's lanes are one bit each of a 32-bit mask, coalescing counts one warp-wide load, the
// simulator runs 32-lane warps. DeviceModel::warpSize is a device's own figure (from its file);
// code that means that device's warp reads it instead.
inline constexpr int kWarpLanes = 32;
inline constexpr std::uint32_t kAllLanes = 0xFFFFFFFFu;  // every lane of a full warp

}  // namespace mlsyslab::gpu
