#include "matmul/DotProductThreads.h"

#include <algorithm>
#include <utility>

namespace mlsyslab::matmul {

double OutputThread::result() const {
    double sum = 0;
    for (const MultiplyAdd& term : terms) sum += term.product();
    return sum;
}

ThreadsRun::ThreadsRun(std::vector<OutputThread> threads, ThreadSchedule schedule)
    : threads_(std::move(threads)), schedule_(schedule) {
    ThreadsSnapshot start;
    start.termsDone.assign(threads_.size(), 0);
    start.partialSums.assign(threads_.size(), 0.0);
    snapshots_.push_back(std::move(start));
    if (schedule_ == ThreadSchedule::Parallel) {
        recordParallel();
    } else {
        recordSequential();
    }
}

std::int64_t ThreadsRun::totalMultiplyAdds() const {
    std::int64_t total = 0;
    for (const OutputThread& thread : threads_) total += std::int64_t(thread.terms.size());
    return total;
}

int ThreadsRun::parallelSteps() const {
    std::size_t longest = 0;
    for (const OutputThread& thread : threads_) longest = std::max(longest, thread.terms.size());
    return int(longest);
}

void ThreadsRun::recordParallel() {
    const int steps = parallelSteps();
    for (int term = 0; term < steps; ++term) {
        ThreadsSnapshot next = snapshots_.back();
        next.lastStep.clear();
        for (std::size_t thread = 0; thread < threads_.size(); ++thread) {
            const std::vector<MultiplyAdd>& terms = threads_[thread].terms;
            if (std::size_t(term) >= terms.size()) continue;
            // Each thread adds to its own sum: nothing is shared, so nothing waits.
            next.partialSums[thread] += terms[std::size_t(term)].product();
            next.termsDone[thread] = term + 1;
            next.lastStep.push_back({int(thread), term});
            ++next.multiplyAddsDone;
        }
        snapshots_.push_back(std::move(next));
    }
}

void ThreadsRun::recordSequential() {
    for (std::size_t thread = 0; thread < threads_.size(); ++thread) {
        const std::vector<MultiplyAdd>& terms = threads_[thread].terms;
        for (std::size_t term = 0; term < terms.size(); ++term) {
            ThreadsSnapshot next = snapshots_.back();
            next.partialSums[thread] += terms[term].product();
            next.termsDone[thread] = int(term) + 1;
            next.lastStep = {{int(thread), int(term)}};
            ++next.multiplyAddsDone;
            snapshots_.push_back(std::move(next));
        }
    }
}

}  // namespace mlsyslab::matmul
