// The cycle-by-cycle warp scheduler simulator (gpu/WarpSimulator.h): warp instructions simulated
// per second on the built-in kernels on the H100 model, and the whole H100 4096 x 4096 matrixAdd
// launch (grid 256 x 256 of 16 x 16 blocks: 65,536 blocks, 524,288 warps, 8.4 M warp
// instructions) whose goal in the GPU issue is about one second. Each iteration is a whole
// simulateLaunch: building the global memory, every functional lane, every scheduled cycle,
// without snapshots (as `gpu run` runs it). Rates are per second of CPU time (Google
// Benchmark's default), the fair measure on a shared machine.
#include <benchmark/benchmark.h>

#include <string>

#include "gpu/BuiltinKernels.h"
#include "gpu/DeviceYaml.h"
#include "gpu/WarpSimulator.h"

namespace {

namespace gpu = mlsyslab::gpu;

struct Launch {
    const char* kernel;
    gpu::Dim3 grid;
    gpu::Dim3 block;
};

// Launches of a few million warp instructions each; the last is the goal.
const Launch kLaunches[] = {
    {"matrixAdd", {64, 64, 1}, {16, 16, 1}},    // 1024 x 1024, memory-bound
    {"matmulTiled", {16, 16, 1}, {16, 16, 1}},  // N = 256, shared memory and barriers
    {"matmulNaive", {8, 8, 1}, {16, 16, 1}},    // N = 128, global loads in a loop
    {"divergent", {4096, 1, 1}, {256, 1, 1}},   // both paths in every warp
    {"reduction", {4096, 1, 1}, {256, 1, 1}},   // shared-memory tree with barriers
    {"matrixAdd", {256, 256, 1}, {16, 16, 1}},  // 4096 x 4096: the goal, about a second
};

void simulate(benchmark::State& state) {
    const Launch& launch = kLaunches[state.range(0)];
    const std::string scheduler = state.range(1) == 0 ? "lrr" : "gto";
    gpu::SimulationConfig config;
    config.device = *gpu::findBuiltinDevice("h100");
    config.kernel = *gpu::buildKernel(launch.kernel, launch.grid, launch.block);
    config.grid = launch.grid;
    config.block = launch.block;
    config.schedulerPolicy = scheduler;
    config.recordedSm = -1;
    std::int64_t warpInstructions = 0;
    std::int64_t cycles = 0;
    for (auto _ : state) {
        const auto result = gpu::simulateLaunch(config);
        warpInstructions += result->stats.warpInstructions;
        cycles = result->stats.cycles;
        benchmark::DoNotOptimize(result->globalMemory.data());
    }
    state.counters["warp_instructions_per_second"] =
        benchmark::Counter(static_cast<double>(warpInstructions), benchmark::Counter::kIsRate);
    state.counters["simulated_cycles"] = static_cast<double>(cycles);
    state.SetLabel(std::string(launch.kernel) + " grid " + gpu::toString(launch.grid) + " block " +
                   gpu::toString(launch.block) + " " + scheduler);
}

}  // namespace

BENCHMARK(simulate)
    ->ArgsProduct({{0, 1, 2, 3, 4}, {0, 1}})
    ->ArgNames({"launch", "gto"})
    ->Unit(benchmark::kMillisecond);
// The H100 4096 x 4096 matrixAdd: a few whole runs, their time is the figure.
BENCHMARK(simulate)
    ->Args({5, 0})
    ->ArgNames({"launch", "gto"})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(3);

BENCHMARK_MAIN();
