#pragma once

#include <cstdint>
#include <vector>

namespace mlsyslab::matmul {

// Matmul and convolution both compute every output element as a dot product: a sum of
// multiply-adds that no other output needs. That independence is why a GPU can give each output
// its own thread (seed 001, "How Parallelization Works"). This file steps such a set of threads
// in two ways: all at once, or one multiply-add at a time as a single CPU core would.

// A cell of a matrix (or of an image, where a convolution's window may reach into the padding:
// then the row or column is outside the image and the value is the padding's 0).
struct CellPosition {
    int row = 0;
    int column = 0;
    friend bool operator==(const CellPosition&, const CellPosition&) = default;
};

// One term of a dot product: left · right, added to the output's running sum.
struct MultiplyAdd {
    double left = 0;
    double right = 0;
    CellPosition leftCell;   // where `left` is read: a row of A, or an image pixel
    CellPosition rightCell;  // where `right` is read: a column of B, or a filter weight
    double product() const { return left * right; }
};

// One output element and the thread that computes it.
struct OutputThread {
    CellPosition outputCell;
    std::vector<MultiplyAdd> terms;  // in the order the thread adds them
    double result() const;
};

enum class ThreadSchedule {
    Parallel,    // every thread at once: step t, each thread adds its term t
    Sequential,  // one multiply-add per step: thread 0's terms, then thread 1's, ... (one core)
};

// Term `term` of thread `thread`.
struct TermIndex {
    int thread = 0;
    int term = 0;
    friend bool operator==(const TermIndex&, const TermIndex&) = default;
};

// The state after some steps: every thread's running sum and the multiply-adds of the last step.
struct ThreadsSnapshot {
    std::vector<int> termsDone;         // per thread: how many of its terms it has added
    std::vector<double> partialSums;    // per thread: the sum of those terms
    std::vector<TermIndex> lastStep;    // the multiply-adds the step to here ran (none at first)
    std::int64_t multiplyAddsDone = 0;  // over all threads
};

// A whole run, one snapshot per step (DESIGN.md §2): snapshot 0 is before any step, the last
// one has every output done.
class ThreadsRun {
public:
    ThreadsRun(std::vector<OutputThread> threads, ThreadSchedule schedule);

    const std::vector<OutputThread>& threads() const { return threads_; }
    ThreadSchedule schedule() const { return schedule_; }
    const std::vector<ThreadsSnapshot>& snapshots() const { return snapshots_; }

    std::int64_t totalMultiplyAdds() const;
    // Steps when every thread runs at once: the longest dot product.
    int parallelSteps() const;
    // Steps one multiply-add at a time: all of them.
    std::int64_t sequentialSteps() const { return totalMultiplyAdds(); }

private:
    void recordParallel();
    void recordSequential();

    std::vector<OutputThread> threads_;
    ThreadSchedule schedule_;
    std::vector<ThreadsSnapshot> snapshots_;
};

}  // namespace mlsyslab::matmul
