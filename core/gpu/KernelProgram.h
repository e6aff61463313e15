#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace mlsyslab::gpu {

// A small SASS/PTX-like instruction set the warp simulator runs, thread by thread with real
// values (so branch masks and addresses are real), and warp by warp for timing.
enum class Opcode {
    // integer ALU
    Move, IntAdd, IntSubtract, IntMultiply, IntMultiplyAdd, ShiftLeft, ShiftRight, BitAnd,
    IntRemainder, SetLess, SetLessEqual, SetEqual, SetNotEqual, SetAnd,
    // floating point
    FloatAdd, FloatMultiply, FusedMultiplyAdd,
    // memory
    LoadGlobal, StoreGlobal, LoadShared, StoreShared,
    // control: a branch carries its reconvergence point (the immediate post-dominator)
    Branch, Jump, Barrier, Exit,
};

// The pipeline an instruction goes to; its latency comes from the device model.
enum class FunctionalUnit { IntegerAlu, FloatAlu, LoadStore, Control };

// The CUDA built-ins and kernel parameters an operand may name.
enum class SpecialRegister {
    ThreadIdxX, ThreadIdxY, ThreadIdxZ, BlockDimX, BlockDimY, BlockDimZ,
    BlockIdxX, BlockIdxY, BlockIdxZ, GridDimX, GridDimY, GridDimZ, LaneId,
};

struct Operand {
    enum class Kind { None, Register, Immediate, Special, Parameter };
    Kind kind = Kind::None;
    int index = 0;              // register number, SpecialRegister or parameter number
    std::int64_t immediate = 0;
};

struct Instruction {
    Opcode opcode = Opcode::Exit;
    int destination = -1;           // register written, -1 for none
    std::vector<Operand> sources;
    int branchTarget = -1;          // Branch / Jump: instruction index
    int reconvergencePc = -1;       // Branch: where both paths meet again
    bool branchIfFalse = false;     // Branch: take it where the predicate is 0
    int sourceLine = -1;            // the CUDA C line it comes from (index into sourceLines)
    std::string text;               // "ld.global.f32  r5, [r4]"
};

FunctionalUnit unitOf(Opcode opcode);

// One float array the kernel reads or writes, laid out in the simulated global memory (byte
// addresses from 0; each array starts on a 256-byte boundary, as cudaMalloc's do).
struct KernelArray {
    std::string name;                 // "A"
    std::int64_t baseByteAddress = 0;
    std::int64_t elements = 0;        // floats
    bool input = true;                // inputs start with deterministic values, outputs with 0
};

// A kernel: its CUDA C source (for display), the compiled program and what it needs per block.
struct KernelProgram {
    std::string id;                        // "matrixAdd"
    std::string title;                     // "C[i][j] = A[i][j] + B[i][j]"
    std::vector<std::string> sourceLines;  // CUDA C, one line each
    std::vector<Instruction> code;
    std::vector<std::string> parameterNames;  // "A", "B", "C", "Nx", "Ny"
    std::vector<std::int64_t> parameterValues;
    int registersPerThread = 0;
    std::int64_t staticSharedBytesPerBlock = 0;
    std::int64_t globalMemoryBytes = 0;    // the arrays the kernel touches, zero-initialised or filled
    std::vector<KernelArray> arrays;       // where those arrays lie (GlobalMemory.h fills them)
};

}  // namespace mlsyslab::gpu
