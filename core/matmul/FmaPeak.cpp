#include "matmul/FmaPeak.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <ctime>
#include <thread>
#include <vector>

#include "matmul/CpuFeatures.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define MLSYSLAB_FMA_PEAK_X86 1
#endif

namespace mlsyslab::matmul {

namespace {

using Clock = std::chrono::steady_clock;

// Independent accumulator chains per thread. An FMA's result is ready 4 cycles after it starts
// (Skylake-SP to Sapphire Rapids, Zen 2 to Zen 5), and a core has two FMA pipes: 2 × 4 = 8
// chains keep both busy every cycle. 12 leave room for a 5-cycle latency or a third pipe and
// still fit the 16 vector registers of AVX2 with the two constants.
constexpr int kChains = 12;

// Each step is x ← x·0.9999 + 0.0001, whose fixed point is 1: starting at 1, the values stay
// normal forever (no overflow, no slow denormals) and depend on every step.
constexpr float kMultiplier = 0.9999f;
constexpr float kAddend = 0.0001f;

// Steps per call: 12 chains × 16 lanes × 2 flops × 16384 ≈ 6 MFLOP, tens of microseconds, so
// the clock and the cancel flag are read often without costing anything measurable.
constexpr std::int64_t kStepsPerBatch = 16384;

// A warm-up before the timed part: the core leaves its idle clock, and on CPUs that lower the
// clock for wide vectors the timed part sees the clock it will keep.
constexpr double kWarmupFraction = 0.2;

// Runs `steps` steps of every chain and returns the sum of the accumulators, which the caller
// stores where the compiler must assume it is read: without it the loop could be deleted.
using FmaKernel = float (*)(std::int64_t steps);

#if MLSYSLAB_FMA_PEAK_X86
__attribute__((target("avx512f"))) float fmaChainsAvx512(std::int64_t steps) {
    const __m512 multiplier = _mm512_set1_ps(kMultiplier);
    const __m512 addend = _mm512_set1_ps(kAddend);
    __m512 accumulators[kChains];
    for (auto& accumulator : accumulators) accumulator = _mm512_set1_ps(1.0f);
    for (std::int64_t step = 0; step < steps; ++step) {
#pragma GCC unroll 16
        for (int chain = 0; chain < kChains; ++chain) {
            accumulators[chain] = _mm512_fmadd_ps(accumulators[chain], multiplier, addend);
        }
    }
    __m512 total = accumulators[0];
    for (int chain = 1; chain < kChains; ++chain) {
        total = _mm512_add_ps(total, accumulators[chain]);
    }
    alignas(64) float lanes[16];
    _mm512_store_ps(lanes, total);
    float sum = 0.0f;
    for (const float lane : lanes) sum += lane;
    return sum;
}

__attribute__((target("avx2,fma"))) float fmaChainsAvx2(std::int64_t steps) {
    const __m256 multiplier = _mm256_set1_ps(kMultiplier);
    const __m256 addend = _mm256_set1_ps(kAddend);
    __m256 accumulators[kChains];
    for (auto& accumulator : accumulators) accumulator = _mm256_set1_ps(1.0f);
    for (std::int64_t step = 0; step < steps; ++step) {
#pragma GCC unroll 16
        for (int chain = 0; chain < kChains; ++chain) {
            accumulators[chain] = _mm256_fmadd_ps(accumulators[chain], multiplier, addend);
        }
    }
    __m256 total = accumulators[0];
    for (int chain = 1; chain < kChains; ++chain) {
        total = _mm256_add_ps(total, accumulators[chain]);
    }
    alignas(32) float lanes[8];
    _mm256_store_ps(lanes, total);
    float sum = 0.0f;
    for (const float lane : lanes) sum += lane;
    return sum;
}
#endif

// Without FMA instructions a multiply and an add: the same 2 flops per step, the way such a CPU
// would compute a dot product.
float fmaChainsScalar(std::int64_t steps) {
    float accumulators[kChains];
    for (auto& accumulator : accumulators) accumulator = 1.0f;
    for (std::int64_t step = 0; step < steps; ++step) {
#pragma GCC unroll 16
        for (int chain = 0; chain < kChains; ++chain) {
            accumulators[chain] = accumulators[chain] * kMultiplier + kAddend;
        }
    }
    float sum = 0.0f;
    for (const float accumulator : accumulators) sum += accumulator;
    return sum;
}

struct KernelChoice {
    FmaKernel kernel;
    int lanes;
};

KernelChoice chooseKernel() {
#if MLSYSLAB_FMA_PEAK_X86
    switch (bestSimdLevel(cpuFeatures())) {
        case SimdLevel::Avx512:
            return {fmaChainsAvx512, 16};
        case SimdLevel::Avx2Fma:
            return {fmaChainsAvx2, 8};
        default:
            break;
    }
#endif
    return {fmaChainsScalar, 1};
}

// One per thread, each on its own cache line so that the sinks do not share one.
struct alignas(64) ThreadMeasurement {
    double flops = 0.0;
    double seconds = 0.0;
    bool cancelled = false;
    // Where the accumulators' sum goes: a volatile store the compiler must perform.
    volatile float sink = 0.0f;
};

bool cancelled(const std::atomic<bool>* cancel) {
    return cancel != nullptr && cancel->load(std::memory_order_relaxed);
}

double secondsSince(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// The calling thread's CPU time. The rate is counted in it, not in wall time: on a machine
// busy with other programs (a build in the background, a shared lab server) the scheduler
// pauses the threads now and then, and the peak is what a core does while it runs. Falls back
// to the wall clock where the system has no per-thread CPU clock.
double threadCpuSeconds() {
#if defined(CLOCK_THREAD_CPUTIME_ID)
    timespec now{};
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now) == 0)
        return double(now.tv_sec) + double(now.tv_nsec) * 1e-9;
#endif
    return std::chrono::duration<double>(Clock::now().time_since_epoch()).count();
}

// However busy the machine, a measurement ends after this many times its length in wall time.
constexpr double kMostWallTimeFactor = 10.0;

void measureOneThread(const KernelChoice& choice, const FmaPeakOptions& options,
                      const std::atomic<bool>& go, const std::atomic<bool>* cancel,
                      ThreadMeasurement& measurement) {
    while (!go.load(std::memory_order_acquire)) std::this_thread::yield();
    const double flopsPerBatch = double(kStepsPerBatch) * kChains * choice.lanes * 2.0;
    const auto warmupStart = Clock::now();
    while (secondsSince(warmupStart) < options.seconds * kWarmupFraction) {
        if (cancelled(cancel)) {
            measurement.cancelled = true;
            return;
        }
        measurement.sink = measurement.sink + choice.kernel(kStepsPerBatch);
    }
    const auto wallStart = Clock::now();
    const double cpuStart = threadCpuSeconds();
    std::int64_t batches = 0;
    double cpuSeconds = 0.0;
    do {
        if (cancelled(cancel)) {
            measurement.cancelled = true;
            return;
        }
        measurement.sink = measurement.sink + choice.kernel(kStepsPerBatch);
        ++batches;
        cpuSeconds = threadCpuSeconds() - cpuStart;
    } while (cpuSeconds < options.seconds &&
             secondsSince(wallStart) < options.seconds * kMostWallTimeFactor);
    measurement.flops = double(batches) * flopsPerBatch;
    measurement.seconds = cpuSeconds;
}

}  // namespace

