#include <QCheckBox>
#include <QtTest>

#include "../SimViewTestSupport.h"
#include "CudaLaunchTestSupport.h"
#include "common/SimWidgetRegistry.h"

using namespace mlsyslab::testing;

class TestCudaLaunchWidget : public QObject {
    Q_OBJECT

private slots:
    void theSeedsLaunch();
    void clickingAThreadShowsItsFormula_data();
    void clickingAThreadShowsItsFormula();
    void arrowKeysMoveTheSelection();
    void controlsChangeTheLaunch();
    void deviceSwitchChangesTheWaves();
    void largeLaunchIsDrawnInPart();
    void impossibleBlockIsExplained();
    void arrowsAreClaimedFromTheLessonPlayer();
    void factoryIsRegistered();
};

void TestCudaLaunchWidget::theSeedsLaunch() {
    auto widget = launchFrom("");
    QCOMPARE(text(*widget, "summary"),
             QStringLiteral("72 threads in 6 blocks of 12 threads (1 warp each, 20 lanes idle)"));
    QCOMPARE(text(*widget, "guard"),
             QStringLiteral("Every thread has one element of the 12 × 6 matrix C to compute."));
    QVERIFY(!part<QLabel>(*widget, "failure")->isVisible());
    QVERIFY(!part<QLabel>(*widget, "shownPart")->isVisible());
    const auto& picture = view(*widget)->picture();
    QCOMPARE(picture.shownBlocksAcross, 3);
    QCOMPARE(picture.shownBlocksDown, 2);
    // Every thread is drawn, each in its own cell, the blocks side by side as in the matrix.
    for (qint64 j = 0; j < 6; ++j) {
        for (qint64 i = 0; i < 12; ++i) {
            const QRect cell = view(*widget)->cellRect(i, j);
            QVERIFY(!cell.isEmpty());
            const auto found = view(*widget)->threadAt(cell.center());
            QVERIFY(found.has_value());
            QCOMPARE(qint64(found->first), i);
            QCOMPARE(qint64(found->second), j);
            if (i > 0) QVERIFY(cell.left() > view(*widget)->cellRect(i - 1, j).left());
            if (j > 0) QVERIFY(cell.top() > view(*widget)->cellRect(i, j - 1).top());
        }
    }
    QVERIFY(view(*widget)->cellRect(12, 0).isEmpty());
    QCOMPARE(text(*widget, "mapping"),
             QStringLiteral("Each of the RTX 4090's 128 SMs holds up to 24 blocks of 12 threads at "
                            "once (the limit: the blocks an SM can hold), so 3,072 run together. "
                            "All 6 blocks fit: one wave, on SMs 0 to 5; 122 SMs stay idle. The "
                            "hardware may use any SM; the simulator deals blocks out in turn. "
                            "Colours: each block's SM."));
    QVERIFY(
        text(*widget, "code")
            .contains(QStringLiteral(
                "dim3 numBlocks((Nx + 4 - 1) / 4,\n               (Ny + 3 - 1) / 3);  // (3, 2)")));
}

