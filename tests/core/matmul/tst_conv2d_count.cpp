#include <QtTest>

#include "matmul/Conv2dCount.h"
#include "matmul/Conv2dExample.h"
#include "matmul/DotProductThreads.h"

using mlsyslab::matmul::CellPosition;
using mlsyslab::matmul::Conv2dExample;
using mlsyslab::matmul::conv2dExampleGeometry;
using mlsyslab::matmul::Conv2dLayer;
using mlsyslab::matmul::Conv2dPadding;
using mlsyslab::matmul::conv2dThreads;
using mlsyslab::matmul::countConv2d;
using mlsyslab::matmul::exampleConv2d;
using mlsyslab::matmul::outputPositions;
using mlsyslab::matmul::paddingSides;
using mlsyslab::matmul::SmallMatrix;
using mlsyslab::matmul::ThreadSchedule;
using mlsyslab::matmul::ThreadsRun;

namespace {

// "-1 0 -2 / -3 1 3 / 0 1 0": values row after row.
QString grid(const std::vector<double>& values, int columns) {
    QStringList rows;
    QStringList row;
    for (std::size_t index = 0; index < values.size(); ++index) {
        row << QString::number(values[index]);
        if (int(index + 1) % columns == 0) {
            rows << row.join(' ');
            row.clear();
        }
    }
    return rows.join(" / ");
}

std::vector<double> results(const Conv2dExample& example) {
    std::vector<double> values;
    for (const auto& thread : conv2dThreads(example)) values.push_back(thread.result());
    return values;
}

}  // namespace

class TestConv2dCount : public QObject {
    Q_OBJECT

private slots:
    void layerCounts_data() {
        QTest::addColumn<int>("height");
        QTest::addColumn<int>("channels");
        QTest::addColumn<int>("filters");
        QTest::addColumn<int>("kernel");
        QTest::addColumn<int>("stride");
        QTest::addColumn<bool>("same");
        QTest::addColumn<int>("padding");
        QTest::addColumn<qint64>("outputSide");
        QTest::addColumn<qint64>("operations");
        QTest::addColumn<qint64>("perOperation");
        QTest::addColumn<qint64>("total");
        // Seed 001: "224×224 image × 64 filters = 3.2M parallel ops".
        QTest::newRow("the seed's layer, RGB")
            << 224 << 3 << 64 << 3 << 1 << true << 0 << qint64(224) << qint64(3211264) << qint64(27)
            << qint64(86704128);
        QTest::newRow("64 channels in") << 224 << 64 << 64 << 3 << 1 << true << 0 << qint64(224)
                                        << qint64(3211264) << qint64(576) << qint64(1849688064);
        QTest::newRow("valid") << 224 << 3 << 64 << 3 << 1 << false << 0 << qint64(222)
                               << qint64(222 * 222 * 64) << qint64(27)
                               << qint64(222 * 222 * 64 * 27);
        QTest::newRow("stride 2, padding 1")
            << 224 << 3 << 64 << 3 << 2 << false << 1 << qint64(112) << qint64(802816) << qint64(27)
            << qint64(802816 * 27);
        // ResNet's first layer: 7×7, stride 2, padding 3 on 224×224×3 gives 112×112×64.
        QTest::newRow("ResNet stem") << 224 << 3 << 64 << 7 << 2 << false << 3 << qint64(112)
                                     << qint64(802816) << qint64(147) << qint64(802816 * 147);
        QTest::newRow("even kernel, same") << 5 << 1 << 1 << 4 << 1 << true << 0 << qint64(5)
                                           << qint64(25) << qint64(16) << qint64(400);
        QTest::newRow("kernel as large as the image")
            << 5 << 1 << 2 << 5 << 1 << false << 0 << qint64(1) << qint64(2) << qint64(25)
            << qint64(50);
    }
    void layerCounts() {
        QFETCH(int, height);
        QFETCH(int, channels);
        QFETCH(int, filters);
        QFETCH(int, kernel);
        QFETCH(int, stride);
        QFETCH(bool, same);
        QFETCH(int, padding);
        Conv2dLayer layer{height, height, channels, filters,
                          kernel, kernel, stride,   Conv2dPadding{same, padding}};
        const auto counts = countConv2d(layer);
        QVERIFY2(counts.ok(), counts.ok() ? "" : counts.error().c_str());
        QTEST(qint64(counts->outputHeight), "outputSide");
        QTEST(qint64(counts->outputWidth), "outputSide");
        QTEST(qint64(counts->parallelOperations), "operations");
        QTEST(qint64(counts->multiplyAddsPerOperation), "perOperation");
        QTEST(qint64(counts->totalMultiplyAdds), "total");
    }

    void theDefaultLayerIsTheSeeds() {
        const Conv2dLayer layer;
        QCOMPARE(countConv2d(layer)->parallelOperations, std::int64_t(3211264));
    }

