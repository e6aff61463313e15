#include <QtTest>
#include <atomic>
#include <vector>

#include "matmul/MatvecProbe.h"
#include "matmul/Roofline.h"

// The measured matrix-vector product: its result, its shape and accounting on tiny matrices,
// progress and cancel. Nothing asserts a speed.
using mlsyslab::matmul::MatvecProbeOptions;
using mlsyslab::matmul::measureMatvec;
using mlsyslab::matmul::multiplyMatrixVector;

class TestMatvecProbe : public QObject {
    Q_OBJECT

private slots:
    // Odd sizes (not a multiple of the 16 partial sums), 1 and 3 threads: exact, since every
    // value is a small integer.
    void multipliesExactly_data() {
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("columns");
        QTest::addColumn<unsigned>("threads");
        QTest::newRow("1x1") << 1 << 1 << 1u;
        QTest::newRow("7x33, 1 thread") << 7 << 33 << 1u;
        QTest::newRow("7x33, 3 threads") << 7 << 33 << 3u;
        QTest::newRow("more threads than rows") << 2 << 17 << 8u;
        QTest::newRow("300x16, 2 threads") << 300 << 16 << 2u;
    }
    void multipliesExactly() {
        QFETCH(int, rows);
        QFETCH(int, columns);
        QFETCH(unsigned, threads);
        std::vector<float> a(static_cast<std::size_t>(rows * columns));
        std::vector<float> x(static_cast<std::size_t>(columns));
        for (int index = 0; index < rows * columns; ++index)
            a[std::size_t(index)] = float(index % 5 - 2);
        for (int column = 0; column < columns; ++column) x[std::size_t(column)] = float(column % 3);
        std::vector<float> y(std::size_t(rows), -1.0f);
        QVERIFY(multiplyMatrixVector(a.data(), x.data(), y.data(), rows, columns, threads));
        for (int row = 0; row < rows; ++row) {
            double expected = 0.0;
            for (int column = 0; column < columns; ++column)
                expected += double(a[std::size_t(row * columns + column)]) * x[std::size_t(column)];
            QCOMPARE(double(y[std::size_t(row)]), expected);
        }
    }

    // 1 MiB of matrix: 512 × 512 floats; the figures follow from the best run.
    void measuresAndAccounts() {
        MatvecProbeOptions options;
        options.matrixBytes = 1 << 20;
        options.threads = 2;
        options.runs = 3;
        std::vector<double> fractions;
        const auto result =
            measureMatvec(options, [&](double fraction) { fractions.push_back(fraction); });
        QVERIFY(result.error.empty());
        QVERIFY(!result.cancelled);
        QCOMPARE(result.rows, std::int64_t(512));
        QCOMPARE(result.columns, std::int64_t(512));
        QCOMPARE(result.threads, 2u);
        QCOMPARE(result.flopsPerByte, mlsyslab::matmul::matvecFlopsPerByte(512, 512));
        QVERIFY(result.bestSeconds > 0.0);
        QVERIFY(result.gflops > 0.0);
        QVERIFY(qAbs(result.gflops / result.gigabytesPerSecond - result.flopsPerByte) < 1e-12);
        // 0 first, after filling, after each run, ending at 1.
        QCOMPARE(fractions, (std::vector<double>{0.0, 0.25, 0.5, 0.75, 1.0}));
    }

    // The default: 64 MiB, a 4096 × 4096 matrix; more memory makes more rows, not wider ones.
    void rowsAreAtMost4096Wide() {
        MatvecProbeOptions options;
        options.runs = 1;
        const auto square = measureMatvec(options);
        QCOMPARE(square.columns, std::int64_t(4096));
        QCOMPARE(square.rows, std::int64_t(4096));
    }

    void cancelStops() {
        std::atomic<bool> cancel{true};
        MatvecProbeOptions options;
        options.matrixBytes = 1 << 20;
        const auto result = measureMatvec(options, {}, &cancel);
        QVERIFY(result.cancelled);
        QCOMPARE(result.gflops, 0.0);
        std::vector<float> a(64, 1.0f), x(8, 1.0f), y(8);
        QVERIFY(!multiplyMatrixVector(a.data(), x.data(), y.data(), 8, 8, 1, &cancel));
    }
};

QTEST_MAIN(TestMatvecProbe)
#include "tst_matvec_probe.moc"
