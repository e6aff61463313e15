#pragma once

#include <QObject>
#include <QString>
#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <thread>

namespace mlsyslab::widgets {

// Runs one slow job (a benchmark, a roofline measurement, reading this machine) on a thread of
// its own, so the window stays responsive for the seconds or minutes it takes. The job hands
// what it learns to the GUI thread through post(): each piece arrives as a queued call, so a
// plot grows point by point. One job at a time: start() stops the one before. cancel() raises
// the job's cancel flag (the engines look at it every few tens of milliseconds); the destructor
// cancels and waits for the thread, so closing a lesson step mid-run is clean. While a job runs
// the worker is marked busy (BackgroundWork.h), so `mlsyslab --screenshot` waits for it.
class MatmulWorker : public QObject {
    Q_OBJECT
public:
    // What a job sees: its cancel flag, and the way back to the GUI thread.
    class Job {
    public:
        const std::atomic<bool>* cancelFlag() const { return cancel_; }
        bool cancelled() const { return cancel_->load(std::memory_order_relaxed); }
        // Runs `onGuiThread` on the GUI thread, unless this job was stopped or the worker is
        // gone by then (a stopped job's late results must not land in the next run's plot).
        void post(std::function<void()> onGuiThread) const;
        // Like post(), but returns only once `onGuiThread` has run, or the job was cancelled.
        // For what is drawn between two measurements: a replot on a 2-core laptop would
        // otherwise take a core from the next timed run, and a 2-thread BLAS whose threads
        // wait for each other loses far more than half its speed.
        void postAndWait(std::function<void()> onGuiThread) const;
        // Like post(), but lets through at most one call per 100 ms and drops the others: for
        // progress. A run of many tiny multiplications reports thousands of times a second,
        // and every wake-up of the GUI thread takes a core from the threads being timed.
        void postThrottled(std::function<void()> onGuiThread) const;

    private:
        friend class MatmulWorker;
        MatmulWorker* worker_ = nullptr;
        const std::atomic<bool>* cancel_ = nullptr;
        int runId_ = 0;
        mutable std::chrono::steady_clock::time_point lastThrottledPost_{};
    };

    explicit MatmulWorker(QObject* parent = nullptr);
    ~MatmulWorker() override;

    void start(std::function<void(const Job&)> job);
    void cancel();
    bool isRunning() const { return running_; }
    bool isCancelling() const { return running_ && cancel_ && cancel_->load(); }

signals:
    // The job threw (out of memory, say): its message. finished() follows.
    void failed(const QString& message);
    // The job returned (also after a cancel), after everything it posted.
    void finished();

private:
    void stopThread();

    std::thread thread_;
    std::unique_ptr<std::atomic<bool>> cancel_;
    int runId_ = 0;
    bool running_ = false;
};

}  // namespace mlsyslab::widgets
