#include "matmul/ThreadPool.h"

#include <algorithm>
#include <chrono>
#include <utility>

#if defined(__SSE2__)
#include <immintrin.h>
#endif

namespace mlsyslab::matmul {

namespace {

// How long a thread that waits for the next round (a worker) or for the others (the caller)
// spins before it sleeps. Waking a sleeping thread costs 10 to 100 microseconds (more in a
// virtual machine, whose idle core may have been handed back to the host), while a whole
// 256 × 256 product takes about 200 on two cores; the rounds of one multiplication follow each
// other within microseconds, so a brief spin catches them awake, and a thread that finds
// nothing to do for this long goes to sleep and costs nothing more. Measured: the threads rung
// at N = 256 went from 94 GFLOPS (no faster than one core) to 150.
constexpr auto spinBeforeSleeping = std::chrono::microseconds(100);

void relaxWhileSpinning() {
#if defined(__SSE2__)
    _mm_pause();  // tells the core this is a spin loop: less power, no memory-order flush
#endif
}

// Calls ready() until it is true (returns true) or the spin time is over (returns false).
// Never spins when the pool has more threads than the machine has hardware threads: a spinning
// thread would then hold the core that the thread it waits for needs.
template <typename Ready>
bool spinUntil(bool spinning, const Ready& ready) {
    if (!spinning) return ready();
    const auto deadline = std::chrono::steady_clock::now() + spinBeforeSleeping;
    for (unsigned spin = 1;; ++spin) {
        if (ready()) return true;
        relaxWhileSpinning();
        if (spin % 64 == 0 && std::chrono::steady_clock::now() > deadline) return false;
    }
}

}  // namespace

ThreadPool::ThreadPool(unsigned threads)
    : threadCount_(std::max(1u, threads)),
      spinning_(threadCount_ <= std::max(1u, std::thread::hardware_concurrency())) {
    workers_.reserve(threadCount_ - 1);
    for (unsigned worker = 1; worker < threadCount_; ++worker)
        workers_.emplace_back([this, worker] { workerLoop(worker); });
}

ThreadPool::~ThreadPool() {
    {
        std::lock_guard lock(mutex_);
        stopping_.store(true, std::memory_order_release);
    }
    roundStarted_.notify_all();
    for (std::thread& worker : workers_) worker.join();
}

void ThreadPool::parallelFor(std::int64_t count,
                             const std::function<void(std::int64_t, unsigned)>& task) {
    if (count <= 0) return;
    // One thread, or one task: waking the others would only cost time.
    if (workers_.empty() || count == 1) {
        for (std::int64_t index = 0; index < count; ++index) task(index, 0);
        return;
    }
    {
        std::lock_guard lock(mutex_);
        task_ = &task;
        count_ = count;
        nextIndex_.store(0, std::memory_order_relaxed);
        firstError_ = nullptr;
        workersStillBusy_.store(static_cast<unsigned>(workers_.size()), std::memory_order_relaxed);
        round_.fetch_add(1, std::memory_order_release);
    }
    roundStarted_.notify_all();
    runTasks(0);
    const auto allDone = [this] { return workersStillBusy_.load(std::memory_order_acquire) == 0; };
    if (!spinUntil(spinning_, allDone)) {
        std::unique_lock lock(mutex_);
        roundFinished_.wait(lock, allDone);
    }
    task_ = nullptr;
    if (firstError_) std::rethrow_exception(std::exchange(firstError_, nullptr));
}

void ThreadPool::runTasks(unsigned worker) {
    for (;;) {
        const std::int64_t index = nextIndex_.fetch_add(1, std::memory_order_relaxed);
        if (index >= count_) return;
        try {
            (*task_)(index, worker);
        } catch (...) {
            std::lock_guard lock(mutex_);
            if (!firstError_) firstError_ = std::current_exception();
            // Hand out no more indices: the caller will rethrow.
            nextIndex_.store(count_, std::memory_order_relaxed);
        }
    }
}

void ThreadPool::workerLoop(unsigned worker) {
    std::uint64_t roundSeen = 0;
    const auto woken = [&] {
        return stopping_.load(std::memory_order_acquire) ||
               round_.load(std::memory_order_acquire) != roundSeen;
    };
    for (;;) {
        spinUntil(spinning_, woken);
        {
            // Taken even after a successful spin: the lock orders this thread after the
            // caller's setting up of the round.
            std::unique_lock lock(mutex_);
            roundStarted_.wait(lock, woken);
            if (stopping_.load(std::memory_order_relaxed)) return;
            roundSeen = round_.load(std::memory_order_relaxed);
        }
        runTasks(worker);
        if (workersStillBusy_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
            // Under the lock, so that a caller between checking and sleeping cannot miss it.
            std::lock_guard lock(mutex_);
            roundFinished_.notify_one();
        }
    }
}

}  // namespace mlsyslab::matmul
