#include <QtTest>

#include "matmul/Roofline.h"

// The roofline model's numbers: the roof, the ridge, which side a kernel is on, and the
// arithmetic intensities of matmul (compulsory traffic) and matrix-vector products.
using mlsyslab::matmul::matmulFlopsPerByte;
using mlsyslab::matmul::MatmulShape;
using mlsyslab::matmul::matvecFlopsPerByte;
using mlsyslab::matmul::Roofline;

namespace {

// A laptop-like machine: 300 GFLOPS of FMAs, 20 GB/s from DRAM, so the ridge is at 15 flop/byte.
constexpr Roofline kLaptop{300.0, 20.0};

}  // namespace

class TestRoofline : public QObject {
    Q_OBJECT

private slots:
    void theRoofIsTheLowerOfSlopeAndPeak_data() {
        QTest::addColumn<double>("flopsPerByte");
        QTest::addColumn<double>("attainable");
        QTest::addColumn<bool>("memoryBound");
        QTest::newRow("no arithmetic") << 0.0 << 0.0 << true;
        QTest::newRow("matrix-vector") << 0.5 << 10.0 << true;
        QTest::newRow("one flop per byte") << 1.0 << 20.0 << true;
        QTest::newRow("just below the ridge") << 14.0 << 280.0 << true;
        QTest::newRow("the ridge") << 15.0 << 300.0 << false;
        QTest::newRow("a large matmul") << 170.0 << 300.0 << false;
        QTest::newRow("negative counts as none") << -1.0 << 0.0 << true;
    }
    void theRoofIsTheLowerOfSlopeAndPeak() {
        QFETCH(double, flopsPerByte);
        QFETCH(double, attainable);
        QFETCH(bool, memoryBound);
        QCOMPARE(kLaptop.attainableGflops(flopsPerByte), attainable);
        QCOMPARE(kLaptop.isMemoryBound(flopsPerByte), memoryBound);
    }

    void theRidgeIsPeakOverBandwidth() {
        QCOMPARE(kLaptop.ridgeFlopsPerByte(), 15.0);
        // H100 SXM's datasheet: 67 TFLOPS FP32 over 3.35 TB/s, about 20 flop/byte.
        QCOMPARE((Roofline{67'000.0, 3'350.0}.ridgeFlopsPerByte()), 20.0);
        QCOMPARE((Roofline{300.0, 0.0}.ridgeFlopsPerByte()), 0.0);  // not measured yet
    }

    void fractionOfTheRoof() {
        QCOMPARE(kLaptop.fractionOfRoof(0.5, 5.0), 0.5);      // 5 of the 10 reachable
        QCOMPARE(kLaptop.fractionOfRoof(100.0, 240.0), 0.8);  // 240 of the 300 peak
        QCOMPARE((Roofline{}.fractionOfRoof(1.0, 5.0)), 0.0);
    }

    void matmulIntensityCountsEachMatrixOnce_data() {
        QTest::addColumn<qint64>("m");
        QTest::addColumn<qint64>("n");
        QTest::addColumn<qint64>("k");
        QTest::addColumn<double>("flopsPerByte");
        // N/6 for square matrices: 2N³ flops over 3·4·N² bytes.
        QTest::newRow("1024 square")
            << qint64(1024) << qint64(1024) << qint64(1024) << 1024.0 / 6.0;
        QTest::newRow("3620 square, the seed's")
            << qint64(3620) << qint64(3620) << qint64(3620) << 3620.0 / 6.0;
        QTest::newRow("1 square") << qint64(1) << qint64(1) << qint64(1) << 2.0 / 12.0;
        // 2·2·3·4 = 48 flops over 4·(2·4 + 4·3 + 2·3) = 104 bytes.
        QTest::newRow("2x4 times 4x3") << qint64(2) << qint64(3) << qint64(4) << 48.0 / 104.0;
        // A matrix-vector product written as a matmul: N = 1.
        QTest::newRow("a vector") << qint64(4096) << qint64(1) << qint64(4096)
                                  << 2.0 * 4096 * 4096 / (4.0 * (4096.0 * 4096 + 4096 + 4096));
        QTest::newRow("empty") << qint64(0) << qint64(0) << qint64(0) << 0.0;
    }
    void matmulIntensityCountsEachMatrixOnce() {
        QFETCH(qint64, m);
        QFETCH(qint64, n);
        QFETCH(qint64, k);
        QFETCH(double, flopsPerByte);
        QCOMPARE(matmulFlopsPerByte(MatmulShape{m, n, k}), flopsPerByte);
    }

    void matvecIsAboutHalfAFlopPerByte() {
        QCOMPARE(matvecFlopsPerByte(1, 1), 2.0 / 12.0);
        QCOMPARE(matvecFlopsPerByte(4096, 4096),
                 2.0 * 4096 * 4096 / (4.0 * (4096.0 * 4096 + 4096 + 4096)));
        QVERIFY(matvecFlopsPerByte(4096, 4096) < 0.5);
        QVERIFY(matvecFlopsPerByte(4096, 4096) > 0.499);
        QCOMPARE(matvecFlopsPerByte(4096, 4096), matmulFlopsPerByte(MatmulShape{4096, 1, 4096}));
        QCOMPARE(matvecFlopsPerByte(0, 10), 0.0);
        // However large, it never reaches the laptop's ridge: always memory-bound.
        QVERIFY(kLaptop.isMemoryBound(matvecFlopsPerByte(1 << 20, 1 << 20)));
    }
};

QTEST_MAIN(TestRoofline)
#include "tst_roofline.moc"
