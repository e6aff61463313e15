// matmulNaive and matmulTiled: C = A x B for N x N row-major matrices (seed 004's kernel and the
// CUDA C++ Programming Guide's shared-memory version).
#include <algorithm>

#include "common/Concat.h"
#include "gpu/BuiltinKernelBuilders.h"
#include "gpu/GlobalMemory.h"
#include "gpu/KernelAssembler.h"

namespace mlsyslab::gpu::builtin_kernels {

namespace {

using S = SpecialRegister;
constexpr std::int64_t kFloatBytes = 4;

// Room for three N x N matrices, or a size past the simulator's limit (refused later).
std::int64_t matrixElements(std::int64_t n) {
    return n > (std::int64_t{1} << 20) ? (kMaxGlobalMemoryBytes + 1) : n * n;
}

void addMatrices(KernelProgram& kernel, std::int64_t n) {
    const std::int64_t a = addKernelArray(kernel, "A", matrixElements(n), true);
    const std::int64_t b = addKernelArray(kernel, "B", matrixElements(n), true);
    const std::int64_t c = addKernelArray(kernel, "C", matrixElements(n), false);
    kernel.parameterNames = {"A", "B", "C", "N"};
    kernel.parameterValues = {a, b, c, n};
}

}  // namespace

// One thread per element of C, a k-loop reading A's row and B's column from global memory. N is
// the smaller launch extent, so threads past it skip the work (the bounds check).
Result<KernelProgram> matmulNaive(const Dim3& grid, const Dim3& block) {
    const std::int64_t n = std::min(std::int64_t{grid.x} * block.x, std::int64_t{grid.y} * block.y);
    KernelProgram kernel;
    kernel.id = "matmulNaive";
    kernel.title = "C = A x B, one thread per element";
    kernel.sourceLines = {
        concat("// N = ", std::to_string(n), " (the smaller of the launch's x and y threads)"),
        "__global__ void matmulNaive(const float* A, const float* B, float* C, int N)",
        "{",
        "    int row = blockIdx.y * blockDim.y + threadIdx.y;",
        "    int col = blockIdx.x * blockDim.x + threadIdx.x;",
        "    if (row < N && col < N) {",
        "        float sum = 0.0f;",
        "        for (int k = 0; k < N; ++k)",
        "            sum += A[row * N + k] * B[k * N + col];",
        "        C[row * N + col] = sum;",
        "    }",
        "}",
    };
    addMatrices(kernel, n);
    kernel.registersPerThread = kMatmulNaiveRegisters;

    KernelAssembler code(kernel.parameterNames);
    const auto end = code.newLabel("END");
    const auto loop = code.newLabel("LOOP");
    const auto done = code.newLabel("DONE");
    code.setSourceLine(3);
    code.append("mad.lo.s32", Opcode::IntMultiplyAdd, 0,
                {special(S::BlockIdxY), special(S::BlockDimY), special(S::ThreadIdxY)});
    code.setSourceLine(4);
    code.append("mad.lo.s32", Opcode::IntMultiplyAdd, 1,
                {special(S::BlockIdxX), special(S::BlockDimX), special(S::ThreadIdxX)});
    code.setSourceLine(5);
    code.append("setp.lt.s32", Opcode::SetLess, 2, {reg(0), parameter(3)});
    code.append("setp.lt.s32", Opcode::SetLess, 3, {reg(1), parameter(3)});
    code.append("and.pred", Opcode::SetAnd, 2, {reg(2), reg(3)});
    code.branch(2, true, end, end);
    code.setSourceLine(6);
    code.append("mov.f32", Opcode::Move, 4, {floatImmediate(0.0f)});
    code.setSourceLine(7);
    code.append("mov.s32", Opcode::Move, 5, {immediate(0)});
    code.bind(loop);
    code.append("setp.lt.s32", Opcode::SetLess, 6, {reg(5), parameter(3)});
    code.branch(6, true, done, done);
    code.setSourceLine(8);
    code.append("mad.lo.s32", Opcode::IntMultiplyAdd, 7, {reg(0), parameter(3), reg(5)});
    code.append("shl.b32", Opcode::ShiftLeft, 7, {reg(7), immediate(2)});
    code.append("add.s64", Opcode::IntAdd, 7, {parameter(0), reg(7)});
    code.append("ld.global.f32", Opcode::LoadGlobal, 8, {reg(7)});
    code.append("mad.lo.s32", Opcode::IntMultiplyAdd, 9, {reg(5), parameter(3), reg(1)});
    code.append("shl.b32", Opcode::ShiftLeft, 9, {reg(9), immediate(2)});
    code.append("add.s64", Opcode::IntAdd, 9, {parameter(1), reg(9)});
    code.append("ld.global.f32", Opcode::LoadGlobal, 10, {reg(9)});
    code.append("fma.rn.f32", Opcode::FusedMultiplyAdd, 4, {reg(8), reg(10), reg(4)});
    code.setSourceLine(7);
    code.append("add.s32", Opcode::IntAdd, 5, {reg(5), immediate(1)});
    code.jump(loop);
    code.setSourceLine(9);
    code.bind(done);
    code.append("mad.lo.s32", Opcode::IntMultiplyAdd, 11, {reg(0), parameter(3), reg(1)});
    code.append("shl.b32", Opcode::ShiftLeft, 11, {reg(11), immediate(2)});
    code.append("add.s64", Opcode::IntAdd, 11, {parameter(2), reg(11)});
    code.append("st.global.f32", Opcode::StoreGlobal, -1, {reg(11), reg(4)});
    code.setSourceLine(11);
    code.bind(end);
    code.exit();
    kernel.code = code.finish();
    return checkedSize(std::move(kernel));
}

// Each block stages TILE x TILE pieces of A and B in shared memory, waits for all its threads
// (__syncthreads), multiplies them from shared memory, and waits again before the next pair.
// TILE is the block's side: the launch must be a square grid of square blocks.
Result<KernelProgram> matmulTiled(const Dim3& grid, const Dim3& block) {
    if (block.x != block.y || block.z != 1 || grid.x != grid.y || grid.z != 1) {
        return Result<KernelProgram>::failure(concat(
            "matmulTiled needs square tiles: a square grid of square 2D blocks, such as --grid "
            "4,4 --block 16,16 (got grid ",
            toString(grid), ", block ", toString(block), ")"));
    }
    const int tile = block.x;
    const std::int64_t tiles = grid.x;
    const std::int64_t n = tiles * tile;
    const std::int64_t tileBytes = std::int64_t{tile} * tile * kFloatBytes;
    KernelProgram kernel;
    kernel.id = "matmulTiled";
    kernel.title = "C = A x B through shared-memory tiles";
    kernel.sourceLines = {
        concat("#define TILE ", std::to_string(tile), "  // blockDim.x = blockDim.y"),
        concat("// N = ", std::to_string(n), " (gridDim.x * TILE)"),
        "__global__ void matmulTiled(const float* A, const float* B, float* C, int N)",
        "{",
        "    __shared__ float tileA[TILE][TILE];",
        "    __shared__ float tileB[TILE][TILE];",
        "    int row = blockIdx.y * TILE + threadIdx.y;",
        "    int col = blockIdx.x * TILE + threadIdx.x;",
        "    float sum = 0.0f;",
        "    for (int t = 0; t < N / TILE; ++t) {",
        "        tileA[threadIdx.y][threadIdx.x] = A[row * N + t * TILE + threadIdx.x];",
        "        tileB[threadIdx.y][threadIdx.x] = B[(t * TILE + threadIdx.y) * N + col];",
        "        __syncthreads();",
        "        for (int k = 0; k < TILE; ++k)",
        "            sum += tileA[threadIdx.y][k] * tileB[k][threadIdx.x];",
        "        __syncthreads();",
        "    }",
        "    C[row * N + col] = sum;",
        "}",
    };
    addMatrices(kernel, n);
    kernel.registersPerThread = kMatmulTiledRegisters;
    kernel.staticSharedBytesPerBlock = 2 * tileBytes;

    KernelAssembler code(kernel.parameterNames);
    const auto loop = code.newLabel("LOOP");
    const auto inner = code.newLabel("INNER");
    const auto next = code.newLabel("NEXT");
    const auto done = code.newLabel("DONE");
    code.setSourceLine(6);
    code.append("mad.lo.s32", Opcode::IntMultiplyAdd, 0,
                {special(S::BlockIdxY), immediate(tile), special(S::ThreadIdxY)});
    code.setSourceLine(7);
    code.append("mad.lo.s32", Opcode::IntMultiplyAdd, 1,
                {special(S::BlockIdxX), immediate(tile), special(S::ThreadIdxX)});
    code.setSourceLine(8);
    code.append("mov.f32", Opcode::Move, 2, {floatImmediate(0.0f)});
    code.setSourceLine(9);
    code.append("mov.s32", Opcode::Move, 3, {immediate(0)});
    // r4: this thread's byte offset in a tile, [threadIdx.y][threadIdx.x]
    code.setSourceLine(10);
    code.append("mad.lo.s32", Opcode::IntMultiplyAdd, 4,
                {special(S::ThreadIdxY), immediate(tile), special(S::ThreadIdxX)});
    code.append("shl.b32", Opcode::ShiftLeft, 4, {reg(4), immediate(2)});
    code.setSourceLine(9);
    code.bind(loop);
    code.append("setp.lt.s32", Opcode::SetLess, 5, {reg(3), immediate(tiles)});
    code.branch(5, true, done, done);
    code.setSourceLine(10);
    code.append("mad.lo.s32", Opcode::IntMultiplyAdd, 6,
                {reg(3), immediate(tile), special(S::ThreadIdxX)});
    code.append("mad.lo.s32", Opcode::IntMultiplyAdd, 6, {reg(0), parameter(3), reg(6)});
    code.append("shl.b32", Opcode::ShiftLeft, 6, {reg(6), immediate(2)});
    code.append("add.s64", Opcode::IntAdd, 6, {parameter(0), reg(6)});
    code.append("ld.global.f32", Opcode::LoadGlobal, 7, {reg(6)});
    code.append("st.shared.f32", Opcode::StoreShared, -1, {reg(4), reg(7)});
    code.setSourceLine(11);
    code.append("mad.lo.s32", Opcode::IntMultiplyAdd, 8,
                {reg(3), immediate(tile), special(S::ThreadIdxY)});
    code.append("mad.lo.s32", Opcode::IntMultiplyAdd, 8, {reg(8), parameter(3), reg(1)});
    code.append("shl.b32", Opcode::ShiftLeft, 8, {reg(8), immediate(2)});
    code.append("add.s64", Opcode::IntAdd, 8, {parameter(1), reg(8)});
    code.append("ld.global.f32", Opcode::LoadGlobal, 9, {reg(8)});
    code.append("add.s32", Opcode::IntAdd, 10, {reg(4), immediate(tileBytes)});
    code.append("st.shared.f32", Opcode::StoreShared, -1, {reg(10), reg(9)});
    code.setSourceLine(12);
    code.barrier();
    code.setSourceLine(13);
    code.append("mov.s32", Opcode::Move, 11, {immediate(0)});
    code.bind(inner);
    code.append("setp.lt.s32", Opcode::SetLess, 12, {reg(11), immediate(tile)});
    code.branch(12, true, next, next);
    code.setSourceLine(14);
    code.append("mad.lo.s32", Opcode::IntMultiplyAdd, 13,
                {special(S::ThreadIdxY), immediate(tile), reg(11)});
    code.append("shl.b32", Opcode::ShiftLeft, 13, {reg(13), immediate(2)});
    code.append("ld.shared.f32", Opcode::LoadShared, 14, {reg(13)});
    code.append("mad.lo.s32", Opcode::IntMultiplyAdd, 15,
                {reg(11), immediate(tile), special(S::ThreadIdxX)});
    code.append("shl.b32", Opcode::ShiftLeft, 15, {reg(15), immediate(2)});
    code.append("add.s32", Opcode::IntAdd, 15, {reg(15), immediate(tileBytes)});
    code.append("ld.shared.f32", Opcode::LoadShared, 16, {reg(15)});
    code.append("fma.rn.f32", Opcode::FusedMultiplyAdd, 2, {reg(14), reg(16), reg(2)});
    code.setSourceLine(13);
    code.append("add.s32", Opcode::IntAdd, 11, {reg(11), immediate(1)});
    code.jump(inner);
    code.setSourceLine(15);
    code.bind(next);
    code.barrier();
    code.setSourceLine(9);
    code.append("add.s32", Opcode::IntAdd, 3, {reg(3), immediate(1)});
    code.jump(loop);
    code.setSourceLine(17);
    code.bind(done);
    code.append("mad.lo.s32", Opcode::IntMultiplyAdd, 17, {reg(0), parameter(3), reg(1)});
    code.append("shl.b32", Opcode::ShiftLeft, 17, {reg(17), immediate(2)});
    code.append("add.s64", Opcode::IntAdd, 17, {parameter(2), reg(17)});
    code.append("st.global.f32", Opcode::StoreGlobal, -1, {reg(17), reg(2)});
    code.setSourceLine(18);
    code.exit();
    kernel.code = code.finish();
    return checkedSize(std::move(kernel));
}

}  // namespace mlsyslab::gpu::builtin_kernels
