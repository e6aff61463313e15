// reduction: each block sums its blockDim.x values in shared memory, halving the active threads
// each step (the CUDA samples' "reduce" kernel, interleaved addressing without bank conflicts).
#include <bit>

#include "common/Concat.h"
#include "gpu/BuiltinKernelBuilders.h"
#include "gpu/GlobalMemory.h"
#include "gpu/KernelAssembler.h"

namespace mlsyslab::gpu::builtin_kernels {

namespace {
using S = SpecialRegister;
constexpr std::int64_t kFloatBytes = 4;
}  // namespace

Result<KernelProgram> reduction(const Dim3& grid, const Dim3& block) {
    if (block.y != 1 || block.z != 1 || !std::has_single_bit(static_cast<unsigned>(block.x))) {
        return Result<KernelProgram>::failure(concat(
            "reduction needs a 1D block whose size is a power of two, such as --block 256 (got ",
            toString(block), ")"));
    }
    const std::int64_t blocks = grid.x;
    const std::int64_t n = blocks * block.x;
    KernelProgram kernel;
    kernel.id = "reduction";
    kernel.title = "out[b] = the sum of block b's values";
    kernel.sourceLines = {
        concat("#define BLOCK ", std::to_string(block.x), "  // blockDim.x, a power of two"),
        "",
        "__global__ void reduction(const float* in, float* out)",
        "{",
        "    __shared__ float partial[BLOCK];",
        "    unsigned int t = threadIdx.x;",
        "    partial[t] = in[blockIdx.x * blockDim.x + t];",
        "    __syncthreads();",
        "    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {",
        "        if (t < s)",
        "            partial[t] += partial[t + s];",
        "        __syncthreads();",
        "    }",
        "    if (t == 0)",
        "        out[blockIdx.x] = partial[0];",
        "}",
    };
    kernel.parameterNames = {"in", "out"};
    const std::int64_t in = addKernelArray(kernel, "in", n, true);
    const std::int64_t out = addKernelArray(kernel, "out", blocks, false);
    kernel.parameterValues = {in, out};
    kernel.registersPerThread = kReductionRegisters;
    kernel.staticSharedBytesPerBlock = std::int64_t{block.x} * kFloatBytes;

    KernelAssembler code(kernel.parameterNames);
    const auto loop = code.newLabel("LOOP");
    const auto sync = code.newLabel("SYNC");
    const auto done = code.newLabel("DONE");
    const auto end = code.newLabel("END");
    code.setSourceLine(5);
    code.append("mov.u32", Opcode::Move, 0, {special(S::ThreadIdxX)});
    code.setSourceLine(6);
    code.append("mad.lo.u32", Opcode::IntMultiplyAdd, 1,
                {special(S::BlockIdxX), special(S::BlockDimX), reg(0)});
    code.append("shl.b32", Opcode::ShiftLeft, 1, {reg(1), immediate(2)});
    code.append("add.s64", Opcode::IntAdd, 1, {parameter(0), reg(1)});
    code.append("ld.global.f32", Opcode::LoadGlobal, 2, {reg(1)});
    code.append("shl.b32", Opcode::ShiftLeft, 3, {reg(0), immediate(2)});
    code.append("st.shared.f32", Opcode::StoreShared, -1, {reg(3), reg(2)});
    code.setSourceLine(7);
    code.barrier();
    code.setSourceLine(8);
    code.append("shr.u32", Opcode::ShiftRight, 4, {special(S::BlockDimX), immediate(1)});
    code.bind(loop);
    code.append("setp.ne.u32", Opcode::SetNotEqual, 5, {reg(4), immediate(0)});
    code.branch(5, true, done, done);
    code.setSourceLine(9);
    code.append("setp.lt.u32", Opcode::SetLess, 6, {reg(0), reg(4)});
    code.branch(6, true, sync, sync);
    code.setSourceLine(10);
    code.append("add.u32", Opcode::IntAdd, 7, {reg(0), reg(4)});
    code.append("shl.b32", Opcode::ShiftLeft, 7, {reg(7), immediate(2)});
    code.append("ld.shared.f32", Opcode::LoadShared, 8, {reg(7)});
    code.append("ld.shared.f32", Opcode::LoadShared, 9, {reg(3)});
    code.append("add.f32", Opcode::FloatAdd, 9, {reg(9), reg(8)});
    code.append("st.shared.f32", Opcode::StoreShared, -1, {reg(3), reg(9)});
    code.setSourceLine(11);
    code.bind(sync);
    code.barrier();
    code.setSourceLine(8);
    code.append("shr.u32", Opcode::ShiftRight, 4, {reg(4), immediate(1)});
    code.jump(loop);
    code.setSourceLine(13);
    code.bind(done);
    code.append("setp.eq.u32", Opcode::SetEqual, 10, {reg(0), immediate(0)});
    code.branch(10, true, end, end);
    code.setSourceLine(14);
    code.append("ld.shared.f32", Opcode::LoadShared, 11, {immediate(0)});
    code.append("shl.b32", Opcode::ShiftLeft, 12, {special(S::BlockIdxX), immediate(2)});
    code.append("add.s64", Opcode::IntAdd, 12, {parameter(1), reg(12)});
    code.append("st.global.f32", Opcode::StoreGlobal, -1, {reg(12), reg(11)});
    code.setSourceLine(15);
    code.bind(end);
    code.exit();
    kernel.code = code.finish();
    return checkedSize(std::move(kernel));
}

}  // namespace mlsyslab::gpu::builtin_kernels
