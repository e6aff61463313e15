// What MatmulRunner.h promises about options and statuses in words: the checks that come
// before a run, and the status each result prints.
#include <algorithm>
#include <cmath>

#include "common/Concat.h"
#include "matmul/BackendRegistry.h"
#include "matmul/MatmulBenchText.h"
#include "matmul/MatmulRunner.h"

namespace mlsyslab::matmul {

namespace {

// More threads than any machine a student has; the thread pool would make them all.
constexpr unsigned kMostThreads = 1024;

std::string backendList() {
    std::string list;
    for (const std::string_view name : matmulBackendNames())
        list += concat(list.empty() ? "" : ", ", name);
    return list;
}

}  // namespace

std::optional<std::string> checkBenchOptions(const MatmulBenchOptions& options) {
    if (options.backends.empty())
        return concat("no backends: name at least one of ", backendList());
    if (options.shapes.empty()) return std::string("no sizes: give at least one size");
    const auto& known = matmulBackendNames();
    for (std::size_t index = 0; index < options.backends.size(); ++index) {
        const std::string& name = options.backends[index];
        if (std::find(known.begin(), known.end(), name) == known.end())
            return unknownBackendMessage(name);
        if (std::find(options.backends.begin(), options.backends.begin() + std::ptrdiff_t(index),
                      name) != options.backends.begin() + std::ptrdiff_t(index))
            return concat("backend '", name, "' is named twice");
    }
    for (const MatmulShape& shape : options.shapes) {
        if (shape.m < 1 || shape.n < 1 || shape.k < 1)
            return concat("size ", matmulSizeText(shape), ": sizes must be at least 1");
        if (shape.m > kLargestMatmulDimension || shape.n > kLargestMatmulDimension ||
            shape.k > kLargestMatmulDimension)
            return concat("size ", matmulSizeText(shape), ": sizes must be at most ",
                          std::to_string(kLargestMatmulDimension));
    }
    if (options.repeats < 1)
        return concat("repeats must be at least 1, not ", std::to_string(options.repeats));
    if (options.warmupRuns < 0)
        return concat("warm-up runs must be 0 or more, not ", std::to_string(options.warmupRuns));
    if (options.threads > kMostThreads)
        return concat("threads must be at most ", std::to_string(kMostThreads), ", not ",
                      std::to_string(options.threads));
    if (!(options.maxSecondsPerCase >= 0.0) || std::isinf(options.maxSecondsPerCase))
        return std::string(
            "the time limit per case must be 0 (none) or a positive number of seconds");
    return std::nullopt;
}

std::string MatmulBenchResult::statusText() const {
    switch (status) {
        case BenchStatus::Ok:
            return "ok";
        case BenchStatus::Wrong:
            return concat("wrong: ", message);
        case BenchStatus::Unavailable:
            return concat("unavailable: ", message);
        case BenchStatus::Refused:
            return concat("refused: ", message);
        case BenchStatus::Cancelled:
            break;
    }
    return "cancelled";
}

}  // namespace mlsyslab::matmul
