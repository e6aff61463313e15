#pragma once

#include <string>
#include <string_view>

namespace mlsyslab::matmul {

// The vector instruction sets the kernels can use, from oldest to widest.
enum class SimdLevel { Scalar, Sse, Avx, Avx2Fma, Avx512 };

// What this CPU offers, as the running operating system allows it (an instruction set counts
// only when the OS saves its registers: XCR0, via GCC's __builtin_cpu_supports).
struct CpuFeatures {
    std::string modelName;  // /proc/cpuinfo's "model name", or "unknown CPU"
    unsigned logicalCores = 1;
    unsigned physicalCores = 1;
    bool sse3 = false;
    bool avx = false;
    bool avx2 = false;
    bool fma = false;
    // AVX-512 Foundation with the BW, DQ and VL subsets that every AVX-512 server core since
    // Skylake-SP has (what OpenBLAS's SkylakeX kernels need).
    bool avx512 = false;
    bool avx512bf16 = false;  // Cooper Lake, Sapphire Rapids, Zen 4
};

const CpuFeatures& cpuFeatures();  // detected once
SimdLevel bestSimdLevel(const CpuFeatures& features);
// "AVX-512", "AVX2 + FMA", "AVX", "SSE", "scalar"
std::string_view simdLevelName(SimdLevel level);
// Float32 lanes of one vector register: 16, 8, 8, 4, 1.
int floatLanes(SimdLevel level);

}  // namespace mlsyslab::matmul
