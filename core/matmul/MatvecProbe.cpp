#include "matmul/MatvecProbe.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <new>
#include <thread>
#include <vector>

#include "common/Concat.h"
#include "matmul/Roofline.h"

namespace mlsyslab::matmul {

namespace {

using Clock = std::chrono::steady_clock;

// A row of 4096 floats is 16 KiB: x stays in L1 or L2 while A streams past it.
constexpr std::int64_t kWidestRow = 4096;
// Rows between two looks at the cancel flag: at most 4 MiB of A, about a millisecond.
constexpr std::int64_t kRowsPerBlock = 256;
// Independent partial sums per row: enough to hide the add latency and to fill a vector
// register, so the loop waits for memory and not for its own additions.
constexpr int kPartialSums = 16;

float dotProduct(const float* row, const float* x, std::int64_t columns) {
    float partial[kPartialSums] = {};
    std::int64_t column = 0;
    for (; column + kPartialSums <= columns; column += kPartialSums) {
        for (int lane = 0; lane < kPartialSums; ++lane)
            partial[lane] += row[column + lane] * x[column + lane];
    }
    float sum = 0.0f;
    for (const float value : partial) sum += value;
    for (; column < columns; ++column) sum += row[column] * x[column];
    return sum;
}

bool isCancelled(const std::atomic<bool>* cancel) {
    return cancel != nullptr && cancel->load(std::memory_order_relaxed);
}

// Runs `work(firstRow, endRow)` on `threads` threads over equal bands of `rows`; false when any
// band was cancelled. One band runs on the caller's thread.
template <typename Work>
bool onRowBands(unsigned threads, std::int64_t rows, const Work& work) {
    std::vector<char> finished(threads, 0);
    const auto band = [&](unsigned thread) {
        const std::int64_t begin = rows * thread / threads;
        const std::int64_t end = rows * (thread + 1) / threads;
        finished[thread] = work(begin, end) ? 1 : 0;
    };
    std::vector<std::thread> helpers;
    for (unsigned thread = 1; thread < threads; ++thread) helpers.emplace_back(band, thread);
    band(0);
    for (std::thread& helper : helpers) helper.join();
    return std::all_of(finished.begin(), finished.end(), [](char done) { return done != 0; });
}

}  // namespace

bool multiplyMatrixVector(const float* a, const float* x, float* y, std::int64_t rows,
                          std::int64_t columns, unsigned threads, const std::atomic<bool>* cancel) {
    // No more threads than rows: a thread with an empty band would only cost its start.
    const auto rowCount =
        unsigned(std::min<std::int64_t>(std::max<std::int64_t>(rows, 1), 1 << 20));
    const unsigned used = std::clamp(threads, 1u, rowCount);
    return onRowBands(used, rows, [&](std::int64_t begin, std::int64_t end) {
        for (std::int64_t block = begin; block < end; block += kRowsPerBlock) {
            if (isCancelled(cancel)) return false;
            const std::int64_t blockEnd = std::min(end, block + kRowsPerBlock);
            for (std::int64_t row = block; row < blockEnd; ++row)
                y[row] = dotProduct(a + row * columns, x, columns);
        }
        return true;
    });
}

MatvecResult measureMatvec(const MatvecProbeOptions& options,
                           const std::function<void(double)>& progress,
                           const std::atomic<bool>* cancel) {
    MatvecResult result;
    result.threads =
        options.threads != 0 ? options.threads : std::max(1u, std::thread::hardware_concurrency());
    const auto elements =
        std::max<std::int64_t>(std::int64_t(options.matrixBytes / sizeof(float)), 1);
    result.columns =
        std::clamp<std::int64_t>(std::int64_t(std::sqrt(double(elements))), 1, kWidestRow);
    result.rows = std::max<std::int64_t>(elements / result.columns, 1);
    result.flopsPerByte = matvecFlopsPerByte(result.rows, result.columns);
    const auto report = [&](double fraction) {
        if (progress) progress(std::clamp(fraction, 0.0, 1.0));
    };
    report(0.0);

    std::vector<float> a, x, y;
    try {
        a.resize(std::size_t(result.rows * result.columns));
        x.resize(std::size_t(result.columns));
        y.resize(std::size_t(result.rows));
    } catch (const std::bad_alloc&) {
        result.error = concat("could not allocate a ", std::to_string(result.rows), "×",
                              std::to_string(result.columns), " float matrix");
        return result;
    }
    // Each thread writes its own band first, so that on a machine with several memory nodes its
    // pages sit next to the core that reads them. Small values that stay far from overflow.
    const std::int64_t columns = result.columns;
    const bool filled =
        onRowBands(result.threads, result.rows, [&](std::int64_t begin, std::int64_t end) {
            for (std::int64_t row = begin; row < end; ++row) {
                if (isCancelled(cancel)) return false;
                float* values = a.data() + row * columns;
                for (std::int64_t column = 0; column < columns; ++column)
                    values[column] = float((row + column) % 7) * 0.125f;
            }
            return true;
        });
    for (std::int64_t column = 0; column < columns; ++column) x[std::size_t(column)] = 1.0f;
    const int runs = std::max(1, options.runs);
    if (!filled) {
        result.cancelled = true;
        return result;
    }
    report(1.0 / (runs + 1));

    double best = 0.0;
    for (int run = 0; run < runs; ++run) {
        const Clock::time_point start = Clock::now();
        if (!multiplyMatrixVector(a.data(), x.data(), y.data(), result.rows, columns,
                                  result.threads, cancel)) {
            result.cancelled = true;
            return result;
        }
        const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
        if (run == 0 || seconds < best) best = seconds;
        report(double(run + 2) / (runs + 1));
    }
    result.bestSeconds = best;
    if (best > 0.0) {
        const double flops = 2.0 * double(result.rows) * double(columns);
        result.gflops = flops / best / 1e9;
        result.gigabytesPerSecond = flops / result.flopsPerByte / best / 1e9;
    }
    return result;
}

}  // namespace mlsyslab::matmul
