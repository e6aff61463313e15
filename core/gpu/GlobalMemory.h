#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gpu/KernelProgram.h"

namespace mlsyslab::gpu {

// The simulated global memory: one flat float array holding the kernel's arrays one after the
// other, each on a 256-byte boundary (cudaMalloc's alignment, CUDA C++ Programming Guide,
// "Device Memory Accesses"), so addresses, coalescing and results are real.
inline constexpr std::int64_t kArrayAlignmentBytes = 256;
// The simulator keeps every array in host memory: a launch whose arrays need more is refused.
inline constexpr std::int64_t kMaxGlobalMemoryBytes = std::int64_t{1} << 30;

// Appends an array of `elements` floats to the kernel's global memory and returns its base
// byte address (what the kernel's pointer parameter holds).
std::int64_t addKernelArray(KernelProgram& kernel, std::string name, std::int64_t elements,
                            bool input);

// The value element `element` of the kernel's array number `arrayIndex` starts with, when it is
// an input: multiples of 1/4 between -2 and 2, so sums and products of a few thousand of them
// are exact in float32 and a CPU check gets the very same bits in any order.
float initialArrayValue(int arrayIndex, std::int64_t element);

// The whole global memory before the launch: inputs filled, outputs (and padding) zero.
std::vector<float> initialGlobalMemory(const KernelProgram& kernel);

// The floats of one array (by name) in `memory`; empty when there is no such array.
std::vector<float> arrayValues(const KernelProgram& kernel, const std::vector<float>& memory,
                               const std::string& name);

}  // namespace mlsyslab::gpu
