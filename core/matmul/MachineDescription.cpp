#include "matmul/MachineDescription.h"

#include <cstdio>

#include "common/Concat.h"
#include "matmul/CpuFeatures.h"
#include "matmul/FmaPeak.h"
#include "matmul/MatmulMemory.h"
#include "matmul/OpenBlasLibrary.h"
#include "matmul/cuda/CudaDevices.h"

namespace mlsyslab::matmul {

namespace {

// Each of the two peak measurements: long enough for a steady clock, short enough that the
// description costs about a quarter of a second.
constexpr double kPeakSeconds = 0.1;

std::string gflopsText(double gflops) {
    char text[32];
    std::snprintf(text, sizeof text, "%.0f", gflops);
    return text;
}

std::string coresText(const MachineDescription& machine) {
    const auto plural = [](unsigned count, const char* word) {
        return concat(std::to_string(count), " ", word, count == 1 ? "" : "s");
    };
    if (machine.logicalCores == machine.physicalCores) return plural(machine.logicalCores, "core");
    // Two hardware threads share each core's FMA units: the peak of all of them is not twice
    // one core's.
    return concat(plural(machine.physicalCores, "core"), " (",
                  plural(machine.logicalCores, "hardware thread"), ")");
}

std::string gpuText(const GpuDescription& gpu) {
    return concat(gpu.name, ", ", byteCountText(gpu.memoryBytes), ", compute capability ",
                  std::to_string(gpu.computeCapabilityMajor), ".",
                  std::to_string(gpu.computeCapabilityMinor), ", ",
                  std::to_string(gpu.multiprocessors), " SMs");
}

}  // namespace

MachineDescription describeMachine(bool measurePeak, const std::atomic<bool>* cancel) {
    MachineDescription machine;
    const CpuFeatures& features = cpuFeatures();
    machine.cpuModel = features.modelName;
    machine.logicalCores = features.logicalCores;
    machine.physicalCores = features.physicalCores;
    machine.simdLevel = std::string(simdLevelName(bestSimdLevel(features)));
    if (measurePeak) {
        machine.fmaPeakGflopsOneThread = measureFmaPeakGflops({1, kPeakSeconds}, cancel);
        machine.fmaPeakGflopsAllThreads = features.logicalCores == 1
                                              ? machine.fmaPeakGflopsOneThread
                                              : measureFmaPeakGflops({0, kPeakSeconds}, cancel);
    }
    if (const OpenBlasLibrary* openBlas = OpenBlasLibrary::instance()) {
        machine.openBlas = openBlas->kernels().summary();
    } else {
        machine.openBlas = concat("OpenBLAS unavailable: ", OpenBlasLibrary::loadError());
    }
    const CudaDeviceList& devices = cudaDevices();
    machine.gpus = devices.devices;
    machine.gpuUnavailableReason = devices.unavailableReason;
    return machine;
}

std::string describeMachineText(const MachineDescription& machine) {
    std::string text =
        concat("CPU: ", machine.cpuModel, ", ", coresText(machine), ", ", machine.simdLevel, "\n");
    if (machine.fmaPeakGflopsOneThread > 0.0) {
        text += concat("FMA peak (float32, measured): 1 thread ",
                       gflopsText(machine.fmaPeakGflopsOneThread), " GFLOPS");
        if (machine.logicalCores > 1) {
            text += concat(", ", std::to_string(machine.logicalCores), " threads ",
                           gflopsText(machine.fmaPeakGflopsAllThreads), " GFLOPS");
        }
        text += "\n";
    } else {
        text += "FMA peak: not measured\n";
    }
    text += concat("BLAS: ", machine.openBlas, "\n");
    if (machine.gpus.empty()) {
        const std::string reason =
            machine.gpuUnavailableReason.empty() ? "none found" : machine.gpuUnavailableReason;
        text += concat("GPU: none (", reason, ")\n");
    }
    for (const GpuDescription& gpu : machine.gpus) text += concat("GPU: ", gpuText(gpu), "\n");
    return text;
}

}  // namespace mlsyslab::matmul
