#include "gpu/DecodedProgram.h"

#include <algorithm>

#include "common/Concat.h"

namespace mlsyslab::gpu {

namespace {

// A program names at most this many registers (the most a CUDA thread may have).
constexpr int kMaxRegisterIndex = 255;

int sourceCountOf(Opcode opcode) {
    switch (opcode) {
        case Opcode::Move:
        case Opcode::LoadGlobal:
        case Opcode::LoadShared:
        case Opcode::Branch:
            return 1;
        case Opcode::IntMultiplyAdd:
        case Opcode::FusedMultiplyAdd:
            return 3;
        case Opcode::Jump:
        case Opcode::Exit:
            return 0;
        case Opcode::Barrier:
            return -1;  // an optional barrier number, ignored
        default:
            return 2;
    }
}

bool writesRegister(Opcode opcode) {
    const FunctionalUnit unit = unitOf(opcode);
    return unit == FunctionalUnit::IntegerAlu || unit == FunctionalUnit::FloatAlu ||
           opcode == Opcode::LoadGlobal || opcode == Opcode::LoadShared;
}

bool isLaneSpecial(SpecialRegister which) {
    return which == SpecialRegister::ThreadIdxX || which == SpecialRegister::ThreadIdxY ||
           which == SpecialRegister::ThreadIdxZ || which == SpecialRegister::LaneId;
}

int laneSpecialIndex(SpecialRegister which) {
    switch (which) {
        case SpecialRegister::ThreadIdxY:
            return kLaneThreadY;
        case SpecialRegister::ThreadIdxZ:
            return kLaneThreadZ;
        case SpecialRegister::LaneId:
            return kLaneId;
        default:
            return kLaneThreadX;
    }
}

}  // namespace

int latencyCyclesOf(Opcode opcode, const DeviceModel& device) {
    int latency = 0;
    switch (opcode) {
        case Opcode::FusedMultiplyAdd:
        case Opcode::IntMultiply:
        case Opcode::IntMultiplyAdd:
        case Opcode::IntRemainder:
            latency = device.fmaLatencyCycles;
            break;
        case Opcode::LoadShared:
            latency = device.sharedMemoryLatencyCycles;
            break;
        case Opcode::LoadGlobal:
            latency = device.globalMemoryLatencyCycles;
            break;
        default:
            latency = writesRegister(opcode) ? device.aluLatencyCycles : 0;
            break;
    }
    // A result is never readable in the cycle its instruction issues.
    return writesRegister(opcode) ? std::max(1, latency) : 0;
}

Result<DecodedProgram> decodeProgram(const KernelProgram& kernel, const DeviceModel& device) {
    using Failure = Result<DecodedProgram>;
    DecodedProgram program;
    const int size = static_cast<int>(kernel.code.size());
    if (size == 0) return Failure::failure(concat("kernel '", kernel.id, "' has no instructions"));
    program.code.reserve(kernel.code.size());
    for (int pc = 0; pc < size; ++pc) {
        const Instruction& instruction = kernel.code[static_cast<std::size_t>(pc)];
        const std::string where = concat("kernel '", kernel.id, "', instruction ",
                                         std::to_string(pc), " (", instruction.text, "): ");
        DecodedInstruction decoded;
        decoded.opcode = instruction.opcode;
        decoded.unit = unitOf(instruction.opcode);
        decoded.latencyCycles = latencyCyclesOf(instruction.opcode, device);
        decoded.branchIfFalse = instruction.branchIfFalse;

        const int expected = sourceCountOf(instruction.opcode);
        const int given = static_cast<int>(instruction.sources.size());
        if (expected >= 0 ? given != expected : given > 1) {
            return Failure::failure(concat(where, "takes ", std::to_string(std::max(expected, 0)),
                                           " operands, not ", std::to_string(given)));
        }
        if (writesRegister(instruction.opcode) != (instruction.destination >= 0) ||
            instruction.destination > kMaxRegisterIndex) {
            return Failure::failure(concat(where, writesRegister(instruction.opcode)
                                                      ? "needs a destination register r0..r255"
                                                      : "writes no register"));
        }
        decoded.destination = instruction.destination;
        auto addScoreboardRegister = [&decoded](int index) {
            const auto end = decoded.scoreboardRegisters.begin() + decoded.scoreboardCount;
            if (std::find(decoded.scoreboardRegisters.begin(), end, index) == end) {
                decoded.scoreboardRegisters[static_cast<std::size_t>(decoded.scoreboardCount++)] =
                    index;
            }
        };
        if (decoded.destination >= 0) addScoreboardRegister(decoded.destination);
        int highestRegister = decoded.destination;

        if (instruction.opcode != Opcode::Barrier) {
            for (const Operand& operand : instruction.sources) {
                DecodedOperand resolved;
                switch (operand.kind) {
                    case Operand::Kind::Register:
                        if (operand.index < 0 || operand.index > kMaxRegisterIndex) {
                            return Failure::failure(concat(where, "register r",
                                                           std::to_string(operand.index),
                                                           " is not r0..r255"));
                        }
                        resolved.source = DecodedOperand::Source::Register;
                        resolved.index = operand.index;
                        addScoreboardRegister(operand.index);
                        highestRegister = std::max(highestRegister, operand.index);
                        break;
                    case Operand::Kind::Immediate:
                        resolved.value = operand.immediate;
                        break;
                    case Operand::Kind::Parameter:
                        if (operand.index < 0 ||
                            operand.index >= static_cast<int>(kernel.parameterValues.size())) {
                            return Failure::failure(concat(where, "parameter ",
                                                           std::to_string(operand.index),
                                                           " has no value"));
                        }
                        resolved.value =
                            kernel.parameterValues[static_cast<std::size_t>(operand.index)];
                        break;
                    case Operand::Kind::Special: {
                        if (operand.index < 0 || operand.index >= kSpecialRegisterCount) {
                            return Failure::failure(concat(where, "no such special register"));
                        }
                        const auto which = static_cast<SpecialRegister>(operand.index);
                        resolved.source = isLaneSpecial(which)
                                              ? DecodedOperand::Source::LaneSpecial
                                              : DecodedOperand::Source::WarpSpecial;
                        resolved.index =
                            isLaneSpecial(which) ? laneSpecialIndex(which) : operand.index;
                        break;
                    }
                    case Operand::Kind::None:
                        return Failure::failure(concat(where, "an operand is missing"));
                }
                decoded.operands[static_cast<std::size_t>(decoded.operandCount++)] = resolved;
            }
        }
        program.registerCount = std::max(program.registerCount, highestRegister + 1);

        if (instruction.opcode == Opcode::Branch || instruction.opcode == Opcode::Jump) {
            if (instruction.branchTarget < 0 || instruction.branchTarget >= size) {
                return Failure::failure(concat(where, "jumps to ",
                                               std::to_string(instruction.branchTarget),
                                               ", outside the program"));
            }
            decoded.branchTarget = instruction.branchTarget;
        }
        if (instruction.opcode == Opcode::Branch) {
            // The reconvergence point follows the branch (an immediate post-dominator).
            if (instruction.reconvergencePc <= pc || instruction.reconvergencePc >= size) {
                return Failure::failure(concat(
                    where, "needs a reconvergence point after it (its immediate post-dominator)"));
            }
            decoded.reconvergencePc = instruction.reconvergencePc;
        }
        program.code.push_back(decoded);
    }
    return program;
}

}  // namespace mlsyslab::gpu
