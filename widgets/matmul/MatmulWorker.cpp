#include "matmul/MatmulWorker.h"

#include <QMetaObject>
#include <exception>

#include "common/BackgroundWork.h"

namespace mlsyslab::widgets {

void MatmulWorker::Job::post(std::function<void()> onGuiThread) const {
    // Queued to the worker: it runs on the GUI thread, and not at all once the worker is
    // destroyed (Qt drops the events of a deleted object); the thread is joined before that.
    MatmulWorker* worker = worker_;
    const int runId = runId_;
    QMetaObject::invokeMethod(
        worker,
        [worker, runId, onGuiThread = std::move(onGuiThread)] {
            if (runId == worker->runId_) onGuiThread();
        },
        Qt::QueuedConnection);
}

MatmulWorker::MatmulWorker(QObject* parent) : QObject(parent) {}

MatmulWorker::~MatmulWorker() { stopThread(); }

void MatmulWorker::start(std::function<void(const Job&)> job) {
    stopThread();
    cancel_ = std::make_unique<std::atomic<bool>>(false);
    Job context;
    context.worker_ = this;
    context.cancel_ = cancel_.get();
    context.runId_ = ++runId_;
    running_ = true;
    setBackgroundWork(*this, true);
    thread_ = std::thread([this, context, job = std::move(job)] {
        try {
            job(context);
        } catch (const std::exception& error) {
            // Out of memory for a large size, say: the run ends with a message instead of
            // taking the app down.
            const QString message = QString::fromStdString(error.what());
            context.post([this, message] { emit failed(message); });
        }
        context.post([this] {
            running_ = false;
            setBackgroundWork(*this, false);
            emit finished();
        });
    });
}

void MatmulWorker::cancel() {
    if (cancel_) cancel_->store(true);
}

void MatmulWorker::stopThread() {
    cancel();
    if (thread_.joinable()) thread_.join();
    running_ = false;
    setBackgroundWork(*this, false);
}

}  // namespace mlsyslab::widgets
