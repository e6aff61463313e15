#include "matmul/BenchProgressMeter.h"

#include <algorithm>
#include <utility>

#include "matmul/MatmulReference.h"

namespace mlsyslab::matmul {

namespace {

struct GuessedSpeed {
    std::string_view backend;
    double gflops;
};

// Rough speeds at mid-sized N on a current two-core laptop or server: only their ratios
// matter, to share out the progress bar. Unknown names (tests' own backends) get the default.
constexpr GuessedSpeed kGuessedSpeeds[] = {
    {"naive", 0.5},           {"ikj", 5.0},        {"blocked", 10.0},     {"simd", 80.0},
    {"threads", 150.0},       {"openblas", 150.0}, {"cuda-naive", 500.0}, {"cuda-tiled", 1000.0},
    {"cuda-regtile", 3000.0}, {"cublas", 5000.0},
};
constexpr double kDefaultGflops = 5.0;
// The float64 reference runs at about the ikj rung's pace.
constexpr double kReferenceGflops = 5.0;
// A run costs at least this much however small (a call, a check, a kernel launch): tiny sizes
// still move the bar.
constexpr double kSecondsPerRunAtLeast = 20e-6;

double guessedGflops(std::string_view backend) {
    for (const GuessedSpeed& speed : kGuessedSpeeds) {
        if (speed.backend == backend) return speed.gflops;
    }
    return kDefaultGflops;
}

}  // namespace

double estimatedCaseWork(std::string_view backend, const MatmulShape& shape, int runs) {
    const double secondsPerRun = shape.flops() / (guessedGflops(backend) * 1e9);
    return double(std::max(1, runs)) * (secondsPerRun + kSecondsPerRunAtLeast);
}

double estimatedReferenceWork(const MatmulShape& shape) {
    // computeReference keeps every row of small problems and a fixed sample of large ones.
    const double flops = shape.flops() <= fullCheckLimitFlops || shape.m <= sampledRowCount
                             ? shape.flops()
                             : shape.flops() * double(sampledRowCount) / double(shape.m);
    return flops / (kReferenceGflops * 1e9) + kSecondsPerRunAtLeast;
}

BenchProgressMeter::BenchProgressMeter(double totalWork,
                                       std::function<void(const MatmulBenchProgress&)> progress)
    : totalWork_(totalWork), progress_(std::move(progress)) {}

void BenchProgressMeter::startCase(double work, int runs, std::string_view backend,
                                   const MatmulShape& shape) {
    caseWork_ = std::max(0.0, work);
    caseDoneWork_ = 0.0;
    runsInCase_ = std::max(1, runs);
    last_.backend = std::string(backend);
    last_.shape = shape;
    report();
}

void BenchProgressMeter::runDone() {
    caseDoneWork_ = std::min(caseWork_, caseDoneWork_ + caseWork_ / runsInCase_);
    report();
}

void BenchProgressMeter::finishCase() {
    doneWork_ += caseWork_;
    caseWork_ = 0.0;
    caseDoneWork_ = 0.0;
    report();
}

void BenchProgressMeter::finishAll() {
    last_.fraction = 1.0;
    if (progress_) progress_(last_);
}

void BenchProgressMeter::report() {
    const double fraction =
        totalWork_ > 0.0 ? std::clamp((doneWork_ + caseDoneWork_) / totalWork_, 0.0, 1.0) : 0.0;
    // Rounding in the sums must not make the bar step back.
    last_.fraction = std::max(last_.fraction, fraction);
    if (progress_) progress_(last_);
}

}  // namespace mlsyslab::matmul
