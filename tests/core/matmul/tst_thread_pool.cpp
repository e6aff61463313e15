#include <QtTest>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "matmul/ThreadPool.h"

using mlsyslab::matmul::ThreadPool;

// The thread pool of the "threads" rung: every index runs exactly once, on a worker numbered
// 0..size()-1, for any thread count and task count, call after call.
class TestThreadPool : public QObject {
    Q_OBJECT

private slots:
    void runsEveryIndexExactlyOnce_data() {
        QTest::addColumn<unsigned>("threads");
        QTest::addColumn<qint64>("count");
        for (const unsigned threads : {1u, 2u, 3u, 8u})
            for (const qint64 count : {qint64(0), qint64(1), qint64(2), qint64(7), qint64(1000)})
                QTest::addRow("%u threads, %lld tasks", threads, static_cast<long long>(count))
                    << threads << count;
    }
    void runsEveryIndexExactlyOnce() {
        QFETCH(unsigned, threads);
        QFETCH(qint64, count);
        ThreadPool pool(threads);
        std::vector<std::atomic<int>> runs(static_cast<std::size_t>(count));
        std::atomic<int> badWorkers{0};
        pool.parallelFor(count, [&](std::int64_t index, unsigned worker) {
            runs[static_cast<std::size_t>(index)].fetch_add(1);
            if (worker >= threads) badWorkers.fetch_add(1);
        });
        for (qint64 index = 0; index < count; ++index)
            QCOMPARE(runs[static_cast<std::size_t>(index)].load(), 1);
        QCOMPARE(badWorkers.load(), 0);
    }

    void sizeIsTheThreadCount() {
        QCOMPARE(ThreadPool(1).size(), 1u);
        QCOMPARE(ThreadPool(4).size(), 4u);
        QCOMPARE(ThreadPool(0).size(), 1u);  // at least the calling thread
    }

    void oneThreadRunsOnTheCaller() {
        ThreadPool pool(1);
        const std::thread::id caller = std::this_thread::get_id();
        std::vector<std::int64_t> order;
        bool elsewhere = false;
        pool.parallelFor(5, [&](std::int64_t index, unsigned worker) {
            order.push_back(index);
            if (worker != 0 || std::this_thread::get_id() != caller) elsewhere = true;
        });
        QCOMPARE(order, (std::vector<std::int64_t>{0, 1, 2, 3, 4}));
        QVERIFY(!elsewhere);
    }

    void eachWorkerIdBelongsToOneThread() {
        // Worker ids are how tasks pick their own packing buffer: two threads must never share
        // one.
        ThreadPool pool(4);
        std::mutex mutex;
        std::vector<std::vector<std::thread::id>> threadsPerWorker(4);
        for (int call = 0; call < 20; ++call)
            pool.parallelFor(64, [&](std::int64_t, unsigned worker) {
                std::lock_guard lock(mutex);
                auto& seen = threadsPerWorker[worker];
                if (std::find(seen.begin(), seen.end(), std::this_thread::get_id()) == seen.end())
                    seen.push_back(std::this_thread::get_id());
            });
        for (const auto& seen : threadsPerWorker) QVERIFY(seen.size() <= 1);
    }

    void repeatedCallsEachRunEveryIndex() {
        ThreadPool pool(3);
        std::atomic<std::int64_t> sum{0};
        std::int64_t expected = 0;
        for (std::int64_t call = 0; call < 500; ++call) {
            const std::int64_t count = call % 13;
            pool.parallelFor(count,
                             [&](std::int64_t index, unsigned) { sum.fetch_add(index + 1); });
            expected += count * (count + 1) / 2;
        }
        QCOMPARE(sum.load(), expected);
    }

    void zeroOrNegativeCountRunsNothing() {
        ThreadPool pool(2);
        std::atomic<int> runs{0};
        pool.parallelFor(0, [&](std::int64_t, unsigned) { runs.fetch_add(1); });
        pool.parallelFor(-3, [&](std::int64_t, unsigned) { runs.fetch_add(1); });
        QCOMPARE(runs.load(), 0);
    }

    void returnsOnlyWhenEveryTaskIsDone() {
        ThreadPool pool(2);
        std::atomic<int> finished{0};
        pool.parallelFor(4, [&](std::int64_t, unsigned) {
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
            finished.fetch_add(1);
        });
        QCOMPARE(finished.load(), 4);
    }

    void rethrowsATaskExceptionAndStaysUsable() {
        ThreadPool pool(2);
        bool thrown = false;
        try {
            pool.parallelFor(100, [&](std::int64_t index, unsigned) {
                if (index == 37) throw std::runtime_error("task 37 failed");
            });
        } catch (const std::runtime_error& error) {
            thrown = std::string(error.what()) == "task 37 failed";
        }
        QVERIFY(thrown);
        std::atomic<int> runs{0};
        pool.parallelFor(10, [&](std::int64_t, unsigned) { runs.fetch_add(1); });
        QCOMPARE(runs.load(), 10);
    }
};

QTEST_APPLESS_MAIN(TestThreadPool)
#include "tst_thread_pool.moc"