double measureFmaPeakGflops(const FmaPeakOptions& options, const std::atomic<bool>* cancel) {
    if (cancelled(cancel)) return 0.0;
    // Rates are counted in each thread's CPU time, so threads beyond the hardware's would each
    // count a whole core's rate: they are not started.
    const unsigned hardwareThreads = cpuFeatures().logicalCores;
    const unsigned threads =
        options.threads == 0 ? hardwareThreads : std::min(options.threads, hardwareThreads);
    const KernelChoice choice = chooseKernel();
    std::vector<ThreadMeasurement> measurements(threads);
    std::atomic<bool> go{false};
    std::vector<std::thread> workers;
    workers.reserve(threads - 1);
    // The calling thread is the first of them; all start together once every one exists.
    for (unsigned index = 1; index < threads; ++index) {
        workers.emplace_back(measureOneThread, std::cref(choice), std::cref(options), std::cref(go),
                             cancel, std::ref(measurements[index]));
    }
    go.store(true, std::memory_order_release);
    measureOneThread(choice, options, go, cancel, measurements[0]);
    for (auto& worker : workers) worker.join();

    // The threads ran side by side, each on a core of its own while it ran: the machine's rate
    // is the sum of theirs.
    double gflops = 0.0;
    for (const auto& measurement : measurements) {
        if (measurement.cancelled) return 0.0;
        if (measurement.seconds > 0.0) gflops += measurement.flops / measurement.seconds / 1e9;
    }
    return gflops;
}

}  // namespace mlsyslab::matmul
