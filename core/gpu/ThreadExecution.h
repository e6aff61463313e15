#pragma once

#include <bit>
#include <cstdint>

#include "gpu/DecodedProgram.h"

namespace mlsyslab::gpu {

// The functional half of the simulator: what each lane of a warp computes, with real values.
// Registers are 64-bit integers (wide enough for byte addresses); a float lives in a register
// as its float32 bit pattern, and float instructions do float32 arithmetic on it (FFMA with one
// rounding, as std::fma on float does), so results match a CPU computing in float.

// Where one warp's values are.
struct WarpRegisters {
    std::int64_t* registers = nullptr;           // [register * 32 + lane]
    const std::int64_t* laneSpecials = nullptr;  // [LaneSpecialValue * 32 + lane]
    const std::int64_t* warpSpecials = nullptr;  // [SpecialRegister]
};

inline float floatOf(std::int64_t value) {
    return std::bit_cast<float>(static_cast<std::uint32_t>(value));
}
inline std::int64_t valueOf(float number) {
    return static_cast<std::int64_t>(std::bit_cast<std::uint32_t>(number));
}

// The lanes set in a mask. std::popcount becomes a library call on the baseline x86-64 target
// (no POPCNT instruction); this is the classic bit-parallel count, inline.
inline int laneCount(std::uint32_t lanes) {
    lanes = lanes - ((lanes >> 1) & 0x55555555u);
    lanes = (lanes & 0x33333333u) + ((lanes >> 2) & 0x33333333u);
    lanes = (lanes + (lanes >> 4)) & 0x0F0F0F0Fu;
    return static_cast<int>((lanes * 0x01010101u) >> 24);
}

// Calls operation(lane) for each lane set in `lanes`, lowest first.
template <typename Operation>
inline void forEachLane(std::uint32_t lanes, Operation&& operation) {
    if (lanes == kAllLanes) {
        for (int lane = 0; lane < kWarpLanes; ++lane) operation(lane);
        return;
    }
    while (lanes != 0) {
        operation(std::countr_zero(lanes));
        lanes &= lanes - 1;
    }
}

// An integer, float, move or compare instruction, for the active lanes.
void executeAlu(const DecodedInstruction& instruction, const WarpRegisters& warp,
                std::uint32_t activeLanes);

// The active lanes where operand 0 (the predicate) is non-zero.
std::uint32_t nonZeroLanes(const DecodedInstruction& instruction, const WarpRegisters& warp,
                           std::uint32_t activeLanes);

// The 32 lane values of an operand as an array: a register's or per-lane built-in's own, or
// `scratch` filled with the value every lane shares.
const std::int64_t* laneArray(const DecodedOperand& operand, const WarpRegisters& warp,
                              std::int64_t* scratch);

// The first active lane whose 4-byte access at addresses[lane] is misaligned or outside
// [0, sizeBytes); -1 when every lane's is fine.
int firstBadLane(const std::int64_t* addresses, std::uint32_t activeLanes, std::int64_t sizeBytes);

// A load into the destination register, or a store of operand 1, at checked addresses of a
// float memory (global or a block's shared memory).
void loadLanes(const DecodedInstruction& instruction, const WarpRegisters& warp,
               std::uint32_t activeLanes, const std::int64_t* addresses, const float* memory);
void storeLanes(const DecodedInstruction& instruction, const WarpRegisters& warp,
                std::uint32_t activeLanes, const std::int64_t* addresses, float* memory);

}  // namespace mlsyslab::gpu
