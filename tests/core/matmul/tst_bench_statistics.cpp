#include <QtTest>
#include <cmath>
#include <limits>
#include <vector>

#include "matmul/BenchStatistics.h"

// The runner's statistics: the median (of odd and even counts, whatever the order), min, max,
// the relative spread, and GFLOPS = 2·M·N·K / s.
namespace {

using mlsyslab::matmul::gflopsFor;
using mlsyslab::matmul::RunStatistics;
using mlsyslab::matmul::summarizeRuns;

}  // namespace

Q_DECLARE_METATYPE(std::vector<double>)

class TestBenchStatistics : public QObject {
    Q_OBJECT

private slots:
    void summary_data() {
        QTest::addColumn<std::vector<double>>("seconds");
        QTest::addColumn<double>("median");
        QTest::addColumn<double>("minimum");
        QTest::addColumn<double>("maximum");
        QTest::addColumn<double>("spread");
        QTest::addColumn<int>("runs");
        QTest::newRow("one run") << std::vector<double>{0.5} << 0.5 << 0.5 << 0.5 << 0.0 << 1;
        // Sorted first: the middle of 3, 1, 2 is 2.
        QTest::newRow("odd count, unsorted")
            << std::vector<double>{3.0, 1.0, 2.0} << 2.0 << 1.0 << 3.0 << 1.0 << 3;
        // Even: the mean of the middle two, 2 and 4.
        QTest::newRow("even count, unsorted")
            << std::vector<double>{8.0, 2.0, 4.0, 1.0} << 3.0 << 1.0 << 8.0 << 7.0 / 3.0 << 4;
        QTest::newRow("two runs") << std::vector<double>{1.0, 3.0} << 2.0 << 1.0 << 3.0 << 1.0 << 2;
        QTest::newRow("all equal") << std::vector<double>{0.25, 0.25, 0.25, 0.25, 0.25} << 0.25
                                   << 0.25 << 0.25 << 0.0 << 5;
        // One slow run (the machine was busy) moves the spread, not the median.
        QTest::newRow("one outlier")
            << std::vector<double>{1.0, 1.0, 10.0, 1.0, 1.0} << 1.0 << 1.0 << 10.0 << 9.0 << 5;
        QTest::newRow("no runs") << std::vector<double>{} << 0.0 << 0.0 << 0.0 << 0.0 << 0;
    }
    void summary() {
        QFETCH(std::vector<double>, seconds);
        QFETCH(double, median);
        QFETCH(double, minimum);
        QFETCH(double, maximum);
        QFETCH(double, spread);
        QFETCH(int, runs);
        const RunStatistics statistics = summarizeRuns(seconds);
        QCOMPARE(statistics.medianSeconds, median);
        QCOMPARE(statistics.minSeconds, minimum);
        QCOMPARE(statistics.maxSeconds, maximum);
        QCOMPARE(statistics.relativeSpread, spread);
        QCOMPARE(statistics.runs, runs);
    }

    void zeroTimesHaveNoSpread() {
        const RunStatistics statistics = summarizeRuns({0.0, 0.0, 0.0});
        QCOMPARE(statistics.medianSeconds, 0.0);
        QCOMPARE(statistics.relativeSpread, 0.0);
        QCOMPARE(statistics.runs, 3);
    }

    void gflops_data() {
        QTest::addColumn<double>("flops");
        QTest::addColumn<double>("seconds");
        QTest::addColumn<double>("gflops");
        // The seed's 3620² on an RTX 4090 with cuBLAS: 2·3620³ flops in 27 ms.
        const double seedFlops = 2.0 * 3620.0 * 3620.0 * 3620.0;
        QTest::newRow("seed cuBLAS") << seedFlops << 0.027 << seedFlops / 0.027 / 1e9;
        QTest::newRow("1 GFLOP in 1 s") << 1e9 << 1.0 << 1.0;
        QTest::newRow("1024 cubed in 10 ms") << 2.0 * 1024 * 1024 * 1024 << 0.01 << 214.7483648;
        QTest::newRow("zero seconds") << 1e9 << 0.0 << 0.0;
        QTest::newRow("negative seconds") << 1e9 << -1.0 << 0.0;
        QTest::newRow("not a number") << 1e9 << std::numeric_limits<double>::quiet_NaN() << 0.0;
    }
    void gflops() {
        QFETCH(double, flops);
        QFETCH(double, seconds);
        QFETCH(double, gflops);
        QCOMPARE(gflopsFor(flops, seconds), gflops);
    }
};

QTEST_APPLESS_MAIN(TestBenchStatistics)
#include "tst_bench_statistics.moc"
