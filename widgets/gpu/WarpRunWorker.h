#pragma once

#include <QFutureWatcher>
#include <QObject>
#include <memory>
#include <string>
#include <vector>

#include "gpu/WarpSimulator.h"

namespace mlsyslab::widgets {

// One launch simulated under one scheduler policy: the result, or why the simulator refused.
struct WarpRun {
    std::string policy;  // "lrr", "gto"
    gpu::SimulationResult result;
    std::string error;  // the simulator's error; empty when it ran
    bool ok() const { return error.empty(); }
};
using WarpRuns = std::vector<WarpRun>;

// Runs gpu::simulateLaunch for a list of configurations (one per scheduler policy) off the GUI
// thread, on Qt's global thread pool: a large launch takes up to a second a policy, and the
// window must stay responsive meanwhile. One batch at a time: starting another drops the result
// of the one before (the simulator cannot be interrupted; its result is simply not delivered).
// While a batch runs the worker is marked busy (common/BackgroundWork.h), so that
// `mlsyslab --screenshot` waits for the finished timeline.
class WarpRunWorker : public QObject {
    Q_OBJECT
public:
    explicit WarpRunWorker(QObject* parent = nullptr);
    ~WarpRunWorker() override;

    void start(std::vector<gpu::SimulationConfig> configs);
    // Forgets the batch in progress: its result will not be delivered.
    void drop();
    bool isRunning() const { return running_; }
    // Waits at most `milliseconds` for the batch in progress and delivers it (finished() is
    // emitted before this returns) if it came in time: a lesson step that opens can then show
    // its timeline at once instead of "Simulating…" for a moment.
    bool waitForFinished(int milliseconds);

signals:
    void finished(std::shared_ptr<const mlsyslab::widgets::WarpRuns> runs);

private:
    void deliver(int runId);

    QFutureWatcher<std::shared_ptr<const WarpRuns>>* watcher_ = nullptr;
    int runId_ = 0;
    bool running_ = false;
};

}  // namespace mlsyslab::widgets
