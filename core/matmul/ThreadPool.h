#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <exception>
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
    // Not reentrant: one parallelFor at a time. The calling thread is worker 0. When a task
    // throws, the remaining indices are skipped and the first exception is rethrown here.
    void parallelFor(std::int64_t count,
                     const std::function<void(std::int64_t index, unsigned worker)>& task);

private:
    void workerLoop(unsigned worker);
    // Takes the next index until none is left (a worker that finishes early takes more).
    void runTasks(unsigned worker);

    unsigned threadCount_ = 1;
    bool spinning_ = true;              // false when there are more threads than hardware threads
    std::vector<std::thread> workers_;  // threadCount_ − 1 of them: the caller is worker 0

    // One round of parallelFor: the caller sets it up under mutex_ and then bumps `round_`.
    // Workers and caller first spin briefly on the atomics (a multiplication's rounds follow
    // each other within microseconds) and only then sleep on the condition variables.
    std::mutex mutex_;
    std::condition_variable roundStarted_;
    std::condition_variable roundFinished_;
    std::atomic<std::uint64_t> round_{0};
    std::atomic<bool> stopping_{false};
    std::atomic<unsigned> workersStillBusy_{0};
    const std::function<void(std::int64_t, unsigned)>* task_ = nullptr;
    std::int64_t count_ = 0;
    std::exception_ptr firstError_;  // written under mutex_

    // The next index to hand out; read and bumped without the lock.
    std::atomic<std::int64_t> nextIndex_{0};
};

}  // namespace mlsyslab::matmul
