#include "gpu/ThreadExecution.h"

#include <algorithm>
#include <cmath>

namespace mlsyslab::gpu {

namespace {

constexpr std::int64_t kFloatBytes = 4;

// An operand as a lane reads it: a 32-lane array (stride 1) or one value for all (stride 0).
struct LaneValues {
    const std::int64_t* values;
    int stride;
    std::int64_t operator[](int lane) const { return values[lane * stride]; }
};

LaneValues lanesOf(const DecodedOperand& operand, const WarpRegisters& warp) {
    switch (operand.source) {
        case DecodedOperand::Source::Register:
            return {warp.registers + operand.index * kWarpLanes, 1};
        case DecodedOperand::Source::LaneSpecial:
            return {warp.laneSpecials + operand.index * kWarpLanes, 1};
        case DecodedOperand::Source::WarpSpecial:
            return {warp.warpSpecials + operand.index, 0};
        case DecodedOperand::Source::Constant:
            break;
    }
    return {&operand.value, 0};
}

// Integer arithmetic wraps around like the hardware's instead of being undefined.
std::int64_t wrap(std::uint64_t value) { return static_cast<std::int64_t>(value); }
std::uint64_t bits(std::int64_t value) { return static_cast<std::uint64_t>(value); }

template <typename Operation>
void unary(const DecodedInstruction& instruction, const WarpRegisters& warp, std::uint32_t lanes,
           Operation operation) {
    std::int64_t* destination = warp.registers + instruction.destination * kWarpLanes;
    const LaneValues a = lanesOf(instruction.operands[0], warp);
    forEachLane(lanes, [&](int lane) { destination[lane] = operation(a[lane]); });
}

template <typename Operation>
void binary(const DecodedInstruction& instruction, const WarpRegisters& warp, std::uint32_t lanes,
            Operation operation) {
    std::int64_t scratch[2][kWarpLanes];
    std::int64_t* destination = warp.registers + instruction.destination * kWarpLanes;
    const std::int64_t* a = laneArray(instruction.operands[0], warp, scratch[0]);
    const std::int64_t* b = laneArray(instruction.operands[1], warp, scratch[1]);
    if (lanes == kAllLanes) {
        for (int lane = 0; lane < kWarpLanes; ++lane)
            destination[lane] = operation(a[lane], b[lane]);
    } else {
        forEachLane(lanes, [&](int lane) { destination[lane] = operation(a[lane], b[lane]); });
    }
}

template <typename Operation>
void ternary(const DecodedInstruction& instruction, const WarpRegisters& warp, std::uint32_t lanes,
             Operation operation) {
    std::int64_t scratch[3][kWarpLanes];
    std::int64_t* destination = warp.registers + instruction.destination * kWarpLanes;
    const std::int64_t* a = laneArray(instruction.operands[0], warp, scratch[0]);
    const std::int64_t* b = laneArray(instruction.operands[1], warp, scratch[1]);
    const std::int64_t* c = laneArray(instruction.operands[2], warp, scratch[2]);
    if (lanes == kAllLanes) {
        for (int lane = 0; lane < kWarpLanes; ++lane) {
            destination[lane] = operation(a[lane], b[lane], c[lane]);
        }
    } else {
        forEachLane(lanes,
                    [&](int lane) { destination[lane] = operation(a[lane], b[lane], c[lane]); });
    }
}

}  // namespace

// Plain arrays let the loops below become vector instructions when all 32 lanes are active.
const std::int64_t* laneArray(const DecodedOperand& operand, const WarpRegisters& warp,
                              std::int64_t* scratch) {
    const LaneValues values = lanesOf(operand, warp);
    if (values.stride == 1) return values.values;
    std::fill_n(scratch, kWarpLanes, *values.values);
    return scratch;
}

void executeAlu(const DecodedInstruction& instruction, const WarpRegisters& warp,
                std::uint32_t lanes) {
    using Value = std::int64_t;
    switch (instruction.opcode) {
        case Opcode::Move:
            unary(instruction, warp, lanes, [](Value a) { return a; });
            break;
        case Opcode::IntAdd:
            binary(instruction, warp, lanes,
                   [](Value a, Value b) { return wrap(bits(a) + bits(b)); });
            break;
        case Opcode::IntSubtract:
            binary(instruction, warp, lanes,
                   [](Value a, Value b) { return wrap(bits(a) - bits(b)); });
            break;
        case Opcode::IntMultiply:
            binary(instruction, warp, lanes,
                   [](Value a, Value b) { return wrap(bits(a) * bits(b)); });
            break;
        case Opcode::IntMultiplyAdd:
            ternary(instruction, warp, lanes,
                    [](Value a, Value b, Value c) { return wrap(bits(a) * bits(b) + bits(c)); });
            break;
        case Opcode::ShiftLeft:
            binary(instruction, warp, lanes,
                   [](Value a, Value b) { return wrap(bits(a) << (b & 63)); });
            break;
        case Opcode::ShiftRight:
            binary(instruction, warp, lanes, [](Value a, Value b) { return a >> (b & 63); });
            break;
        case Opcode::BitAnd:
            binary(instruction, warp, lanes, [](Value a, Value b) { return a & b; });
            break;
        case Opcode::IntRemainder:
            // CUDA leaves x % 0 undefined; the simulator gives 0 rather than stopping (and x % -1
            // is 0 without the overflow INT64_MIN % -1 would be in C++).
            binary(instruction, warp, lanes,
                   [](Value a, Value b) { return b == 0 || b == -1 ? Value{0} : a % b; });
            break;
        case Opcode::SetLess:
            binary(instruction, warp, lanes, [](Value a, Value b) { return Value{a < b}; });
            break;
        case Opcode::SetLessEqual:
            binary(instruction, warp, lanes, [](Value a, Value b) { return Value{a <= b}; });
            break;
        case Opcode::SetEqual:
            binary(instruction, warp, lanes, [](Value a, Value b) { return Value{a == b}; });
            break;
        case Opcode::SetNotEqual:
            binary(instruction, warp, lanes, [](Value a, Value b) { return Value{a != b}; });
            break;
        case Opcode::SetAnd:
            binary(instruction, warp, lanes,
                   [](Value a, Value b) { return Value{a != 0 && b != 0}; });
            break;
        case Opcode::FloatAdd:
            binary(instruction, warp, lanes,
                   [](Value a, Value b) { return valueOf(floatOf(a) + floatOf(b)); });
            break;
        case Opcode::FloatMultiply:
            binary(instruction, warp, lanes,
                   [](Value a, Value b) { return valueOf(floatOf(a) * floatOf(b)); });
            break;
        case Opcode::FusedMultiplyAdd:
            ternary(instruction, warp, lanes, [](Value a, Value b, Value c) {
                return valueOf(std::fma(floatOf(a), floatOf(b), floatOf(c)));
            });
            break;
        default:
            break;
    }
}

std::uint32_t nonZeroLanes(const DecodedInstruction& instruction, const WarpRegisters& warp,
                           std::uint32_t activeLanes) {
    std::int64_t scratch[kWarpLanes];
    const std::int64_t* predicate = laneArray(instruction.operands[0], warp, scratch);
    std::uint32_t lanes = 0;
    for (int lane = 0; lane < kWarpLanes; ++lane) {
        lanes |= static_cast<std::uint32_t>(predicate[lane] != 0) << lane;
    }
    return lanes & activeLanes;
}

int firstBadLane(const std::int64_t* addresses, std::uint32_t activeLanes, std::int64_t sizeBytes) {
    if (sizeBytes < kFloatBytes) return activeLanes == 0 ? -1 : std::countr_zero(activeLanes);
    // Unsigned, a negative address is larger than any limit: one comparison checks both ends.
    const auto limit = static_cast<std::uint64_t>(sizeBytes - kFloatBytes);
    auto bad = [&](int lane) {
        const std::int64_t address = addresses[lane];
        return (static_cast<std::uint64_t>(address) > limit) | ((address & (kFloatBytes - 1)) != 0);
    };
    if (activeLanes == kAllLanes) {
        // One pass without an early exit; the culprit is looked for only if there is one.
        bool anyBad = false;
        for (int lane = 0; lane < kWarpLanes; ++lane) anyBad |= bad(lane);
        if (!anyBad) return -1;
    }
    for (std::uint32_t lanes = activeLanes; lanes != 0; lanes &= lanes - 1) {
        const int lane = std::countr_zero(lanes);
        if (bad(lane)) return lane;
    }
    return -1;
}

void loadLanes(const DecodedInstruction& instruction, const WarpRegisters& warp,
               std::uint32_t activeLanes, const std::int64_t* addresses, const float* memory) {
    std::int64_t* destination = warp.registers + instruction.destination * kWarpLanes;
    forEachLane(activeLanes, [&](int lane) {
        destination[lane] = valueOf(memory[addresses[lane] / kFloatBytes]);
    });
}

void storeLanes(const DecodedInstruction& instruction, const WarpRegisters& warp,
                std::uint32_t activeLanes, const std::int64_t* addresses, float* memory) {
    const LaneValues value = lanesOf(instruction.operands[1], warp);
    forEachLane(activeLanes,
                [&](int lane) { memory[addresses[lane] / kFloatBytes] = floatOf(value[lane]); });
}

}  // namespace mlsyslab::gpu