void TestCudaLaunchWidget::clickingAThreadShowsItsFormula_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<qlonglong>("i");
    QTest::addColumn<qlonglong>("j");
    QTest::addColumn<QString>("formula");
    QTest::addColumn<QString>("details");
    QTest::newRow("the lecture's thread (6, 1)")
        << "" << 6LL << 1LL
        << "i = blockIdx.x * blockDim.x + threadIdx.x = 1 * 4 + 2 = 6\n"
           "j = blockIdx.y * blockDim.y + threadIdx.y = 0 * 3 + 1 = 1\n"
           "C[1][6] = A[1][6] + B[1][6]"
        << "blockIdx = (1, 0)   threadIdx = (2, 1)   blockDim = (4, 3)   gridDim = (3, 2)\n"
           "Linear id in its block: threadIdx.x + threadIdx.y * blockDim.x = 2 + 1 * 4 = 6, so "
           "warp 6 / 32 = 0, lane 6 % 32 = 6. Its block runs on SM 1.";
    QTest::newRow("the last thread")
        << "" << 11LL << 5LL
        << "i = blockIdx.x * blockDim.x + threadIdx.x = 2 * 4 + 3 = 11\n"
           "j = blockIdx.y * blockDim.y + threadIdx.y = 1 * 3 + 2 = 5\n"
           "C[5][11] = A[5][11] + B[5][11]"
        << "blockIdx = (2, 1)   threadIdx = (3, 2)   blockDim = (4, 3)   gridDim = (3, 2)\n"
           "Linear id in its block: threadIdx.x + threadIdx.y * blockDim.x = 3 + 2 * 4 = 11, so "
           "warp 11 / 32 = 0, lane 11 % 32 = 11. Its block runs on SM 5.";
    QTest::newRow("the second warp of an 8 x 8 block")
        << "nx: 16\nny: 16\nblock: [8, 8]" << 10LL << 12LL
        << "i = blockIdx.x * blockDim.x + threadIdx.x = 1 * 8 + 2 = 10\n"
           "j = blockIdx.y * blockDim.y + threadIdx.y = 1 * 8 + 4 = 12\n"
           "C[12][10] = A[12][10] + B[12][10]"
        << "blockIdx = (1, 1)   threadIdx = (2, 4)   blockDim = (8, 8)   gridDim = (2, 2)\n"
           "Linear id in its block: threadIdx.x + threadIdx.y * blockDim.x = 2 + 4 * 8 = 34, so "
           "warp 34 / 32 = 1, lane 34 % 32 = 2. Its block runs on SM 3.";
}

void TestCudaLaunchWidget::clickingAThreadShowsItsFormula() {
    QFETCH(QString, yaml);
    QFETCH(qlonglong, i);
    QFETCH(qlonglong, j);
    QFETCH(QString, formula);
    QFETCH(QString, details);
    auto widget = launchFrom(yaml.toUtf8().constData());
    clickThread(*widget, i, j);
    QCOMPARE(widget->selectedI(), i);
    QCOMPARE(widget->selectedJ(), j);
    QCOMPARE(view(*widget)->selectedI(), i);
    QCOMPARE(text(*widget, "formula"), formula);
    QCOMPARE(text(*widget, "details"), details);
    QCOMPARE(widget->focusWidget(), view(*widget));  // the arrows now move the selection
}

void TestCudaLaunchWidget::arrowKeysMoveTheSelection() {
    auto widget = launchFrom("");
    LaunchGridView* grid = view(*widget);
    clickThread(*widget, 0, 0);
    // Across the block boundary into block (1, 0): i = 4 is threadIdx.x 0 of the next block.
    for (int press = 0; press < 4; ++press) QTest::keyClick(grid, Qt::Key_Right);
    QCOMPARE(widget->selectedI(), 4LL);
    QVERIFY(text(*widget, "formula")
                .startsWith(
                    QStringLiteral("i = blockIdx.x * blockDim.x + threadIdx.x = 1 * 4 + 0 = 4\n")));
    QTest::keyClick(grid, Qt::Key_Down);
    QTest::keyClick(grid, Qt::Key_Down);
    QTest::keyClick(grid, Qt::Key_Down);
    QCOMPARE(widget->selectedJ(), 3LL);
    QVERIFY(text(*widget, "details")
                .startsWith(QStringLiteral("blockIdx = (1, 1)   threadIdx = (0, 0)")));
    QTest::keyClick(grid, Qt::Key_Up);
    QTest::keyClick(grid, Qt::Key_Left);
    QCOMPARE(widget->selectedI(), 3LL);
    QCOMPARE(widget->selectedJ(), 2LL);
    QTest::keyClick(grid, Qt::Key_End);
    QCOMPARE(widget->selectedI(), 11LL);
    QCOMPARE(widget->selectedJ(), 5LL);
    // At the edge the selection stays.
    QTest::keyClick(grid, Qt::Key_Right);
    QTest::keyClick(grid, Qt::Key_Down);
    QCOMPARE(widget->selectedI(), 11LL);
    QCOMPARE(widget->selectedJ(), 5LL);
    QTest::keyClick(grid, Qt::Key_Home);
    QCOMPARE(widget->selectedI(), 0LL);
    QCOMPARE(widget->selectedJ(), 0LL);
    QTest::keyClick(grid, Qt::Key_Left);
    QTest::keyClick(grid, Qt::Key_Up);
    QCOMPARE(widget->selectedI(), 0LL);
    QCOMPARE(widget->selectedJ(), 0LL);
}

