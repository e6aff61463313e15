#include "gpu/KernelAssembler.h"

#include <bit>
#include <charconv>
#include <utility>

#include "common/Concat.h"

namespace mlsyslab::gpu {

namespace {

// Mnemonics are padded to this width so operands line up in a listing.
constexpr std::size_t kMnemonicWidth = 14;

std::string floatText(float value) {
    char digits[32];
    const auto result = std::to_chars(digits, digits + sizeof digits, value);
    std::string text(digits, result.ptr);
    if (text.find_first_of(".en") == std::string::npos) text += ".0";
    return text;
}

std::string padded(const std::string& mnemonic) {
    return mnemonic.size() >= kMnemonicWidth
               ? concat(mnemonic, " ")
               : concat(mnemonic, std::string(kMnemonicWidth - mnemonic.size(), ' '));
}

}  // namespace

Operand reg(int index) { return {Operand::Kind::Register, index, 0}; }
Operand immediate(std::int64_t value) { return {Operand::Kind::Immediate, 0, value}; }
Operand floatImmediate(float value) {
    return {Operand::Kind::Immediate, 0, std::int64_t{std::bit_cast<std::uint32_t>(value)}};
}
Operand special(SpecialRegister which) {
    return {Operand::Kind::Special, static_cast<int>(which), 0};
}
Operand parameter(int index) { return {Operand::Kind::Parameter, index, 0}; }

const char* specialRegisterName(SpecialRegister which) {
    switch (which) {
        case SpecialRegister::ThreadIdxX:
            return "%tid.x";
        case SpecialRegister::ThreadIdxY:
            return "%tid.y";
        case SpecialRegister::ThreadIdxZ:
            return "%tid.z";
        case SpecialRegister::BlockDimX:
            return "%ntid.x";
        case SpecialRegister::BlockDimY:
            return "%ntid.y";
        case SpecialRegister::BlockDimZ:
            return "%ntid.z";
        case SpecialRegister::BlockIdxX:
            return "%ctaid.x";
        case SpecialRegister::BlockIdxY:
            return "%ctaid.y";
        case SpecialRegister::BlockIdxZ:
            return "%ctaid.z";
        case SpecialRegister::GridDimX:
            return "%nctaid.x";
        case SpecialRegister::GridDimY:
            return "%nctaid.y";
        case SpecialRegister::GridDimZ:
            return "%nctaid.z";
        case SpecialRegister::LaneId:
            return "%laneid";
    }
    return "%?";
}

KernelAssembler::KernelAssembler(std::vector<std::string> parameterNames)
    : parameterNames_(std::move(parameterNames)) {}

KernelAssembler::Label KernelAssembler::newLabel(std::string name) {
    labelNames_.push_back(std::move(name));
    labelPositions_.push_back(-1);
    return static_cast<Label>(labelNames_.size() - 1);
}

void KernelAssembler::bind(Label label) {
    labelPositions_[static_cast<std::size_t>(label)] = static_cast<int>(code_.size());
}

void KernelAssembler::setSourceLine(int line) { sourceLine_ = line; }

void KernelAssembler::append(std::string mnemonic, Opcode opcode, int destination,
                             std::vector<Operand> sources) {
    Pending pending;
    pending.instruction.opcode = opcode;
    pending.instruction.destination = destination;
    pending.instruction.sources = std::move(sources);
    pending.instruction.sourceLine = sourceLine_;
    pending.mnemonic = std::move(mnemonic);
    code_.push_back(std::move(pending));
}

void KernelAssembler::branch(int predicateRegister, bool ifFalse, Label target,
                             Label reconvergence) {
    Pending pending;
    pending.instruction.opcode = Opcode::Branch;
    pending.instruction.sources = {reg(predicateRegister)};
    pending.instruction.branchIfFalse = ifFalse;
    pending.instruction.sourceLine = sourceLine_;
    pending.mnemonic = "bra";
    pending.target = target;
    pending.reconvergence = reconvergence;
    code_.push_back(std::move(pending));
}

void KernelAssembler::jump(Label target) {
    Pending pending;
    pending.instruction.opcode = Opcode::Jump;
    pending.instruction.sourceLine = sourceLine_;
    pending.mnemonic = "bra.uni";
    pending.target = target;
    code_.push_back(std::move(pending));
}

void KernelAssembler::barrier() { append("bar.sync", Opcode::Barrier, -1, {immediate(0)}); }

void KernelAssembler::exit() { append("exit", Opcode::Exit, -1, {}); }

std::string KernelAssembler::operandText(const Operand& operand, bool asFloat) const {
    switch (operand.kind) {
        case Operand::Kind::Register:
            return concat("r", std::to_string(operand.index));
        case Operand::Kind::Immediate:
            return asFloat ? floatText(std::bit_cast<float>(
                                 static_cast<std::uint32_t>(operand.immediate)))
                           : std::to_string(operand.immediate);
        case Operand::Kind::Special:
            return specialRegisterName(static_cast<SpecialRegister>(operand.index));
        case Operand::Kind::Parameter:
            return static_cast<std::size_t>(operand.index) < parameterNames_.size()
                       ? parameterNames_[static_cast<std::size_t>(operand.index)]
                       : concat("param", std::to_string(operand.index));
        case Operand::Kind::None:
            break;
    }
    return "";
}

std::string KernelAssembler::text(const Pending& pending) const {
    const Instruction& instruction = pending.instruction;
    const bool asFloat = pending.mnemonic.ends_with(".f32");
    const auto& sources = instruction.sources;
    switch (instruction.opcode) {
        case Opcode::Branch:
            return concat(padded(concat("@", instruction.branchIfFalse ? "!" : "",
                                        operandText(sources.at(0), false), " ", pending.mnemonic)),
                          labelNames_.at(static_cast<std::size_t>(pending.target)));
        case Opcode::Jump:
            return concat(padded(pending.mnemonic),
                          labelNames_.at(static_cast<std::size_t>(pending.target)));
        case Opcode::LoadGlobal:
        case Opcode::LoadShared:
            return concat(padded(pending.mnemonic), "r", std::to_string(instruction.destination),
                          ", [", operandText(sources.at(0), false), "]");
        case Opcode::StoreGlobal:
        case Opcode::StoreShared:
            return concat(padded(pending.mnemonic), "[", operandText(sources.at(0), false), "], ",
                          operandText(sources.at(1), asFloat));
        default:
            break;
    }
    std::string line = sources.empty() && instruction.destination < 0 ? pending.mnemonic
                                                                      : padded(pending.mnemonic);
    bool first = true;
    if (instruction.destination >= 0) {
        line += concat("r", std::to_string(instruction.destination));
        first = false;
    }
    for (const Operand& operand : sources) {
        if (!first) line += ", ";
        line += operandText(operand, asFloat);
        first = false;
    }
    return line;
}

std::vector<Instruction> KernelAssembler::finish() const {
    std::vector<Instruction> code;
    code.reserve(code_.size());
    for (std::size_t index = 0; index < code_.size(); ++index) {
        const Pending& pending = code_[index];
        Instruction instruction = pending.instruction;
        if (pending.target >= 0) {
            instruction.branchTarget = labelPositions_.at(static_cast<std::size_t>(pending.target));
        }
        if (pending.reconvergence >= 0) {
            instruction.reconvergencePc =
                labelPositions_.at(static_cast<std::size_t>(pending.reconvergence));
        }
        std::string prefix;
        for (std::size_t label = 0; label < labelNames_.size(); ++label) {
            if (labelPositions_[label] == static_cast<int>(index)) {
                prefix += concat(labelNames_[label], ": ");
            }
        }
        instruction.text = concat(prefix, text(pending));
        code.push_back(std::move(instruction));
    }
    return code;
}

}  // namespace mlsyslab::gpu
