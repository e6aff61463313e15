#include "memory/ClockEstimate.h"

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "memory/ProbeTimer.h"

namespace mlsyslab::memory {

namespace {

constexpr int kRuns = 5;
constexpr double kRunMilliseconds = 10.0;
constexpr double kWarmUpMilliseconds = 20.0;
constexpr int kAddsPerTrip = 64;
constexpr std::uint64_t kTripsPerChunk = 1 << 14;  // about a million additions: 0.3 ms at 3 GHz

// An empty assembler statement that claims to read and change `value`: the compiler must keep
// it in a register and may not fold the additions around it into one (x + 64), yet no
// instruction is emitted, so the chain is exactly one `add` per step.
[[gnu::always_inline]] inline void keepInRegister(std::uint64_t& value) {
#if defined(__GNUC__) || defined(__clang__)
    __asm__ __volatile__("" : "+r"(value));
#endif
}

// kAddsPerTrip dependent additions, written out (a fold over the index pack) so that no loop
// counter sits between them. `step` is opaque too: some cores (Intel's Golden Cove) execute an
// add of a small known constant at register rename, with no latency, which would make the
// chain look free.
template <std::size_t... Index>
[[gnu::always_inline]] inline void addChainOnce(std::uint64_t& value, std::uint64_t step,
                                                std::index_sequence<Index...>) {
    ((value += step, keepInRegister(value), void(Index)), ...);
}

[[gnu::noinline]] std::uint64_t addChain(std::uint64_t value, std::uint64_t step,
                                         std::uint64_t trips) {
    for (; trips > 0; --trips) addChainOnce(value, step, std::make_index_sequence<kAddsPerTrip>());
    return value;
}

// Additions per nanosecond of the thread's CPU time (ProbeTimer.h) over at least
// `milliseconds`; 0 when cancelled.
double addsPerNanosecond(double milliseconds, std::uint64_t& value, std::uint64_t step,
                         const ProbeControl& control) {
    const double start = threadCpuNanoseconds();
    const double minNanoseconds = milliseconds * 1e6;
    std::uint64_t adds = 0;
    double elapsed = 0.0;
    while (elapsed < minNanoseconds) {
        value = addChain(value, step, kTripsPerChunk);
        adds += kTripsPerChunk * kAddsPerTrip;
        elapsed = threadCpuNanoseconds() - start;
        if (control.cancelled()) return 0.0;
    }
    return double(adds) / elapsed;
}

// Read at run time, so the compiler cannot know the step is 1.
volatile std::uint64_t hiddenZero = 0;

}  // namespace

double estimateClockGHz(const ProbeControl& control) {
    const std::uint64_t step = hiddenZero + 1;
    std::uint64_t value = 0;
    control.report(0.0);
    if (addsPerNanosecond(kWarmUpMilliseconds, value, step, control) == 0.0) return 0.0;
    std::vector<double> rates;
    for (int run = 0; run < kRuns; ++run) {
        const double rate = addsPerNanosecond(kRunMilliseconds, value, step, control);
        if (rate == 0.0) return 0.0;
        rates.push_back(rate);
        control.report(double(run + 1) / kRuns);
    }
    std::sort(rates.begin(), rates.end());
    return rates[rates.size() / 2];
}

}  // namespace mlsyslab::memory
