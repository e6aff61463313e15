#include <yaml-cpp/yaml.h>

#include <QtTest>

#include "LessonTestSupport.h"
#include "gpu/DeviceYaml.h"
#include "lesson/LessonParser.h"
#include "lesson/KindSpec.h"
#include "gpu/lesson/CudaLaunchKind.h"

using mlsyslab::gpu::Dim3;
using mlsyslab::lesson::formatDiagnostic;
using mlsyslab::lesson::parseLesson;
using mlsyslab::lesson::builtinSimKinds;
using mlsyslab::lesson::kinds::coveringGrid;
using mlsyslab::lesson::kinds::cudaLaunchKind;
using mlsyslab::lesson::kinds::CudaLaunchState;
using mlsyslab::lesson::kinds::launchFailure;
using mlsyslab::lesson::kinds::launchGrid;
using mlsyslab::lesson::kinds::matrixAddOccupancy;
using mlsyslab::lesson::kinds::cudaLaunchKind;

namespace {

using mlsyslab::testing::describe;

// "rtx4090 12x6 block 4,3 grid 3,2 select 0,0": the whole state in one comparable line; an
// explicit grid is written "grid=3,2".
QString describe(const CudaLaunchState& state) {
    const Dim3 grid = launchGrid(state);
    return QStringLiteral("%1 %2x%3 block %4,%5 grid%6%7,%8 select %9,%10")
        .arg(QString::fromStdString(state.device))
        .arg(state.matrixColumns)
        .arg(state.matrixRows)
        .arg(state.block.x)
        .arg(state.block.y)
        .arg(state.grid ? "=" : " ")
        .arg(grid.x)
        .arg(grid.y)
        .arg(state.selectedX)
        .arg(state.selectedY);
}

const QString kDefaults = QStringLiteral("rtx4090 12x6 block 4,3 grid 3,2 select 0,0");

}  // namespace

class TestCudaLaunchKind : public QObject {
    Q_OBJECT

private slots:
    void emptyStateIsTheSeedsLaunch();
    void validStates_data();
    void validStates();
    void problems_data();
    void problems();
    void coveringGridRoundsUp();
    void launchFailures();
    void registersNeverLimitMatrixAdd();
    void lessonReportsRealLinesAndColumns();
};

void TestCudaLaunchKind::emptyStateIsTheSeedsLaunch() {
    for (const char* yaml : {"", "# nothing\n", "~"}) {
        const auto reading = cudaLaunchKind().read(YAML::Load(yaml));
        QCOMPARE(describe(reading.problems), QStringList());
        QCOMPARE(describe(reading.state), kDefaults);
    }
}

void TestCudaLaunchKind::validStates_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QString>("state");
    QTest::newRow("the seed's launch, written out")
        << "device: rtx4090\nnx: 12\nny: 6\nblock: [4, 3]" << kDefaults;
    QTest::newRow("an H100 and a 13 x 7 matrix: the grid rounds up")
        << "device: h100\nnx: 13\nny: 7"
        << "h100 13x7 block 4,3 grid 4,3 select 0,0";
    QTest::newRow("16 x 16 blocks of a 4096 matrix")
        << "nx: 4096\nny: 4096\nblock: [16, 16]"
        << "rtx4090 4096x4096 block 16,16 grid 256,256 select 0,0";
    QTest::newRow("a 1-D block") << "block: [256]"
                                 << "rtx4090 12x6 block 256,1 grid 1,6 select 0,0";
    QTest::newRow("the seed's floor grid, given") << "nx: 13\ngrid: [3, 2]"
                                                  << "rtx4090 13x6 block 4,3 grid=3,2 select 0,0";
    QTest::newRow("a block too big for the device is the simulator's to show")
        << "block: [64, 32]"
        << "rtx4090 12x6 block 64,32 grid 1,1 select 0,0";
    QTest::newRow("select") << "select: [6, 1]"
                            << "rtx4090 12x6 block 4,3 grid 3,2 select 6,1";
    QTest::newRow("select a thread outside the matrix")
        << "nx: 10\nselect: [11, 5]"
        << "rtx4090 10x6 block 4,3 grid 3,2 select 11,5";
    QTest::newRow("every device") << "device: t4"
                                  << "t4 12x6 block 4,3 grid 3,2 select 0,0";
    QTest::newRow("largest matrix and grid")
        << "nx: 16384\nny: 16384\ngrid: [2147483647, 65535]"
        << "rtx4090 16384x16384 block 4,3 grid=2147483647,65535 select 0,0";
}

