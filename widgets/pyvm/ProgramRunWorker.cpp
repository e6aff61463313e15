#include "pyvm/ProgramRunWorker.h"

#include <QDeadlineTimer>
#include <QPromise>
#include <QThread>
#include <QThreadPool>
#include <exception>

#include "common/BackgroundWork.h"

namespace mlsyslab::widgets {

namespace {

using RunPointer = std::shared_ptr<const ProgramRun>;

// A run that ended in the runner itself rather than in the program (a bug in the VM): shown as
// an error instead of taking the app down.
RunPointer internalErrorRun(const std::string& what) {
    auto run = std::make_shared<ProgramRun>();
    run->result.error = pyvm::PyError{"SystemError", "the VM failed: " + what};
    run->result.traceback = run->result.error->type + ": " + run->result.error->message;
    run->listing = std::make_shared<const BytecodeListing>();
    return run;
}

}  // namespace

ProgramRunWorker::ProgramRunWorker(ProgramRunner runner, QObject* parent)
    : QObject(parent), runner_(std::move(runner)) {}

ProgramRunWorker::~ProgramRunWorker() {
    if (cancel_) cancel_->store(true);
}

void ProgramRunWorker::start(const std::string& source, pyvm::RunOptions options) {
    if (cancel_) cancel_->store(true);
    if (watcher_ != nullptr) {
        watcher_->disconnect(this);
        watcher_->deleteLater();
    }
    cancel_ = std::make_shared<std::atomic<bool>>(false);
    options.cancel = cancel_.get();
    const int runId = ++runId_;
    running_ = true;
    // A screenshot waits for the recording, as it waits for a measurement.
    setBackgroundWork(*this, true);

    auto promise = std::make_shared<QPromise<RunPointer>>();
    watcher_ = new QFutureWatcher<RunPointer>(this);
    connect(watcher_, &QFutureWatcherBase::finished, this, [this, runId] { deliver(runId); });
    watcher_->setFuture(promise->future());
    // The task owns everything it reads: the flag, the source, the runner, even if this worker
    // is gone by the time the task ends.
    QThreadPool::globalInstance()->start(
        [promise, runner = runner_, source, options, cancel = cancel_]() mutable {
            RunPointer run;
            try {
                run = std::make_shared<const ProgramRun>(runner(source, options));
            } catch (const std::exception& error) {
                run = internalErrorRun(error.what());
            } catch (...) {
                run = internalErrorRun("unknown error");
            }
            promise->start();
            promise->addResult(run);
            promise->finish();
        });
}

bool ProgramRunWorker::waitForFinished(int milliseconds) {
    if (!running_ || watcher_ == nullptr) return !running_;
    const QDeadlineTimer deadline(milliseconds);
    while (!watcher_->future().isFinished() && !deadline.hasExpired()) QThread::msleep(1);
    if (!watcher_->future().isFinished()) return false;
    deliver(runId_);
    return true;
}

void ProgramRunWorker::deliver(int runId) {
    // A result is delivered once, and only for the latest run.
    if (runId != runId_ || !running_ || watcher_ == nullptr) return;
    const QFuture<RunPointer> future = watcher_->future();
    if (future.resultCount() == 0) return;
    running_ = false;
    setBackgroundWork(*this, false);
    emit finished(future.result());
}

}  // namespace mlsyslab::widgets
