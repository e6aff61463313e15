// matrixAdd, vectorAdd and divergent: one thread per element, no shared memory.

#include "common/Concat.h"
#include "gpu/BuiltinKernelBuilders.h"
#include "gpu/GlobalMemory.h"
#include "gpu/KernelAssembler.h"

namespace mlsyslab::gpu::builtin_kernels {

namespace {

using S = SpecialRegister;

// a * b, or a value past the simulator's memory limit when the product would overflow (the
// size check then refuses the launch).
std::int64_t elementCount(std::int64_t a, std::int64_t b) {
    const std::int64_t tooMany = kMaxGlobalMemoryBytes + 1;
    if (a != 0 && b > tooMany / a) return tooMany;
    return a * b;
}

}  // namespace

// Seed 002's kernel with the bounds check every real launch needs: thread (i, j) adds one
// element. Nx and Ny follow the launch, so grid (3, 2) of blocks (4, 3) adds 12 x 6 matrices.
Result<KernelProgram> matrixAdd(const Dim3& grid, const Dim3& block) {
    const std::int64_t nx = elementCount(grid.x, block.x);
    const std::int64_t ny = elementCount(grid.y, block.y);
    KernelProgram kernel;
    kernel.id = "matrixAdd";
    kernel.title = "C[j][i] = A[j][i] + B[j][i]";
    kernel.sourceLines = {
        concat("const int Nx = ", std::to_string(nx), ";  // gridDim.x * blockDim.x"),
        concat("const int Ny = ", std::to_string(ny), ";  // gridDim.y * blockDim.y"),
        "",
        "__global__ void matrixAdd(float A[Ny][Nx], float B[Ny][Nx], float C[Ny][Nx])",
        "{",
        "    int i = blockIdx.x * blockDim.x + threadIdx.x;",
        "    int j = blockIdx.y * blockDim.y + threadIdx.y;",
        "    if (i < Nx && j < Ny)",
        "        C[j][i] = A[j][i] + B[j][i];",
        "}",
    };
    kernel.parameterNames = {"A", "B", "C", "Nx", "Ny"};
    const std::int64_t elements = elementCount(nx, ny);
    const std::int64_t a = addKernelArray(kernel, "A", elements, true);
    const std::int64_t b = addKernelArray(kernel, "B", elements, true);
    const std::int64_t c = addKernelArray(kernel, "C", elements, false);
    kernel.parameterValues = {a, b, c, nx, ny};
    kernel.registersPerThread = kMatrixAddRegisters;

    KernelAssembler code(kernel.parameterNames);
    const auto end = code.newLabel("END");
    code.setSourceLine(5);
    code.append("mad.lo.s32", Opcode::IntMultiplyAdd, 0,
                {special(S::BlockIdxX), special(S::BlockDimX), special(S::ThreadIdxX)});
    code.setSourceLine(6);
    code.append("mad.lo.s32", Opcode::IntMultiplyAdd, 1,
                {special(S::BlockIdxY), special(S::BlockDimY), special(S::ThreadIdxY)});
    code.setSourceLine(7);
    code.append("setp.lt.s32", Opcode::SetLess, 2, {reg(0), parameter(3)});
    code.append("setp.lt.s32", Opcode::SetLess, 3, {reg(1), parameter(4)});
    code.append("and.pred", Opcode::SetAnd, 2, {reg(2), reg(3)});
    code.branch(2, true, end, end);
    code.setSourceLine(8);
    code.append("mad.lo.s32", Opcode::IntMultiplyAdd, 4, {reg(1), parameter(3), reg(0)});
    code.append("shl.b32", Opcode::ShiftLeft, 4, {reg(4), immediate(2)});
    code.append("add.s64", Opcode::IntAdd, 5, {parameter(0), reg(4)});
    code.append("ld.global.f32", Opcode::LoadGlobal, 6, {reg(5)});
    code.append("add.s64", Opcode::IntAdd, 7, {parameter(1), reg(4)});
    code.append("ld.global.f32", Opcode::LoadGlobal, 8, {reg(7)});
    code.append("add.f32", Opcode::FloatAdd, 6, {reg(6), reg(8)});
    code.append("add.s64", Opcode::IntAdd, 9, {parameter(2), reg(4)});
    code.append("st.global.f32", Opcode::StoreGlobal, -1, {reg(9), reg(6)});
    code.setSourceLine(9);
    code.bind(end);
    code.exit();
    kernel.code = code.finish();
    return checkedSize(std::move(kernel));
}

// The classic first kernel: c[i] = a[i] + b[i], one thread per element of n = the x threads.
Result<KernelProgram> vectorAdd(const Dim3& grid, const Dim3& block) {
    const std::int64_t n = elementCount(grid.x, block.x);
    KernelProgram kernel;
    kernel.id = "vectorAdd";
    kernel.title = "c[i] = a[i] + b[i]";
    kernel.sourceLines = {
        concat("// n = ", std::to_string(n), " (gridDim.x * blockDim.x)"),
        "__global__ void vectorAdd(const float* a, const float* b, float* c, int n)",
        "{",
        "    int i = blockIdx.x * blockDim.x + threadIdx.x;",
        "    if (i < n)",
        "        c[i] = a[i] + b[i];",
        "}",
    };
    kernel.parameterNames = {"a", "b", "c", "n"};
    const std::int64_t a = addKernelArray(kernel, "a", n, true);
    const std::int64_t b = addKernelArray(kernel, "b", n, true);
    const std::int64_t c = addKernelArray(kernel, "c", n, false);
    kernel.parameterValues = {a, b, c, n};
    kernel.registersPerThread = kVectorAddRegisters;

    KernelAssembler code(kernel.parameterNames);
    const auto end = code.newLabel("END");
    code.setSourceLine(3);
    code.append("mad.lo.s32", Opcode::IntMultiplyAdd, 0,
                {special(S::BlockIdxX), special(S::BlockDimX), special(S::ThreadIdxX)});
    code.setSourceLine(4);
    code.append("setp.lt.s32", Opcode::SetLess, 1, {reg(0), parameter(3)});
    code.branch(1, true, end, end);
    code.setSourceLine(5);
    code.append("shl.b32", Opcode::ShiftLeft, 2, {reg(0), immediate(2)});
    code.append("add.s64", Opcode::IntAdd, 3, {parameter(0), reg(2)});
    code.append("ld.global.f32", Opcode::LoadGlobal, 4, {reg(3)});
    code.append("add.s64", Opcode::IntAdd, 5, {parameter(1), reg(2)});
    code.append("ld.global.f32", Opcode::LoadGlobal, 6, {reg(5)});
    code.append("add.f32", Opcode::FloatAdd, 4, {reg(4), reg(6)});
    code.append("add.s64", Opcode::IntAdd, 7, {parameter(2), reg(2)});
    code.append("st.global.f32", Opcode::StoreGlobal, -1, {reg(7), reg(4)});
    code.setSourceLine(6);
    code.bind(end);
    code.exit();
    kernel.code = code.finish();
    return checkedSize(std::move(kernel));
}

// Odd and even lanes of every warp take different paths: the warp runs both, one after the
// other, each with half its lanes (0xAAAAAAAA, then 0x55555555), and reconverges for the store.
Result<KernelProgram> divergent(const Dim3& grid, const Dim3& block) {
    const std::int64_t n = elementCount(grid.x, block.x);
    KernelProgram kernel;
    kernel.id = "divergent";
    kernel.title = "if (threadIdx.x % 2) ... else ...";
    kernel.sourceLines = {
        "__global__ void divergent(const float* in, float* out)",
        "{",
        "    int i = blockIdx.x * blockDim.x + threadIdx.x;",
        "    float x = in[i];",
        "    if (threadIdx.x % 2) {",
        "        x = x * 2.0f;",
        "        x = x + 1.0f;",
        "    } else {",
        "        x = x + 3.0f;",
        "        x = x * 0.5f;",
        "    }",
        "    out[i] = x;",
        "}",
    };
    kernel.parameterNames = {"in", "out"};
    const std::int64_t in = addKernelArray(kernel, "in", n, true);
    const std::int64_t out = addKernelArray(kernel, "out", n, false);
    kernel.parameterValues = {in, out};
    kernel.registersPerThread = kDivergentRegisters;

    KernelAssembler code(kernel.parameterNames);
    const auto otherwise = code.newLabel("ELSE");
    const auto join = code.newLabel("JOIN");
    code.setSourceLine(2);
    code.append("mad.lo.s32", Opcode::IntMultiplyAdd, 0,
                {special(S::BlockIdxX), special(S::BlockDimX), special(S::ThreadIdxX)});
    code.setSourceLine(3);
    code.append("shl.b32", Opcode::ShiftLeft, 1, {reg(0), immediate(2)});
    code.append("add.s64", Opcode::IntAdd, 2, {parameter(0), reg(1)});
    code.append("ld.global.f32", Opcode::LoadGlobal, 3, {reg(2)});
    code.setSourceLine(4);
    code.append("rem.u32", Opcode::IntRemainder, 4, {special(S::ThreadIdxX), immediate(2)});
    code.append("setp.ne.u32", Opcode::SetNotEqual, 5, {reg(4), immediate(0)});
    code.branch(5, true, otherwise, join);
    code.setSourceLine(5);
    code.append("mul.f32", Opcode::FloatMultiply, 3, {reg(3), floatImmediate(2.0f)});
    code.setSourceLine(6);
    code.append("add.f32", Opcode::FloatAdd, 3, {reg(3), floatImmediate(1.0f)});
    code.setSourceLine(7);
    code.jump(join);
    code.setSourceLine(8);
    code.bind(otherwise);
    code.append("add.f32", Opcode::FloatAdd, 3, {reg(3), floatImmediate(3.0f)});
    code.setSourceLine(9);
    code.append("mul.f32", Opcode::FloatMultiply, 3, {reg(3), floatImmediate(0.5f)});
    code.setSourceLine(11);
    code.bind(join);
    code.append("add.s64", Opcode::IntAdd, 6, {parameter(1), reg(1)});
    code.append("st.global.f32", Opcode::StoreGlobal, -1, {reg(6), reg(3)});
    code.setSourceLine(12);
    code.exit();
    kernel.code = code.finish();
    return checkedSize(std::move(kernel));
}

}  // namespace mlsyslab::gpu::builtin_kernels
