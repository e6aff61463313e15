#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gpu/KernelProgram.h"

namespace mlsyslab::gpu {

// Operands as the kernels below write them: reg(3) is r3, special(ThreadIdxX) is %tid.x,
// parameter(0) the kernel's first parameter, immediate(2) a whole number, floatImmediate(0.5f)
// a float32 (held as its bit pattern, as a GPU register holds it).
Operand reg(int index);
Operand immediate(std::int64_t value);
Operand floatImmediate(float value);
Operand special(SpecialRegister which);
Operand parameter(int index);

// "%tid.x", "%ctaid.y", ... (PTX's names for the CUDA built-ins).
const char* specialRegisterName(SpecialRegister which);

// Writes a program the way an assembler does: instructions in order, labels for jumps bound
// where they land, each instruction tagged with the CUDA line it comes from. finish() resolves
// the labels and writes each instruction's PTX-like text ("ld.global.f32  r5, [r4]").
class KernelAssembler {
public:
    using Label = int;

    explicit KernelAssembler(std::vector<std::string> parameterNames);

    Label newLabel(std::string name);
    void bind(Label label);        // the next instruction is the label's
    void setSourceLine(int line);  // index into the kernel's sourceLines

    // An ALU, move or memory instruction. `mnemonic` is its PTX spelling ("add.f32"); an
    // immediate prints as a float where the mnemonic ends in ".f32". Loads name
    // [address] as sources[0]; stores name [address], value.
    void append(std::string mnemonic, Opcode opcode, int destination, std::vector<Operand> sources);
    // "@!rP bra TARGET" (ifFalse) or "@rP bra TARGET": a per-lane branch that reconverges at
    // `reconvergence` (the immediate post-dominator).
    void branch(int predicateRegister, bool ifFalse, Label target, Label reconvergence);
    void jump(Label target);  // "bra.uni TARGET": every active lane goes
    void barrier();           // "bar.sync 0": __syncthreads()
    void exit();

    std::vector<Instruction> finish() const;

private:
    struct Pending {
        Instruction instruction;
        std::string mnemonic;
        Label target = -1;
        Label reconvergence = -1;
    };
    std::string operandText(const Operand& operand, bool asFloat) const;
    std::string text(const Pending& pending) const;

    std::vector<std::string> parameterNames_;
    std::vector<std::string> labelNames_;
    std::vector<int> labelPositions_;
    std::vector<Pending> code_;
    int sourceLine_ = -1;
};

}  // namespace mlsyslab::gpu
