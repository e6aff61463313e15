#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "common/Result.h"
#include "gpu/WarpLanes.h"

namespace mlsyslab::gpu {

// Memory transactions for one warp-wide load, as the CUDA C++ Best Practices Guide counts them
// ("Coalesced Access to Global Memory"): the L1/L2 move 32-byte sectors of 128-byte lines, and
// a warp's request costs as many sectors as distinct 32-byte pieces its lanes touch.
inline constexpr std::int64_t kSectorBytes = 32;
inline constexpr std::int64_t kCacheLineBytes = 128;
// GPUs since Pascal address 2^49 bytes of virtual memory (Pascal GP100 whitepaper): no lane
// reads past that.
inline constexpr std::int64_t kLargestByteAddress = std::int64_t{1} << 49;

// The bytes one lane's load can read: CUDA loads 1, 2, 4, 8 or 16 bytes per thread (char to
// float4; CUDA C++ Programming Guide, "Device Memory Accesses").
inline constexpr std::array<int, 5> kElementSizes = {1, 2, 4, 8, 16};

// "1, 2, 4, 8 or 16": kElementSizes in words, for the messages that list them.
std::string elementSizesInWords();

// The one check of an element size, which the lesson kind and the CLI call too: the size, or
// why a lane cannot load it ("element size 3 bytes: a load reads 1, 2, 4, 8 or 16 bytes per
// lane"). The readers word their own message around their field or option name.
Result<int> validateElementBytes(std::int64_t elementBytes);

struct LaneAccess {
    int lane = 0;
    std::int64_t byteAddress = 0;  // from the array's 128-byte-aligned base
    int bytes = 4;
};

struct CoalescingResult {
    std::vector<LaneAccess> lanes;             // as requested, one per active lane
    std::vector<std::int64_t> sectors;         // sector numbers (address / 32), ascending
    std::vector<std::int64_t> lines;           // line numbers (address / 128), ascending
    // What the lanes asked for, lane by lane: 32 lanes reading one 4-byte value ask for 128
    // bytes that one sector delivers, so a broadcast is more than 100% efficient.
    std::int64_t bytesRequested = 0;
    std::int64_t bytesMoved() const { return static_cast<std::int64_t>(sectors.size()) * kSectorBytes; }
    double efficiencyPct() const;              // requested / moved, in percent
};

// The lanes whose address is not a multiple of their size. CUDA requires natural alignment (a
// misaligned load faults); the model still counts what such a load would touch.
int misalignedLaneCount(const CoalescingResult& result);

// Lane i reads `elementBytes` at element offset + i * stride (stride may be negative or 0).
// Errors (validateElementBytes's; an address below the base or past
// kLargestByteAddress; laneCount not 1 to 32) say why.
Result<CoalescingResult> coalesceStrided(int elementBytes, std::int64_t strideElements,
                                         std::int64_t offsetElements, int laneCount = kWarpLanes);
// Lane i reads `elementBytes` at byteAddresses[i]; 1 to 32 lanes.
Result<CoalescingResult> coalesceAddresses(int elementBytes,
                                           const std::vector<std::int64_t>& byteAddresses);

}  // namespace mlsyslab::gpu
