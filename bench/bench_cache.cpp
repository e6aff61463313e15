// L1 line references per second through the 3-level "modern-server" hierarchy (48 KiB L1,
// 2 MiB L2, 32 MiB L3): a sequential scan, uniformly random loads over 64 MiB (most references
// miss L1 and L2, half miss L3), and the 1-million-access trace of a 70x70 float matmul (ikj),
// each with miss classification off (the fast path) and on (the 3C split, as CacheRun runs).
// Also the time to build a CacheRun (checkpoints, hit-rate history) over that 1 M-access
// trace, what the `cache` simulator and `cache run` do before showing anything.
// The goal of the memory issue: at least 30 M references per second on one core. Rates are per
// second of CPU time (Google Benchmark's default), the fair measure on a shared machine.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "memory/AccessPatterns.h"
#include "memory/CacheHierarchy.h"
#include "memory/CacheRun.h"

namespace {

namespace memory = mlsyslab::memory;
using memory::MemoryAccess;

constexpr std::uint64_t kMiB = 1024 * 1024;
constexpr std::uint64_t kTraceAccesses = 2'000'000;

enum class Trace { Sequential, Random, Matmul };

std::vector<MemoryAccess> makeTrace(Trace trace) {
    switch (trace) {
        case Trace::Sequential:  // 8-byte loads over 16 MiB: 1 miss per 8 references
            return memory::stridedPattern(0, kTraceAccesses, 8, 8);
        case Trace::Random:
            return memory::randomPattern(0, 64 * kMiB, kTraceAccesses, 8, 1);
        case Trace::Matmul:  // 3 x 70^3 + 70^2 = 1,033,900 accesses
            return memory::matmulPattern(0, 70, 4, memory::MatmulLoopOrder::Ikj);
    }
    return {};
}

const char* traceName(Trace trace) {
    switch (trace) {
        case Trace::Sequential:
            return "sequential 16 MiB";
        case Trace::Random:
            return "random 64 MiB";
        case Trace::Matmul:
            return "matmul 70 ikj (1 M accesses)";
    }
    return "";
}

// One iteration runs the whole trace through a fresh (empty) hierarchy; building the hierarchy
// is not timed.
void referencesThroughHierarchy(benchmark::State& state) {
    const auto trace = static_cast<Trace>(state.range(0));
    const auto classification =
        state.range(1) == 0 ? memory::MissClassification::Off : memory::MissClassification::On;
    const memory::CacheConfig config = *memory::cachePreset("modern-server");
    const std::vector<MemoryAccess> accesses = makeTrace(trace);
    std::uint64_t references = 0;
    for (auto _ : state) {
        state.PauseTiming();
        memory::CacheHierarchy cache(config, classification);
        state.ResumeTiming();
        for (const MemoryAccess& access : accesses) cache.access(access);
        references += cache.stats().lineReferences;
        benchmark::DoNotOptimize(cache.stats().totalCycles);
    }
    state.counters["references_per_second"] =
        benchmark::Counter(static_cast<double>(references), benchmark::Counter::kIsRate);
    state.SetLabel(std::string(traceName(trace)) +
                   (classification == memory::MissClassification::On ? ", 3C on" : ", 3C off"));
}

// A CacheRun over the 1 M-access matmul trace, on the lecture and the modern-server presets.
void buildCacheRun(benchmark::State& state) {
    const char* preset = state.range(0) == 0 ? "lecture" : "modern-server";
    const memory::CacheConfig config = *memory::cachePreset(preset);
    const std::vector<MemoryAccess> accesses = makeTrace(Trace::Matmul);
    std::uint64_t processed = 0;
    for (auto _ : state) {
        const memory::CacheRun run(config, accesses);
        benchmark::DoNotOptimize(run.finalStats().totalCycles);
        processed += accesses.size();
    }
    state.counters["accesses_per_second"] =
        benchmark::Counter(static_cast<double>(processed), benchmark::Counter::kIsRate);
    state.SetLabel(preset);
}

}  // namespace

BENCHMARK(referencesThroughHierarchy)
    ->ArgsProduct({{0, 1, 2}, {0, 1}})
    ->ArgNames({"trace", "classify"})
    ->Unit(benchmark::kMillisecond);
BENCHMARK(buildCacheRun)->Arg(0)->Arg(1)->ArgName("preset")->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
