#pragma once

#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <string>
#include <vector>

#include "lesson/KindSpec.h"

namespace mlsyslab::lesson::kinds {

// ```sim matmul-bench: the real matmul ladder on the student's machine (matmul/MatmulRunner.h):
// GFLOPS against the matrix size for each backend, on a log-log plot, with a table of speedups.
// Its fields, defaults and values: matmulBenchKind() below (and docs/lesson-format.md).

inline constexpr std::int64_t kLargestBenchSize = 8192;
inline constexpr unsigned kMostBenchThreads = 1024;
inline constexpr int kMostBenchRepeats = 100;
inline constexpr double kShortestCaseSeconds = 0.1;
inline constexpr double kLongestCaseSeconds = 600.0;

struct MatmulBenchState {
    std::vector<std::string> backends = defaultBackends();
    std::vector<std::int64_t> sizes = {64, 128, 256, 512, 1024};
    unsigned threads = 0;
    int repeat = 3;
    // A lecture screen waits seconds, not minutes: the naive rung at 1024 gets fewer repeats.
    double maxSecondsPerCase = 4.0;
    // A lecture screen must not start minutes of work on the class's laptops unasked.
    bool autoRun = false;

    // Every rung of the ladder, in its order.
    static std::vector<std::string> defaultBackends();
    friend bool operator==(const MatmulBenchState&, const MatmulBenchState&) = default;
};

const KindSpec<MatmulBenchState>& matmulBenchKind();

}  // namespace mlsyslab::lesson::kinds
