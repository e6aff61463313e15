#include "memory/MachineProbeWorker.h"

#include <QMetaObject>
#include <exception>

#include "common/BackgroundWork.h"

namespace mlsyslab::widgets {

MachineProbeWorker::MachineProbeWorker(QObject* parent) : QObject(parent) {}

MachineProbeWorker::~MachineProbeWorker() { stopThread(); }

template <typename Deliver>
void MachineProbeWorker::post(int runId, Deliver deliver) {
    // Queued to this object: it runs on the GUI thread, and not at all once this object is
    // destroyed (Qt drops the events of a deleted object). The thread is joined before that.
    QMetaObject::invokeMethod(
        this,
        [this, runId, deliver = std::move(deliver)] {
            // A run that was stopped may still have events in the queue: only the latest counts.
            if (runId == runId_) deliver();
        },
        Qt::QueuedConnection);
}

void MachineProbeWorker::start(const memory::MachineProbeOptions& options) {
    stopThread();
    cancel_ = std::make_unique<std::atomic<bool>>(false);
    const int runId = ++runId_;
    running_ = true;
    setBackgroundWork(*this, true);
    memory::MachineProbeEvents events;
    events.cancel = cancel_.get();
    events.progress = [this, runId](const memory::ProbeProgress& progress) {
        post(runId, [this, progress] { emit progressed(progress); });
    };
    events.clockEstimated = [this, runId](double clockGHz) {
        post(runId, [this, clockGHz] { emit clockEstimated(clockGHz); });
    };
    events.pointMeasured = [this, runId](const memory::LatencyPoint& point) {
        post(runId, [this, point] { emit pointMeasured(point); });
    };
    thread_ = std::thread([this, runId, options, events] {
        auto measurement = std::make_shared<memory::MachineMeasurement>();
        try {
            *measurement = memory::probeMachine(options, events);
        } catch (const std::exception& error) {
            // Out of memory while allocating a working set, say: the run ends with an error
            // instead of taking the app down.
            measurement->curve.error = error.what();
        }
        post(runId, [this, measurement] {
            running_ = false;
            setBackgroundWork(*this, false);
            emit finished(measurement);
        });
    });
}

void MachineProbeWorker::cancel() {
    if (cancel_) cancel_->store(true);
}

void MachineProbeWorker::stopThread() {
    cancel();
    if (thread_.joinable()) thread_.join();
    running_ = false;
    setBackgroundWork(*this, false);
}

}  // namespace mlsyslab::widgets
