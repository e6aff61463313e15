#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "matmul/BenchStatistics.h"
#include "matmul/MatmulBackend.h"
#include "matmul/MatmulShape.h"

namespace mlsyslab::matmul {

// The benchmark runner behind `bench matmul`, the matmul-bench and roofline simulators and the
// lessons: for every size, one pair of random matrices and one float64 reference; for every
// backend, warm-up runs, timed runs, and a check of the result against the reference.
struct MatmulBenchOptions {
    std::vector<std::string> backends;  // names from matmulBackendNames(), in the order to run
    std::vector<MatmulShape> shapes;
    unsigned threads = 0;  // for threads and openblas; 0: every hardware thread
    int warmupRuns = 1;
    int repeats = 5;  // timed runs per backend and shape
    // 0: always `repeats` timed runs. Otherwise a backend whose warm-up shows that `repeats`
    // runs would take longer gets fewer (at least one): the GUI keeps the naive rung at 2048
    // to seconds, not minutes. The CLI's --repeat is exact.
    double maxSecondsPerCase = 0.0;
    std::uint64_t seed = 2026;
};

enum class BenchStatus {
    Ok,           // measured and correct
    Wrong,        // measured, but some element is outside the rounding bound
    Unavailable,  // the backend cannot run here (message: why)
    Refused,      // the shape needs more memory than there is (message: how much)
    Cancelled,
};

struct MatmulBenchResult {
    std::string backend;
    MatmulShape shape;
    unsigned threads = 1;  // as run (MatmulBackend::threadsUsed)
    BenchStatus status = BenchStatus::Ok;
    std::string message;  // the reason for Unavailable / Refused, the failed check for Wrong
    std::string detail;   // MatmulBackend::detail(): kernel set, micro-tile, GPU name
    std::vector<double> runSeconds;
    RunStatistics statistics;
    double gflops = 0.0;  // from the median
    double uploadSeconds = 0.0;    // host → device (GPU rungs)
    double downloadSeconds = 0.0;  // device → host (GPU rungs)
    double maxRelativeError = 0.0;  // max|C − C_ref| / max|C_ref|
    double tolerance = 0.0;         // the rounding bound, relative (MatmulReference.h)

    // DESIGN §4's status: "ok", "wrong: ...", "unavailable: ...", "refused: ...", "cancelled".
    std::string statusText() const;
};

struct MatmulBenchProgress {
    double fraction = 0.0;  // of the whole run, 0..1, never decreasing
    std::string backend;    // what is running now
    MatmulShape shape;
};

// Called on the runner's thread.
struct MatmulBenchEvents {
    std::function<void(const MatmulBenchProgress&)> progress;
    std::function<void(const MatmulBenchResult&)> resultReady;  // as soon as each is known
    const std::atomic<bool>* cancel = nullptr;
};

// The largest M, N or K the runner takes: 2^20 is 4 TiB per float32 matrix, past any machine,
// so a larger one is a typing slip (and products of two sides stay far inside 64 bits).
inline constexpr std::int64_t kLargestMatmulDimension = std::int64_t{1} << 20;

// Empty when the options can run, else the first problem in words: no backends or sizes, an
// unknown backend (with "did you mean"), a size that is zero or negative, repeats < 1.
std::optional<std::string> checkBenchOptions(const MatmulBenchOptions& options);

// Runs every (shape, backend) pair, shapes outermost, and returns one result for each (also
// for the unavailable, refused and cancelled ones, so a table shows every cell). After a cancel
// the remaining pairs are reported Cancelled without running. Assumes checkBenchOptions passed.
std::vector<MatmulBenchResult> runMatmulBench(const MatmulBenchOptions& options,
                                              const MatmulBenchEvents& events = {});

// Where the runner gets each backend from: makeMatmulBackend for the one above; tests hand in
// backends of their own (a deliberately wrong one, one with a scripted clock). A name it
// returns nullptr for is reported Unavailable.
using MatmulBackendFactory = std::function<std::unique_ptr<MatmulBackend>(std::string_view name)>;
std::vector<MatmulBenchResult> runMatmulBench(const MatmulBenchOptions& options,
                                              const MatmulBenchEvents& events,
                                              const MatmulBackendFactory& makeBackend);

}  // namespace mlsyslab::matmul