void TestCudaLaunchKind::validStates() {
    QFETCH(QString, yaml);
    QFETCH(QString, state);
    const auto reading = cudaLaunchKind().read(YAML::Load(yaml.toStdString()));
    QCOMPARE(describe(reading.problems), QStringList());
    QCOMPARE(describe(reading.state), state);
}

void TestCudaLaunchKind::problems_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QStringList>("expected");
    QTest::addColumn<QString>("state");
    QTest::newRow("device misspelt")
        << "device: h10"
        << QStringList{"error 0:8 device must be v100, t4, a100, rtx4090, h100 or h200; did you "
                       "mean 'h100'?"}
        << kDefaults;
    QTest::newRow("nx zero") << "nx: 0"
                             << QStringList{"error 0:4 nx must be a whole number from 1 to 16384"}
                             << kDefaults;
    QTest::newRow("ny a word") << "ny: six"
                               << QStringList{"error 0:4 ny must be a whole number from 1 to 16384"}
                               << kDefaults;
    const QString blockForm =
        QStringLiteral("block must be [x, y], like [4, 3]: x from 1 to 1024, y from 1 to 1024");
    QTest::newRow("block a scalar")
        << "block: 4" << QStringList{"error 0:7 " + blockForm} << kDefaults;
    QTest::newRow("block 3-D") << "block: [4, 3, 2]"
                               << QStringList{"error 0:7 " + blockForm +
                                              " (the matrix has two dimensions)"}
                               << kDefaults;
    QTest::newRow("block x too wide")
        << "block: [2048, 1]" << QStringList{"error 0:8 block x must be from 1 to 1024, not 2048"}
        << kDefaults;
    QTest::newRow("block y zero") << "block: [4, 0]"
                                  << QStringList{"error 0:11 block y must be from 1 to 1024, not 0"}
                                  << kDefaults;
    QTest::newRow("grid y beyond CUDA's")
        << "grid: [1, 65536]" << QStringList{"error 0:10 grid y must be from 1 to 65535, not 65536"}
        << kDefaults;
    QTest::newRow("grid with a fraction")
        << "grid: [1.5, 2]"
        << QStringList{"error 0:7 grid must be [x, y], like [4, 3]: x from 1 to 2147483647, y "
                       "from 1 to 65535; '1.5' is not a whole number"}
        << kDefaults;
    QTest::newRow("select beyond the grid")
        << "select: [12, 0]"
        << QStringList{"error 0:9 select i must be from 0 to 11: the grid has 12 threads "
                       "across, not 12"}
        << kDefaults;
    QTest::newRow("select j beyond the grid")
        << "select: [0, 6]"
        << QStringList{"error 0:12 select j must be from 0 to 5: the grid has 6 rows of "
                       "threads, not 6"}
        << kDefaults;
    QTest::newRow("select with one number")
        << "select: [3]"
        << QStringList{"error 0:8 select must be a thread's global [i, j], like [6, 1]: i from 0 "
                       "to 11, j from 0 to 5"}
        << kDefaults;
    QTest::newRow("problems in file order, good fields kept")
        << "select: [1, 1]\nnx: 0\ndevice: a100"
        << QStringList{"error 1:4 nx must be a whole number from 1 to 16384"}
        << "a100 12x6 block 4,3 grid 3,2 select 1,1";
}

void TestCudaLaunchKind::problems() {
    QFETCH(QString, yaml);
    QFETCH(QStringList, expected);
    QFETCH(QString, state);
    const auto reading = cudaLaunchKind().read(YAML::Load(yaml.toStdString()));
    QCOMPARE(describe(reading.problems), expected);
    QCOMPARE(describe(reading.state), state);
    QCOMPARE(describe(cudaLaunchKind().read(YAML::Load(yaml.toStdString())).problems), expected);
}

