#include <QtTest>
#include <atomic>
#include <chrono>
#include <thread>

#include "matmul/FmaPeak.h"

// The measured FMA peak: a sane number on one thread and on all, and nothing when cancelled.
// How fast is the benchmarks' business (bench/), not a test's.
namespace {

using mlsyslab::matmul::FmaPeakOptions;
using mlsyslab::matmul::measureFmaPeakGflops;

// Long enough for a few batches of FMAs, short enough to keep the suite quick.
constexpr double kShortSeconds = 0.02;

}  // namespace

class TestFmaPeak : public QObject {
    Q_OBJECT

private slots:
    void peakIsPositive_data() {
        QTest::addColumn<unsigned>("threads");
        QTest::newRow("one thread") << 1u;
        QTest::newRow("two threads") << 2u;
        QTest::newRow("every hardware thread") << 0u;
    }
    void peakIsPositive() {
        QFETCH(unsigned, threads);
        const double gflops = measureFmaPeakGflops(FmaPeakOptions{threads, kShortSeconds});
        // Above zero, and below what any CPU core of today reaches (a few hundred GFLOPS each).
        QVERIFY2(gflops > 0.0, qPrintable(QString::number(gflops)));
        QVERIFY2(gflops < 1e5, qPrintable(QString::number(gflops)));
    }

    void cancelledBeforeStartGivesZero() {
        std::atomic<bool> cancel{true};
        QCOMPARE(measureFmaPeakGflops(FmaPeakOptions{1, 10.0}, &cancel), 0.0);
        QCOMPARE(measureFmaPeakGflops(FmaPeakOptions{0, 10.0}, &cancel), 0.0);
    }

    // A cancel while the threads run stops them (the suite would otherwise wait ten seconds)
    // and says 0, not a rate from part of the time.
    void cancelledWhileRunningGivesZero() {
        std::atomic<bool> cancel{false};
        std::thread canceller([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
            cancel = true;
        });
        const double gflops = measureFmaPeakGflops(FmaPeakOptions{2, 10.0}, &cancel);
        canceller.join();
        QCOMPARE(gflops, 0.0);
    }
};

QTEST_APPLESS_MAIN(TestFmaPeak)
#include "tst_fma_peak.moc"
