#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

namespace mlsyslab::matmul {

struct GpuDescription {
    std::string name;  // "NVIDIA H100 80GB HBM3"
    std::uint64_t memoryBytes = 0;
    int computeCapabilityMajor = 0;
    int computeCapabilityMinor = 0;
    int multiprocessors = 0;
};

// The machine a benchmark ran on, printed above every table and exported with it.
struct MachineDescription {
    std::string cpuModel;
    unsigned logicalCores = 1;
    unsigned physicalCores = 1;
    std::string simdLevel;  // simdLevelName(bestSimdLevel(...))
    // Measured float32 FMA throughput: independent FMA chains in the widest registers the CPU
    // has, on one thread and on every hardware thread (FmaPeak.h). 0 when not measured.
    double fmaPeakGflopsOneThread = 0.0;
    double fmaPeakGflopsAllThreads = 0.0;
    std::string openBlas;  // OpenBlasKernels::summary(), or why OpenBLAS is unavailable
    std::vector<GpuDescription> gpus;
    std::string gpuUnavailableReason;  // when gpus is empty
};

// Reads the CPU, OpenBLAS and the GPUs; measures the FMA peak when `measurePeak` (about a
// quarter of a second).
MachineDescription describeMachine(bool measurePeak, const std::atomic<bool>* cancel = nullptr);

// The description as a few lines of text ("CPU: AMD EPYC, 2 cores, AVX-512, FMA peak 1 thread
// 150 GFLOPS, 2 threads 300 GFLOPS" ...).
std::string describeMachineText(const MachineDescription& machine);

}  // namespace mlsyslab::matmul
