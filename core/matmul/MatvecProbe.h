#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

namespace mlsyslab::matmul {

// A measured matrix-vector product y = A·x in float32: the roofline's memory-bound example.
// Each element of A is loaded once for one multiply and one add, so the product runs at the
// speed the memory delivers A, not at the speed the cores compute: about 0.5 flop/byte
// (Roofline.h), the shape of LLM decoding at batch 1. A is made larger than the last-level cache
// of most machines, so that every byte comes from DRAM, and split by rows over the threads.
struct MatvecProbeOptions {
    // The matrix A: 64 MiB of floats (4096 × 4096) is several times the last-level cache of
    // laptops and of one server socket's share, like the bandwidth probe's arrays.
    std::uint64_t matrixBytes = 64ull << 20;
    unsigned threads = 0;  // 0: every hardware thread
    int runs = 5;
};

struct MatvecResult {
    std::int64_t rows = 0;
    std::int64_t columns = 0;
    unsigned threads = 1;  // as run (0 resolved to the hardware's count)
    double bestSeconds = 0.0;
    // From the fastest run, as STREAM reports bandwidth: 2·M·N flops, and A, x and y once each
    // (4·(M·N + N + M) bytes).
    double gflops = 0.0;
    double gigabytesPerSecond = 0.0;
    double flopsPerByte = 0.0;
    bool cancelled = false;
    std::string error;  // memory refused, or ""
};

// Fills A and x, runs the product `runs` times and times each run. `progress` (0..1, never
// decreasing) after each run; `cancel` is read every few hundred rows of each thread.
MatvecResult measureMatvec(const MatvecProbeOptions& options,
                           const std::function<void(double fraction)>& progress = {},
                           const std::atomic<bool>* cancel = nullptr);

// y = A·x with A of rows × columns, row-major, on `threads` threads (≥ 1), each a band of rows.
// False when it stopped because `cancel` became true (y is then partly written).
bool multiplyMatrixVector(const float* a, const float* x, float* y, std::int64_t rows,
                          std::int64_t columns, unsigned threads,
                          const std::atomic<bool>* cancel = nullptr);

}  // namespace mlsyslab::matmul
