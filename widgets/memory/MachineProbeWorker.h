#pragma once

#include <QObject>
#include <atomic>
#include <memory>
#include <thread>

#include "memory/MachineProbe.h"

namespace mlsyslab::widgets {

// Runs memory::probeMachine on a thread of its own, so the window stays responsive for the
// seconds a measurement takes, and hands what it hears back to the GUI thread as signals: each
// latency point as it is measured (the curve grows live), progress, the clock, and the result.
// One run at a time: start() stops the run before. cancel() asks the probe to stop (it looks
// at the flag every few milliseconds, so it stops within about 100 ms); the destructor cancels
// and waits for the thread, so closing a lesson step mid-run is clean.
class MachineProbeWorker : public QObject {
    Q_OBJECT
public:
    explicit MachineProbeWorker(QObject* parent = nullptr);
    ~MachineProbeWorker() override;

    void start(const memory::MachineProbeOptions& options);
    void cancel();
    bool isRunning() const { return running_; }

signals:
    void clockEstimated(double clockGHz);
    void pointMeasured(mlsyslab::memory::LatencyPoint point);
    void progressed(mlsyslab::memory::ProbeProgress progress);
    // Also after a cancel (measurement->cancelled), with what was measured until then.
    void finished(std::shared_ptr<const mlsyslab::memory::MachineMeasurement> measurement);

private:
    void stopThread();
    // Runs `deliver` on the GUI thread if run `runId` is still the current one.
    template <typename Deliver>
    void post(int runId, Deliver deliver);

    std::thread thread_;
    std::unique_ptr<std::atomic<bool>> cancel_;
    int runId_ = 0;
    bool running_ = false;
};

}  // namespace mlsyslab::widgets
