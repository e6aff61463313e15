#pragma once

#include <atomic>

namespace mlsyslab::matmul {

// The float32 FMA peak of this machine, measured: each thread runs enough independent chains
// of vector FMAs (in the widest registers the CPU has) to cover the FMA latency on every FMA
// port, for about `seconds`. 2 flops per lane per FMA. This is the roof of the roofline and the
// 100 % of the CPU ladder.
struct FmaPeakOptions {
    unsigned threads = 1;  // 0: every hardware thread; never more than those
    double seconds = 0.1;
};
// GFLOPS, or 0 when cancelled.
double measureFmaPeakGflops(const FmaPeakOptions& options,
                            const std::atomic<bool>* cancel = nullptr);

}  // namespace mlsyslab::matmul