void TestCudaLaunchWidget::controlsChangeTheLaunch() {
    auto widget = launchFrom("");
    clickThread(*widget, 6, 1);
    setSpin(*widget, "nx", 13);
    QCOMPARE(text(*widget, "summary"),
             QStringLiteral("96 threads in 8 blocks of 12 threads (1 warp each, 20 lanes idle)"));
    QCOMPARE(part<QSpinBox>(*widget, "gridX")->value(), 4);
    QVERIFY(!part<QSpinBox>(*widget, "gridX")->isEnabled());
    // The selected thread is still drawn, so it stays selected.
    QCOMPARE(widget->selectedI(), 6LL);
    setSpin(*widget, "blockX", 8);
    setSpin(*widget, "blockY", 4);
    QCOMPARE(text(*widget, "summary"),
             QStringLiteral("128 threads in 4 blocks of 32 threads (1 warp each, no lane idle)"));
    QCOMPARE(part<QSpinBox>(*widget, "gridX")->value(), 2);
    QCOMPARE(part<QSpinBox>(*widget, "gridY")->value(), 2);
    // The seed's own numBlocks, Nx / bx: by hand, too small a grid for 13 columns.
    part<QCheckBox>(*widget, "coverMatrix")->setChecked(false);
    QVERIFY(part<QSpinBox>(*widget, "gridX")->isEnabled());
    setSpin(*widget, "blockX", 4);
    setSpin(*widget, "blockY", 3);
    setSpin(*widget, "gridX", 3);
    setSpin(*widget, "gridY", 2);
    QCOMPARE(text(*widget, "guard"),
             QStringLiteral("The grid is too small: no thread computes 6 elements of C."));
    QVERIFY(text(*widget, "code").contains(QStringLiteral("dim3 numBlocks(3, 2);")));
    setSpin(*widget, "ny", 5);
    QCOMPARE(text(*widget, "guard"),
             QStringLiteral("12 threads fall outside the 13 × 5 matrix: for them the guard if (i < "
                            "Nx && j < Ny) is false, and they do nothing (hatched). The grid is "
                            "too small: no thread computes 5 elements of C."));
}

void TestCudaLaunchWidget::deviceSwitchChangesTheWaves() {
    // 65,536 blocks of 256 threads: 8 warps a block.
    auto widget = launchFrom("nx: 4096\nny: 4096\nblock: [16, 16]");
    QVERIFY(text(*widget, "mapping")
                .contains(QStringLiteral(
                    "Each of the RTX 4090's 128 SMs holds up to 6 blocks of 256 threads at once "
                    "(the limit: the warps an SM can hold), so 768 run together. 65,536 blocks "
                    "take 86 waves")));
    chooseDevice(*widget, "h100");
    QVERIFY(text(*widget, "mapping")
                .contains(QStringLiteral(
                    "Each of the H100 SXM5 80GB's 132 SMs holds up to 8 blocks of 256 threads "
                    "at once (the limit: the warps an SM can hold), so 1,056 run together. "
                    "65,536 blocks take 63 waves")));
    chooseDevice(*widget, "t4");
    QVERIFY(text(*widget, "mapping").contains(QStringLiteral("65,536 blocks take 410 waves")));
    QCOMPARE(view(*widget)->picture().device.id, std::string("t4"));
}

