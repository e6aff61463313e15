#include "gpu/WarpRunWorker.h"

#include <QDeadlineTimer>
#include <QPromise>
#include <QThread>
#include <QThreadPool>
#include <exception>

#include "common/BackgroundWork.h"

namespace mlsyslab::widgets {

namespace {

using RunsPointer = std::shared_ptr<const WarpRuns>;

WarpRuns simulateAll(const std::vector<gpu::SimulationConfig>& configs) {
    WarpRuns runs;
    for (const gpu::SimulationConfig& config : configs) {
        WarpRun run;
        run.policy = config.schedulerPolicy;
        try {
            auto simulated = gpu::simulateLaunch(config);
            if (simulated) {
                run.result = *simulated;
            } else {
                run.error = simulated.error();
            }
        } catch (const std::exception& error) {
            // Out of memory recording a long run, say: an error on screen, not a crashed app.
            run.error = error.what();
        }
        runs.push_back(std::move(run));
    }
    return runs;
}

}  // namespace

WarpRunWorker::WarpRunWorker(QObject* parent) : QObject(parent) {}

WarpRunWorker::~WarpRunWorker() = default;

void WarpRunWorker::start(std::vector<gpu::SimulationConfig> configs) {
    if (watcher_ != nullptr) {
        watcher_->disconnect(this);
        watcher_->deleteLater();
    }
    const int runId = ++runId_;
    running_ = true;
    setBackgroundWork(*this, true);

    auto promise = std::make_shared<QPromise<RunsPointer>>();
    watcher_ = new QFutureWatcher<RunsPointer>(this);
    connect(watcher_, &QFutureWatcherBase::finished, this, [this, runId] { deliver(runId); });
    watcher_->setFuture(promise->future());
    // The task owns what it reads, so it may outlive this worker.
    QThreadPool::globalInstance()->start([promise, configs = std::move(configs)] {
        promise->start();
        promise->addResult(std::make_shared<const WarpRuns>(simulateAll(configs)));
        promise->finish();
    });
}

void WarpRunWorker::drop() {
    ++runId_;
    running_ = false;
    setBackgroundWork(*this, false);
}

bool WarpRunWorker::waitForFinished(int milliseconds) {
    if (!running_ || watcher_ == nullptr) return !running_;
    const QDeadlineTimer deadline(milliseconds);
    while (!watcher_->future().isFinished() && !deadline.hasExpired()) QThread::msleep(1);
    if (!watcher_->future().isFinished()) return false;
    deliver(runId_);
    return true;
}

void WarpRunWorker::deliver(int runId) {
    // A result is delivered once, and only for the latest batch.
    if (runId != runId_ || !running_ || watcher_ == nullptr) return;
    const QFuture<RunsPointer> future = watcher_->future();
    if (future.resultCount() == 0) return;
    running_ = false;
    setBackgroundWork(*this, false);
    emit finished(future.result());
}

}  // namespace mlsyslab::widgets
