#include <QtTest>

#include "CudaLaunchTestSupport.h"
#include "common/ColorMix.h"
#include "gpu/GpuColors.h"
#include "gpu/LaunchGeometry.h"
#include "gpu/LaunchPicture.h"

using namespace mlsyslab::testing;

namespace {

// Whether a pixel of the area has exactly this colour.
bool somePixelIs(const QImage& image, const QRect& area, const QColor& colour) {
    for (int y = area.top(); y <= area.bottom(); ++y) {
        for (int x = area.left(); x <= area.right(); ++x) {
            if (image.pixelColor(x, y).rgb() == colour.rgb()) return true;
        }
    }
    return false;
}

}  // namespace

// What the launch grid draws: idle threads, each block in its SM's colour, headings, warps.
class TestCudaLaunchDrawing : public QObject {
    Q_OBJECT

private slots:
    void threadsOutsideTheMatrixAreIdle();
    void blocksTakeTheColourOfTheirSm();
    void blockHeadingsNameTheirSmAndWave();
    void warpsAreOutlined();
    void everyThreadIsLabelledAlikeAtEveryWidth();
};

void TestCudaLaunchDrawing::threadsOutsideTheMatrixAreIdle() {
    // 13 x 7 needs a 4 x 3 grid: 144 threads for 91 elements.
    auto widget = launchFrom("nx: 13\nny: 7");
    QCOMPARE(text(*widget, "summary"),
             QStringLiteral("144 threads in 12 blocks of 12 threads (1 warp each, 20 lanes idle)"));
    QCOMPARE(text(*widget, "guard"),
             QStringLiteral("53 threads fall outside the 13 × 7 matrix: for them the guard if (i "
                            "< Nx && j < Ny) is false, and they do nothing (hatched)."));
    clickThread(*widget, 14, 2);
    QCOMPARE(text(*widget, "formula"),
             QStringLiteral("i = blockIdx.x * blockDim.x + threadIdx.x = 3 * 4 + 2 = 14\n"
                            "j = blockIdx.y * blockDim.y + threadIdx.y = 0 * 3 + 2 = 2\n"
                            "i = 14 ≥ Nx = 13: the guard is false, this thread does nothing"));
    clickThread(*widget, 15, 8);
    QVERIFY(text(*widget, "formula")
                .endsWith(QStringLiteral(
                    "i = 15 ≥ Nx = 13 and j = 8 ≥ Ny = 7: the guard is false, this thread "
                    "does nothing")));
    // An idle cell is not filled like a working one of the same block.
    clickThread(*widget, 0, 0);
    const QPalette& colors = view(*widget)->palette();
    const QColor working = mlsyslab::widgets::mixedColor(
        colors.color(QPalette::Base), mlsyslab::widgets::smColor(3, colors), 0.3);
    QCOMPARE(pixel(view(*widget), view(*widget)->cellRect(12, 0).topLeft() + QPoint(3, 3)).rgb(),
             working.rgb());
    QVERIFY(pixel(view(*widget), view(*widget)->cellRect(13, 0).topLeft() + QPoint(3, 3)).rgb() !=
            working.rgb());
}

void TestCudaLaunchDrawing::blocksTakeTheColourOfTheirSm() {
    // A T4 has 40 SMs: 128 blocks of 16 threads land on SM b mod 40, all in one wave.
    auto widget = launchFrom("device: t4\nnx: 64\nny: 32\nblock: [4, 4]");
    LaunchGridView* grid = view(*widget);
    const auto& picture = grid->picture();
    QCOMPARE(picture.shownBlocksAcross, 16);
    QCOMPARE(picture.shownBlocksDown, 8);
    const auto expected = mlsyslab::gpu::assignBlocksInWaves(128, 40, 16);
    const QImage image = grid->grab().toImage();
    for (int blockY = 0; blockY < 8; ++blockY) {
        for (int blockX = 0; blockX < 16; ++blockX) {
            const auto& assignment = expected[std::size_t(blockY * 16 + blockX)];
            QCOMPARE(picture.assignmentOf(blockY * 16 + blockX).sm, assignment.sm);
            // The frame's left padding, halfway down, clear of its rounded corners: a few
            // pixels between the frame's edge and the warp outline along the threads.
            const QRect frame = grid->blockRect(blockX, blockY);
            const QRect padding(frame.left(), frame.center().y(),
                                grid->cellRect(blockX * 4, blockY * 4).left() - frame.left(), 1);
            QVERIFY2(somePixelIs(image, padding,
                                 mlsyslab::widgets::smColor(assignment.sm, grid->palette())),
                     qPrintable(QStringLiteral("block (%1, %2)").arg(blockX).arg(blockY)));
        }
    }
    QCOMPARE(picture.assignmentOf(40).sm, 0);
    QCOMPARE(picture.assignmentOf(127).sm, 7);
}

