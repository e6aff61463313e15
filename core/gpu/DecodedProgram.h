#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "common/Result.h"
#include "gpu/DeviceModel.h"
#include "gpu/KernelProgram.h"
#include "gpu/WarpLanes.h"

namespace mlsyslab::gpu {

// The built-ins that differ from lane to lane, stored per warp as 32-lane arrays.
enum LaneSpecialValue { kLaneThreadX, kLaneThreadY, kLaneThreadZ, kLaneId, kLaneSpecialCount };
inline constexpr int kSpecialRegisterCount = 13;

// An operand resolved once per launch, so a lane reads it with one indexed load: a constant
// (an immediate or a kernel parameter), a register, a per-lane built-in (threadIdx, laneid) or
// a per-warp one (blockIdx, blockDim, gridDim).
struct DecodedOperand {
    enum class Source : std::uint8_t { Constant, Register, LaneSpecial, WarpSpecial };
    Source source = Source::Constant;
    int index = 0;
    std::int64_t value = 0;
};

// One instruction with what the timing model needs: its unit, how many cycles until its result
// can be read, and the registers the scoreboard checks before it issues.
struct DecodedInstruction {
    Opcode opcode = Opcode::Exit;
    FunctionalUnit unit = FunctionalUnit::Control;
    int latencyCycles = 0;
    int destination = -1;
    std::array<DecodedOperand, 3> operands{};
    int operandCount = 0;
    std::array<int, 4> scoreboardRegisters{};  // register sources and the destination
    int scoreboardCount = 0;
    int branchTarget = -1;
    int reconvergencePc = -1;
    bool branchIfFalse = false;
};

struct DecodedProgram {
    std::vector<DecodedInstruction> code;
    int registerCount = 0;  // r0 .. r(registerCount - 1)
};

// The latency rules (docs/gpu-simulator.md): moves, integer add/shift/logic/compare and FP32
// add/multiply take the device's ALU latency; FFMA and integer multiply(-add) and remainder,
// which run on the FMA pipe, its FMA latency; shared and global loads their memory latencies.
int latencyCyclesOf(Opcode opcode, const DeviceModel& device);

// Checks the program (operand counts, registers, parameters, jump targets, reconvergence
// points) and resolves it for `device`. Errors name the instruction.
Result<DecodedProgram> decodeProgram(const KernelProgram& kernel, const DeviceModel& device);

}  // namespace mlsyslab::gpu
