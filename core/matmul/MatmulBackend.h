#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "matmul/MatmulShape.h"

namespace mlsyslab::matmul {

// Whether a backend can run here, and if not, exactly why ("this build has no CUDA: nvcc was
// not found when it was configured", "no CUDA device: ...", "libopenblas.so.0 not found").
struct BackendAvailability {
    bool available = true;
    std::string reason;  // empty when available
};

// One multiplication set up for timing. The runner calls run() several times (warm-up and
// repeats) and finish() once. On the CPU, run() is the whole multiplication; on a GPU the
// operands were uploaded by prepare(), run() times the kernel alone with CUDA events, and
// finish() copies C back, so that compute and host↔device transfer are reported apart.
class PreparedMatmul {
public:
    virtual ~PreparedMatmul() = default;

    // Computes C = A·B once and returns the seconds it took, or nullopt when `cancel` was seen
    // (C is then unspecified). Backends look at `cancel` at least every few tens of
    // milliseconds where they can; a BLAS call cannot be interrupted and finishes first.
    virtual std::optional<double> run(const std::atomic<bool>* cancel) = 0;

    // Leaves the last run's C in the operands' c. Returns the seconds spent copying C back
    // (0 on the CPU).
    virtual double finish() = 0;

    // Seconds spent copying A and B to the device in prepare() (0 on the CPU).
    virtual double uploadSeconds() const { return 0.0; }

    // Why the device failed, empty while all is well (always on the CPU): a CUDA or cuBLAS
    // error, or too little device memory, in words ("cudaMalloc: out of memory"). Once set,
    // run() returns nullopt without running and finish() returns 0, so look here after
    // prepare(), whenever run() returns nullopt, and after finish().
    virtual std::string failure() const { return {}; }
};

// One rung of the ladder: naive, ikj, blocked, simd, threads, openblas, cuda-naive, cuda-tiled,
// cuda-regtile, cublas (BackendRegistry.h lists them in this order).
class MatmulBackend {
public:
    virtual ~MatmulBackend() = default;

    virtual std::string_view name() const = 0;   // the CLI's name: "ikj"
    virtual std::string_view title() const = 0;  // for people: "Loop order i-k-j"
    // One sentence: what this rung does that the previous one did not, and why it is faster.
    virtual std::string_view idea() const = 0;
    virtual bool runsOnGpu() const { return false; }

    // The CPU threads it computes with when asked for `requested` (≥ 1): 1 for the
    // single-threaded rungs, `requested` for threads and openblas, 1 (the host) for the GPU.
    virtual unsigned threadsUsed(unsigned requested) const {
        (void)requested;
        return 1;
    }

    virtual BackendAvailability availability() const = 0;

    // What exactly runs, once available: the instruction set and micro-tile of the SIMD kernel,
    // OpenBLAS's version and kernel set, the GPU's name and memory. Empty when there is nothing
    // to add.
    virtual std::string detail() const { return {}; }

    // Memory it needs beyond A, B and C for this shape: packing buffers on the CPU, device
    // memory on the GPU (reported against the device's free memory by the runner).
    virtual std::uint64_t workspaceBytes(const MatmulShape& shape) const {
        (void)shape;
        return 0;
    }

    // Sets up one multiplication of `operands` on `threads` threads (≥ 1). The operands must
    // outlive the returned object. Only called when available.
    virtual std::unique_ptr<PreparedMatmul> prepare(const MatmulOperands& operands,
                                                    unsigned threads) = 0;
};

// The CPU rungs: they implement compute() and are timed with the steady clock.
class CpuMatmulBackend : public MatmulBackend {
public:
    std::unique_ptr<PreparedMatmul> prepare(const MatmulOperands& operands,
                                            unsigned threads) final;

    // Computes C = A·B on `threads` threads (ignored by the single-threaded rungs), overwriting
    // C. Returns false when it stopped because `cancel` became true.
    virtual bool compute(const MatmulOperands& operands, unsigned threads,
                         const std::atomic<bool>* cancel) = 0;
};

// prepare, run once, finish: C = A·B with no timing, for tests and examples. False when the
// backend is unavailable.
bool multiplyOnce(MatmulBackend& backend, const MatmulOperands& operands, unsigned threads);

}  // namespace mlsyslab::matmul