void TestCudaLaunchDrawing::blockHeadingsNameTheirSmAndWave() {
    auto widget = launchFrom("");
    QCOMPARE(view(*widget)->blockHeading(1, 1), QStringLiteral("block (1, 1) · SM 4"));
    // 16 x 16 blocks of a 4096 x 4096 matrix on an RTX 4090: 6 an SM, 768 a wave; the shown
    // corner is blocks 0 to 3 of rows 0 and 1 (block 256 starts row 1).
    setSpin(*widget, "nx", 4096);
    setSpin(*widget, "ny", 4096);
    setSpin(*widget, "blockX", 16);
    setSpin(*widget, "blockY", 16);
    widget->resize(1600, 1000);
    QCOMPARE(view(*widget)->blockHeading(0, 1), QStringLiteral("block (0, 1) · SM 0 · wave 1"));
    QCOMPARE(view(*widget)->picture().assignmentOf(768).wave, 1);
    QCOMPARE(view(*widget)->picture().assignmentOf(768).sm, 0);
}

void TestCudaLaunchDrawing::warpsAreOutlined() {
    // An 8 x 8 block holds two warps: rows 0 to 3, and rows 4 to 7.
    auto widget = launchFrom("nx: 8\nny: 8\nblock: [8, 8]");
    LaunchGridView* grid = view(*widget);
    clickThread(*widget, 7, 3);
    QVERIFY(
        text(*widget, "details").contains(QStringLiteral("warp 31 / 32 = 0, lane 31 % 32 = 31")));
    clickThread(*widget, 0, 4);
    QVERIFY(
        text(*widget, "details").contains(QStringLiteral("warp 32 / 32 = 1, lane 32 % 32 = 0")));
    clickThread(*widget, 7, 7);  // keep the selection away from the lines looked at
    const QImage image = grid->grab().toImage();
    const int x = grid->cellRect(3, 0).center().x();
    const int betweenWarps = grid->cellRect(3, 4).top();
    const int withinWarp = grid->cellRect(3, 2).top();
    QVERIFY2(darkestAround(image, QPoint(x, betweenWarps)) < 80, "no outline between the warps");
    QVERIFY2(darkestAround(image, QPoint(x, withinWarp)) > 100, "an outline inside a warp");
}

void TestCudaLaunchDrawing::everyThreadIsLabelledAlikeAtEveryWidth() {
    // The warps lesson's launch: 16 x 4 blocks. Where "9,3" fits a cell and "10,3" does not,
    // labelling only the cells that fit left threadIdx.x 10 to 15 blank, as if those threads
    // were missing from their warps. Every drawn cell is labelled the same way, or none is.
    auto widget = launchFrom("device: rtx4090\nnx: 32\nny: 8\nblock: [16, 4]");
    LaunchGridView* grid = view(*widget);
    QSet<QString> stylesSeen;
    for (int width = 240; width <= 1200; width += 10) {
        grid->resize(width, grid->heightForWidth(width));
        int labelled = 0;
        int blank = 0;
        QString style = QStringLiteral("none");
        for (qint64 j = 0; j < 8; ++j) {
            for (qint64 i = 0; i < 32; ++i) {
                const QString label = grid->cellLabel(i, j);
                if (label.isEmpty()) {
                    ++blank;
                    continue;
                }
                ++labelled;
                const QString x = QString::number(i % 16);
                const QString y = QString::number(j % 4);
                if (label == x + "," + y) {
                    style = QStringLiteral("one line");
                } else {
                    QCOMPARE(label, x + "\n" + y);
                    style = QStringLiteral("two lines");
                }
            }
        }
        QVERIFY2(labelled == 0 || blank == 0,
                 qPrintable(QStringLiteral("at %1 px: %2 cells labelled, %3 blank")
                                .arg(width)
                                .arg(labelled)
                                .arg(blank)));
        stylesSeen << style;
    }
    // Wide enough, "15,3" on one line; narrower, x above y before giving labels up.
    QVERIFY(stylesSeen.contains(QStringLiteral("one line")));
    QVERIFY(stylesSeen.contains(QStringLiteral("two lines")));
}

QTEST_MAIN(TestCudaLaunchDrawing)
#include "tst_cuda_launch_drawing.moc"
