#pragma once

#include <QFutureWatcher>
#include <QObject>
#include <atomic>
#include <memory>

#include "pyvm/ProgramRun.h"

namespace mlsyslab::widgets {

// Runs programs off the GUI thread (on Qt's global thread pool), one at a time: starting a run
// cancels the one before through RunOptions::cancel, and so does destroying the worker, so a
// program that loops forever never holds up the window or the app's exit. Whatever the runner
// throws comes back as a run with an error; nothing escapes into Qt's event loop.
class ProgramRunWorker : public QObject {
    Q_OBJECT
public:
    explicit ProgramRunWorker(ProgramRunner runner, QObject* parent = nullptr);
    ~ProgramRunWorker() override;

    void start(const std::string& source, pyvm::RunOptions options);
    bool isRunning() const { return running_; }
    // Waits at most `milliseconds` for the run in progress and delivers its result (finished()
    // is emitted before this returns) if it came in time. Only for a lesson step that opens: it
    // can then show its program already run instead of blank panes for a moment.
    bool waitForFinished(int milliseconds);

signals:
    void finished(std::shared_ptr<const ProgramRun> run);

private:
    void deliver(int runId);

    ProgramRunner runner_;
    std::shared_ptr<std::atomic<bool>> cancel_;
    QFutureWatcher<std::shared_ptr<const ProgramRun>>* watcher_ = nullptr;
    int runId_ = 0;
    bool running_ = false;
};

}  // namespace mlsyslab::widgets