void TestCudaLaunchWidget::largeLaunchIsDrawnInPart() {
    auto widget = launchFrom("nx: 4096\nny: 4096\nblock: [16, 16]");
    QCOMPARE(text(*widget, "summary"),
             QStringLiteral("16,777,216 threads in 65,536 blocks of 256 threads (8 warps each, no "
                            "lane idle)"));
    QVERIFY(part<QLabel>(*widget, "shownPart")->isVisible());
    QCOMPARE(text(*widget, "shownPart"),
             QStringLiteral("Drawn: the top-left 4 × 2 of the grid's 256 × 256 blocks. The counts "
                            "above are for the whole launch."));
    QVERIFY(view(*widget)->height() < 1000);
    QTest::keyClick(view(*widget), Qt::Key_End);
    QCOMPARE(widget->selectedI(), 63LL);
    QCOMPARE(widget->selectedJ(), 31LL);
    // A block wider than what is drawn: its first 64 threads across.
    setSpin(*widget, "blockX", 1024);
    setSpin(*widget, "blockY", 1);
    QCOMPARE(text(*widget, "shownPart"),
             QStringLiteral("Drawn: the top-left 1 × 32 of the grid's 4 × 4,096 blocks, and of "
                            "each block the first 64 × 1 of its 1,024 × 1 threads. The counts "
                            "above are for the whole launch."));
    QVERIFY(view(*widget)->cellRect(64, 0).isEmpty());
    QVERIFY(!view(*widget)->cellRect(63, 31).isEmpty());
}

void TestCudaLaunchWidget::impossibleBlockIsExplained() {
    auto widget = launchFrom("block: [64, 32]");
    QVERIFY(part<QLabel>(*widget, "failure")->isVisible());
    QCOMPARE(text(*widget, "failure"),
             QStringLiteral("This launch cannot run: block (64, 32) has 2048 threads; the NVIDIA "
                            "GeForce RTX 4090 runs at most 1024 in a block, so CUDA refuses the "
                            "launch (invalid configuration)."));
    QVERIFY(!view(*widget)->isVisible());
    QVERIFY(!part<QLabel>(*widget, "formula")->isVisible());
    QTest::keyClick(view(*widget), Qt::Key_Right);  // nothing to move through, nothing breaks
    setSpin(*widget, "blockY", 16);
    QVERIFY(!part<QLabel>(*widget, "failure")->isVisible());
    QVERIFY(view(*widget)->isVisible());
    QCOMPARE(text(*widget, "summary"),
             QStringLiteral("1,024 threads in 1 block of 1,024 threads (32 warps, no lane idle)"));
}

void TestCudaLaunchWidget::arrowsAreClaimedFromTheLessonPlayer() {
    auto widget = launchFrom("");
    for (const int key :
         {int(Qt::Key_Left), int(Qt::Key_Right), int(Qt::Key_Up), int(Qt::Key_Down)}) {
        QKeyEvent override(QEvent::ShortcutOverride, key, Qt::NoModifier);
        override.ignore();
        QApplication::sendEvent(view(*widget), &override);
        QVERIFY(override.isAccepted());
    }
    QKeyEvent other(QEvent::ShortcutOverride, Qt::Key_PageDown, Qt::NoModifier);
    other.ignore();
    QApplication::sendEvent(view(*widget), &other);
    QVERIFY(!other.isAccepted());
}

void TestCudaLaunchWidget::factoryIsRegistered() {
    mlsyslab::lesson::SimBlock block = mlsyslab::testing::simBlock("cuda-launch", "device: h100\nselect: [6, 1]");
    std::unique_ptr<QWidget> created(mlsyslab::widgets::builtinSimWidgets().create(block, nullptr));
    auto* widget = qobject_cast<CudaLaunchWidget*>(created.get());
    QVERIFY(widget != nullptr);
    QCOMPARE(widget->selectedI(), 6LL);
    QCOMPARE(widget->selectedJ(), 1LL);
    QCOMPARE(widget->picture().device.id, std::string("h100"));
    // A state the validator would refuse still opens, with defaults.
    block = mlsyslab::testing::simBlock("cuda-launch", "nx: [1]\nblock: 0");
    std::unique_ptr<QWidget> fallback(
        mlsyslab::widgets::builtinSimWidgets().create(block, nullptr));
    QCOMPARE(qobject_cast<CudaLaunchWidget*>(fallback.get())->picture().launch.threadCount(), 72);
}

QTEST_MAIN(TestCudaLaunchWidget)
#include "tst_cuda_launch_widget.moc"
