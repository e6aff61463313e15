#include "matmul/CpuFeatures.h"

#include <algorithm>
#include <fstream>
#include <set>
#include <thread>
#include <utility>

namespace mlsyslab::matmul {

namespace {

// /proc/cpuinfo's "model name" and the number of distinct (physical id, core id) pairs: the
// physical cores, which the logical count over-states on a machine with SMT.
void readCpuInfo(CpuFeatures& features) {
    std::ifstream cpuinfo("/proc/cpuinfo");
    std::string line;
    std::string physicalId;
    std::set<std::pair<std::string, std::string>> cores;
    const auto valueOf = [](const std::string& text) {
        const auto colon = text.find(':');
        if (colon == std::string::npos) return std::string();
        const auto start = text.find_first_not_of(" \t", colon + 1);
        return start == std::string::npos ? std::string() : text.substr(start);
    };
    while (std::getline(cpuinfo, line)) {
        if (line.starts_with("model name") && features.modelName.empty())
            features.modelName = valueOf(line);
        else if (line.starts_with("physical id"))
            physicalId = valueOf(line);
        else if (line.starts_with("core id"))
            cores.emplace(physicalId, valueOf(line));
    }
    if (features.modelName.empty()) features.modelName = "unknown CPU";
    if (!cores.empty()) features.physicalCores = static_cast<unsigned>(cores.size());
}

CpuFeatures detect() {
    CpuFeatures features;
    features.logicalCores = std::max(1u, std::thread::hardware_concurrency());
    features.physicalCores = features.logicalCores;
    readCpuInfo(features);
    features.physicalCores = std::min(features.physicalCores, features.logicalCores);
    // GCC's (and Clang's) CPU model checks the instruction sets and also that the operating
    // system saves their registers (XGETBV), so a feature listed here can be used.
    __builtin_cpu_init();
    features.sse3 = __builtin_cpu_supports("sse3");
    features.avx = __builtin_cpu_supports("avx");
    features.avx2 = __builtin_cpu_supports("avx2");
    features.fma = __builtin_cpu_supports("fma");
    features.avx512 = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
                      __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl");
    features.avx512bf16 = features.avx512 && __builtin_cpu_supports("avx512bf16");
    return features;
}

}  // namespace

const CpuFeatures& cpuFeatures() {
    static const CpuFeatures features = detect();
    return features;
}

SimdLevel bestSimdLevel(const CpuFeatures& features) {
    if (features.avx512 && features.fma) return SimdLevel::Avx512;
    if (features.avx2 && features.fma) return SimdLevel::Avx2Fma;
    if (features.avx) return SimdLevel::Avx;
    if (features.sse3) return SimdLevel::Sse;
    return SimdLevel::Scalar;
}

std::string_view simdLevelName(SimdLevel level) {
    switch (level) {
        case SimdLevel::Avx512: return "AVX-512";
        case SimdLevel::Avx2Fma: return "AVX2 + FMA";
        case SimdLevel::Avx: return "AVX";
        case SimdLevel::Sse: return "SSE";
        case SimdLevel::Scalar: break;
    }
    return "scalar";
}

int floatLanes(SimdLevel level) {
    switch (level) {
        case SimdLevel::Avx512: return 16;
        case SimdLevel::Avx2Fma:
        case SimdLevel::Avx: return 8;
        case SimdLevel::Sse: return 4;
        case SimdLevel::Scalar: break;
    }
    return 1;
}

}  // namespace mlsyslab::matmul
