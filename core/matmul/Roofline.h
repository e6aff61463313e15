#pragma once

#include <cstdint>

#include "matmul/MatmulShape.h"

namespace mlsyslab::matmul {

// The roofline model (Williams, Waterman and Patterson, "Roofline: an insightful visual
// performance model for multicore architectures", CACM 2009): a kernel that does F flops while
// moving B bytes between the processor and memory has an arithmetic intensity of F / B
// flop/byte, and it cannot run faster than
//     attainable(AI) = min(peak, AI × bandwidth)
// Left of the ridge point (peak / bandwidth) the memory cannot feed the arithmetic units: the
// kernel is memory-bound, and only moving fewer bytes per flop helps. Right of it the
// arithmetic units are the limit: compute-bound. GFLOPS over GB/s is flop/byte, so the units
// fit without conversion (GB = 10⁹ bytes, as the bandwidth probe counts them).
struct Roofline {
    double peakGflops = 0.0;
    double bandwidthGBps = 0.0;

    // The fastest a kernel of this intensity can run here, in GFLOPS.
    double attainableGflops(double flopsPerByte) const;
    // Where the slope meets the flat roof: the intensity from which the peak is reachable.
    double ridgeFlopsPerByte() const;
    // Left of the ridge: the memory, not the arithmetic, limits it.
    bool isMemoryBound(double flopsPerByte) const;
    // A measured speed as a fraction of the roof above it (0 when the roof is unknown).
    double fractionOfRoof(double flopsPerByte, double gflops) const;
};

// Matrix multiplication's intensity counting compulsory traffic only: each of A (M×K), B (K×N)
// and C (M×N) crosses the memory bus once, 4 bytes per float32:
//     2·M·N·K / (4·(M·K + K·N + M·N))  flop/byte,
// N/6 for square matrices, so large products are far right of any ridge. That is the best a
// kernel can do; the naive loops reread B from memory for every row of C and so move far more
// bytes than this: their real intensity is much lower than this figure, and they sit far under
// the roof drawn at it. Blocking and packing are what bring a kernel's real traffic down to it.
double matmulFlopsPerByte(const MatmulShape& shape);

// y = A·x with A of M×N: 2·M·N flops over 4·(M·N + N + M) bytes (A, x and y once each),
// just under 0.5 flop/byte whatever the size. Every element of A is used for one multiply and
// one add and never again, so no cache can help: matrix-vector products (and LLM decoding at
// batch 1, which is made of them) are memory-bound on every machine.
double matvecFlopsPerByte(std::int64_t rows, std::int64_t columns);

}  // namespace mlsyslab::matmul
