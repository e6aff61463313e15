#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "matmul/CpuFeatures.h"

namespace mlsyslab::matmul {

// The micro-kernel: the innermost piece of the packed SIMD multiplication (PackedGemm.h). It
// computes one tile of C, `rows` × `columns` (MR × NR), entirely in vector registers:
//
//     C_tile  =  (or +=)  A_sliver · B_sliver
//     MR × NR             MR × depth  depth × NR
//
// A_sliver and B_sliver come packed (GemmPacking.h): for every k, the MR values of A's column
// k and then the NR values of B's row k lie next to each other, so the kernel reads both as
// plain forward streams. For each k it loads NR values of B into NR/lanes registers,
// broadcasts each of the MR values of A to a whole register, and does MR·NR/lanes fused
// multiply-adds into the accumulators. C is touched only at the end: stored when `accumulate`
// is false (the first panel of k), added to otherwise. cRowStride is in floats.
using MicroKernelFunction = void (*)(std::int64_t depth, const float* packedA, const float* packedB,
                                     float* c, std::int64_t cRowStride, bool accumulate);

// The instruction set a kernel is written in; the widest one the CPU runs is chosen at run time.
enum class MicroKernelIsa { Portable, Avx2, Avx512 };

struct MicroKernel {
    MicroKernelIsa isa = MicroKernelIsa::Portable;
    int rows = 1;     // MR
    int columns = 1;  // NR
    MicroKernelFunction multiply = nullptr;
};

// "AVX-512", "AVX2 + FMA", "portable"
std::string_view microKernelIsaName(MicroKernelIsa isa);

// Every kernel this build contains (the AVX ones only on x86-64), widest first.
const std::vector<MicroKernel>& compiledMicroKernels();

// Whether `features` can execute the kernel's instructions.
bool microKernelRunsOn(const MicroKernel& kernel, const CpuFeatures& features);

// The kernels this CPU can run, widest first: what tests force one by one.
std::vector<MicroKernel> microKernelsRunningHere();

// The widest kernel this CPU runs: the run-time dispatch.
const MicroKernel& bestMicroKernel();

}  // namespace mlsyslab::matmul