void TestCudaLaunchKind::coveringGridRoundsUp() {
    // ((Nx + bx - 1) / bx, (Ny + by - 1) / by): exact for the seed, one more block at a remainder.
    QCOMPARE(mlsyslab::gpu::toString(coveringGrid(12, 6, Dim3{4, 3, 1})), std::string("(3, 2, 1)"));
    QCOMPARE(mlsyslab::gpu::toString(coveringGrid(13, 6, Dim3{4, 3, 1})), std::string("(4, 2, 1)"));
    QCOMPARE(mlsyslab::gpu::toString(coveringGrid(12, 7, Dim3{4, 3, 1})), std::string("(3, 3, 1)"));
    QCOMPARE(mlsyslab::gpu::toString(coveringGrid(1, 1, Dim3{32, 32, 1})),
             std::string("(1, 1, 1)"));
    QCOMPARE(mlsyslab::gpu::toString(coveringGrid(3620, 3620, Dim3{16, 16, 1})),
             std::string("(227, 227, 1)"));  // seed 004
}

void TestCudaLaunchKind::launchFailures() {
    const auto device = mlsyslab::gpu::findBuiltinDevice("rtx4090");
    QVERIFY(device.ok());
    QVERIFY(!launchFailure(*device, Dim3{32, 32, 1}, Dim3{1, 1, 1}));
    QCOMPARE(QString::fromStdString(*launchFailure(*device, Dim3{64, 32, 1}, Dim3{1, 1, 1})),
             QStringLiteral("block (64, 32) has 2048 threads; the NVIDIA GeForce RTX 4090 "
                            "runs at most 1024 in a block, so CUDA refuses the launch (invalid "
                            "configuration)"));
    QCOMPARE(QString::fromStdString(*launchFailure(*device, Dim3{4, 3, 1}, Dim3{1, 70000, 1})),
             QStringLiteral("the grid has 70000 rows of blocks; CUDA allows at most 65535 "
                            "(invalid configuration)"));
}

void TestCudaLaunchKind::registersNeverLimitMatrixAdd() {
    // At 16 registers a thread, warps or blocks per SM limit every block shape on every device.
    for (const auto& device : mlsyslab::gpu::builtinDevices()) {
        for (const Dim3 block : {Dim3{4, 3, 1}, Dim3{16, 16, 1}, Dim3{32, 32, 1}, Dim3{1, 1, 1}}) {
            const auto occupancy = matrixAddOccupancy(device, block);
            QVERIFY(occupancy.possible());
            QVERIFY(occupancy.activeBlocksPerSm >= 1);
            QVERIFY(occupancy.blocksLimitedByRegisters > occupancy.activeBlocksPerSm ||
                    occupancy.blocksLimitedByRegisters >= occupancy.blocksLimitedByBlocks);
        }
    }
    // The seed's 12-thread blocks on an RTX 4090: 24 a SM, the most blocks an SM holds.
    const auto seed =
        matrixAddOccupancy(*mlsyslab::gpu::findBuiltinDevice("rtx4090"), Dim3{4, 3, 1});
    QCOMPARE(seed.activeBlocksPerSm, 24);
}

void TestCudaLaunchKind::lessonReportsRealLinesAndColumns() {
    const std::string text =
        "---\nformat: mlsyslab-lesson/1\ntitle: Launch\nid: launch\n---\n\n"
        "# matrixAdd\n\n"
        "```sim cuda-launch\n"
        "device: rtx4080\n"
        "block: [4, 3000]\n"
        "```\n";
    const auto result = parseLesson(text, builtinSimKinds());
    QStringList lines;
    for (const auto& diagnostic : result.diagnostics) {
        lines << QString::fromStdString(formatDiagnostic("x.lesson.md", diagnostic));
    }
    QCOMPARE(lines, (QStringList{
                        "x.lesson.md:10:9: error: device must be v100, t4, a100, rtx4090, h100 or "
                        "h200; did you mean 'rtx4090'?",
                        "x.lesson.md:11:12: error: block y must be from 1 to 1024, not 3000",
                    }));
    QVERIFY(!result.lesson.has_value());
}

QTEST_APPLESS_MAIN(TestCudaLaunchKind)
#include "tst_cuda_launch_kind.moc"