    void layersWithoutOutputSayWhy() {
        Conv2dLayer strided;
        strided.stride = 2;
        QCOMPARE(countConv2d(strided).error(),
                 std::string("padding='same' is not supported for strided convolutions"));
        Conv2dLayer tooLarge;
        tooLarge.height = 4;
        tooLarge.width = 6;
        tooLarge.kernelHeight = 7;
        tooLarge.kernelWidth = 7;
        tooLarge.padding = {false, 1};
        QCOMPARE(countConv2d(tooLarge).error(),
                 std::string("the 7×7 kernel does not fit in the 6×8 padded input: there is no "
                             "output position"));
    }

    void samePaddingPutsTheOddZeroAfter() {
        QCOMPARE(paddingSides(3, {true, 0}).before, 1);
        QCOMPARE(paddingSides(3, {true, 0}).after, 1);
        QCOMPARE(paddingSides(4, {true, 0}).before, 1);
        QCOMPARE(paddingSides(4, {true, 0}).after, 2);
        QCOMPARE(paddingSides(4, {false, 2}).before, 2);
        QCOMPARE(outputPositions(10, 3, 3, {false, 0}), std::int64_t(3));
        QCOMPARE(outputPositions(2, 3, 1, {false, 0}), std::int64_t(0));
    }

    void theExampleHasNineOutputsOfNineTerms() {
        const Conv2dExample example = exampleConv2d();
        const auto geometry = conv2dExampleGeometry(example);
        QCOMPARE(geometry->outputRows, 3);
        QCOMPARE(geometry->outputColumns, 3);
        const auto threads = conv2dThreads(example);
        QCOMPARE(threads.size(), std::size_t(9));
        // Output (1, 2) lays the filter over rows 1..3, columns 2..4; term 5 is weight (1, 2).
        const auto& term = threads[5].terms[5];
        QCOMPARE(threads[5].outputCell, (CellPosition{1, 2}));
        QCOMPARE(term.leftCell, (CellPosition{2, 4}));
        QCOMPARE(term.rightCell, (CellPosition{1, 2}));
        QCOMPARE(term.left, 2.0);
        QCOMPARE(term.right, -1.0);
        QCOMPARE(grid(results(example), 3), QString("-1 0 -2 / -3 1 3 / 0 1 0"));
    }

    // Every output adds its term t at step t: the partial sums after each of the 9 steps.
    void inParallelEveryOutputAddsOneWeightPerStep() {
        const ThreadsRun run(conv2dThreads(exampleConv2d()), ThreadSchedule::Parallel);
        const auto& snapshots = run.snapshots();
        QCOMPARE(snapshots.size(), std::size_t(10));
        const QString expected[] = {
            "0 0 0 / 0 0 0 / 0 0 0",     "1 2 0 / 0 1 3 / 2 0 1",   "1 2 0 / 0 1 3 / 2 0 1",
            "1 1 -3 / -3 -1 2 / 1 0 -1", "1 2 0 / -1 -1 3 / 2 3 1", "1 2 0 / -1 -1 3 / 2 3 1",
            "-2 0 -1 / -2 -1 1 / 0 2 1", "0 0 0 / -1 2 3 / 0 3 1",  "0 0 0 / -1 2 3 / 0 3 1",
            "-1 0 -2 / -3 1 3 / 0 1 0",
        };
        for (std::size_t step = 0; step < snapshots.size(); ++step) {
            QCOMPARE(grid(snapshots[step].partialSums, 3), expected[step]);
            QCOMPARE(snapshots[step].lastStep.size(), step == 0 ? std::size_t(0) : std::size_t(9));
        }
        QCOMPARE(run.sequentialSteps(), std::int64_t(81));
    }

    void paddingReadsZeros() {
        Conv2dExample padded = exampleConv2d();
        padded.padding = {false, 1};
        QCOMPARE(grid(results(padded), 5),
                 QString("-3 -2 0 -1 3 / -3 -1 0 -2 3 / -4 -3 1 3 3 / -4 0 1 0 3 / -4 -1 1 1 3"));
        const auto corner = conv2dThreads(padded).front().terms.front();
        QCOMPARE(corner.leftCell, (CellPosition{-1, -1}));
        QCOMPARE(corner.left, 0.0);

        Conv2dExample same = exampleConv2d();
        same.padding = {true, 0};
        QCOMPARE(results(same), results(padded));

        Conv2dExample strided = exampleConv2d();
        strided.padding = {false, 1};
        strided.stride = 2;
        QCOMPARE(grid(results(strided), 3), QString("-3 0 3 / -4 1 3 / -4 1 3"));
    }

    void anExampleWithoutOutputHasNoThreads() {
        Conv2dExample tiny = exampleConv2d();
        tiny.image = SmallMatrix::fromRows({{1, 2}, {3, 4}});
        QVERIFY(!conv2dExampleGeometry(tiny).ok());
        QVERIFY(conv2dThreads(tiny).empty());
    }
};

QTEST_APPLESS_MAIN(TestConv2dCount)
#include "tst_conv2d_count.moc"
