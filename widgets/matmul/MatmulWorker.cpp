#include "matmul/MatmulWorker.h"

#include <QCoreApplication>
#include <QEvent>
#include <QMetaObject>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>

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

void MatmulWorker::Job::postAndWait(std::function<void()> onGuiThread) const {
    struct Handshake {
        std::mutex mutex;
        std::condition_variable drawn;
        bool done = false;
    };
    auto handshake = std::make_shared<Handshake>();
    post([handshake, onGuiThread = std::move(onGuiThread)] {
        onGuiThread();
        // Paint now rather than on the next pass of the event loop, which would overlap the
        // next measurement.
        QCoreApplication::sendPostedEvents(nullptr, QEvent::UpdateRequest);
        const std::lock_guard lock(handshake->mutex);
        handshake->done = true;
        handshake->drawn.notify_one();
    });
    // The GUI thread may itself be waiting for this thread (stopThread joins it after raising
    // the cancel flag), so the wait also ends on cancel: it looks at the flag every 20 ms.
    std::unique_lock lock(handshake->mutex);
    while (!handshake->done && !cancelled())
        handshake->drawn.wait_for(lock, std::chrono::milliseconds(20));
}

void MatmulWorker::Job::postThrottled(std::function<void()> onGuiThread) const {
    constexpr auto kLeastInterval = std::chrono::milliseconds(100);
    const auto now = std::chrono::steady_clock::now();
    if (now - lastThrottledPost_ < kLeastInterval) return;
    lastThrottledPost_ = now;
    post(std::move(onGuiThread));
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
