#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace mlsyslab::matmul {

// A fixed set of worker threads that share out numbered tasks: the "threads" rung splits C into
// blocks of rows and columns and each worker takes the next block until none is left. Threads
// are created once, not per multiplication, because creating them costs tens of microseconds —
// as much as a whole 64×64 product.
class ThreadPool {
public:
    explicit ThreadPool(unsigned threads);  // ≥ 1; the calling thread is one of them
    ~ThreadPool();
    ThreadPool(const ThreadPool&) = delete;
    ThreadPool& operator=(const ThreadPool&) = delete;

    unsigned size() const { return threadCount_; }

    // Runs task(index, worker) for every index in [0, count), spread over the threads (worker
    // is 0..size()-1, so that each can own a packing buffer), and returns when all are done.
    // Not reentrant: one parallelFor at a time.
    void parallelFor(std::int64_t count,
                     const std::function<void(std::int64_t index, unsigned worker)>& task);

private:
    // (implementation's own members)
    unsigned threadCount_ = 1;
};

}  // namespace mlsyslab::matmul
