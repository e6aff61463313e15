#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "matmul/MatmulRunner.h"

namespace mlsyslab::matmul {

// The runner's progress bar. Each case's share is its estimated time (flops over a guessed
// speed per rung, times its runs), so that the bar moves at a steady pace: a 2048 run of the
// naive rung is most of the whole, not one tenth of it. The fraction never decreases and ends
// at 1.
class BenchProgressMeter {
public:
    BenchProgressMeter(double totalWork, std::function<void(const MatmulBenchProgress&)> progress);

    // A case of `work` in `runs` runs begins: reports where the bar stands and what runs now.
    void startCase(double work, int runs, std::string_view backend, const MatmulShape& shape);
    // One of the case's runs is done (warm-up or timed): its share of the case's work.
    void runDone();
    // The case is over, whatever runs it skipped: the bar moves to its end.
    void finishCase();
    // Everything is done: reports 1.
    void finishAll();

private:
    void report();

    double totalWork_;
    std::function<void(const MatmulBenchProgress&)> progress_;
    double doneWork_ = 0.0;      // of the cases finished
    double caseWork_ = 0.0;      // of the case running
    double caseDoneWork_ = 0.0;  // of its runs so far
    int runsInCase_ = 1;
    MatmulBenchProgress last_;
};

// The estimated seconds of `runs` multiplications of `shape` on the rung called `backend`.
double estimatedCaseWork(std::string_view backend, const MatmulShape& shape, int runs);
// The estimated seconds of the float64 reference of `shape` (its kept rows only).
double estimatedReferenceWork(const MatmulShape& shape);

}  // namespace mlsyslab::matmul
