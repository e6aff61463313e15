#include <yaml-cpp/yaml.h>

#include <QtTest>

#include "LessonTestSupport.h"
#include "lesson/KindSpec.h"
#include "gpu/lesson/DivergenceKind.h"
#include "gpu/lesson/WarpTimelineKind.h"

// The state readers of ```sim warp-timeline and ```sim divergence: every field, the defaults,
// and each problem at its line:column in the fence body (0-based, as yaml-cpp marks).
using mlsyslab::gpu::Dim3;
using mlsyslab::lesson::kinds::DivergenceState;
using mlsyslab::lesson::kinds::divergenceKind;
using mlsyslab::lesson::kinds::warpTimelineKind;
using mlsyslab::lesson::kinds::WarpTimelineState;
using mlsyslab::testing::describe;

class TestWarpRunKinds : public QObject {
    Q_OBJECT

private slots:
    void timelineReadsEveryField() {
        const auto reading = warpTimelineKind().read(
            YAML::Load("device: h100\nkernel: matrixAdd\ngrid: [3, 2]\nblock: [4, 3]\n"
                       "schedulers: [gto]\nsm: 5\ncycles: 500\n"));
        QCOMPARE(describe(reading.problems), QStringList());
        const WarpTimelineState& state = reading.state;
        QCOMPARE(state.device, std::string("h100"));
        QCOMPARE(state.kernel, std::string("matrixAdd"));
        QVERIFY(state.grid == (Dim3{3, 2, 1}));
        QVERIFY(state.block == (Dim3{4, 3, 1}));
        QCOMPARE(state.schedulers, std::vector<std::string>{"gto"});
        QCOMPARE(state.sm, 5);
        QCOMPARE(state.cycles, std::int64_t(500));
    }

    void timelineDefaults() {
        const auto reading = warpTimelineKind().read(YAML::Load(""));
        QCOMPARE(describe(reading.problems), QStringList());
        const WarpTimelineState& state = reading.state;
        QCOMPARE(state.device, std::string("rtx4090"));
        QCOMPARE(state.kernel, std::string("reduction"));
        QVERIFY(state.grid == (Dim3{1, 1, 1}));
        QVERIFY(state.block == (Dim3{512, 1, 1}));
        QCOMPARE(state.schedulers, (std::vector<std::string>{"lrr", "gto"}));
        QCOMPARE(state.sm, 0);
        QCOMPARE(state.cycles, std::int64_t(3000));
    }

    void extentSpellings_data() {
        QTest::addColumn<QString>("yaml");
        QTest::addColumn<int>("x");
        QTest::addColumn<int>("y");
        QTest::addColumn<int>("z");
        QTest::newRow("one number") << "block: 128" << 128 << 1 << 1;
        QTest::newRow("list of one") << "block: [64]" << 64 << 1 << 1;
        QTest::newRow("list of two") << "block: [16, 16]" << 16 << 16 << 1;
        QTest::newRow("list of three") << "block: [8, 8, 4]" << 8 << 8 << 4;
        QTest::newRow("dim3 text") << "block: 4,3" << 4 << 3 << 1;
    }
    void extentSpellings() {
        QFETCH(QString, yaml);
        QFETCH(int, x);
        QFETCH(int, y);
        QFETCH(int, z);
        // matrixAdd takes blocks of any shape (the reduction, the default, only 1D ones).
        const auto reading =
            warpTimelineKind().read(YAML::Load("kernel: matrixAdd\n" + yaml.toStdString()));
        QCOMPARE(describe(reading.problems), QStringList());
        QVERIFY(reading.state.block == (Dim3{x, y, z}));
    }

    void schedulerSpellings() {
        QCOMPARE(warpTimelineKind().read(YAML::Load("schedulers: gto")).state.schedulers,
                 std::vector<std::string>{"gto"});
        QCOMPARE(warpTimelineKind().read(YAML::Load("schedulers: [gto, lrr]")).state.schedulers,
                 (std::vector<std::string>{"gto", "lrr"}));
    }

    void timelineProblems_data() {
        QTest::addColumn<QString>("yaml");
        QTest::addColumn<QStringList>("problems");
        QTest::newRow("unknown kernel")
            << "kernel: matmulTile\n"
            << QStringList{
                   "error 0:8 kernel must be matrixAdd, vectorAdd, matmulNaive, "
                   "matmulTiled, divergent or reduction; did you mean 'matmulTiled'?"};
        QTest::newRow("unknown device")
            << "device: h10\n"
            << QStringList{
                   "error 0:8 device must be v100, t4, a100, rtx4090, h100 or h200; did "
                   "you mean 'h100'?"};
        QTest::newRow("block past an int")
            << "block: [2147483648]\n"
            << QStringList{"error 0:8 block x must be from 1 to 2147483647, not 2147483648"};
        QTest::newRow("block of four sizes")
            << "block: [1, 2, 3, 4]\n"
            << QStringList{
                   "error 0:7 block must be 1 to 3 sizes like 256 or [4, 3], each from 1 to "
                   "2147483647 (block is a dim3)"};
        QTest::newRow("block of words")
            << "block: [a, b]\n"
            << QStringList{
                   "error 0:8 block must be 1 to 3 sizes like 256 or [4, 3], each from 1 to "
                   "2147483647 (block is a dim3); 'a' is not a whole number"};
        QTest::newRow("block as a map")
            << "block: {x: 4}\n"
            << QStringList{
                   "error 0:7 block must be 1 to 3 sizes like 256 or [4, 3], each from 1 to "
                   "2147483647 (block is a dim3)"};
        QTest::newRow("block zero")
            << "block: 0\n"
            << QStringList{"error 0:7 block x must be from 1 to 2147483647, not 0"};
        QTest::newRow("block text with a zero")
            << "block: 4, 0\n"
            << QStringList{"error 0:7 block y must be from 1 to 2147483647, not 0"};
        QTest::newRow("schedulers as a map")
            << "schedulers: {lrr: 1}\n"
            << QStringList{
                   "error 0:12 schedulers must be one or two of lrr and gto, like "
                   "[lrr, gto]"};
        QTest::newRow("negative sm")
            << "sm: -1\n"
            << QStringList{"error 0:4 sm must be a whole number from 0 to 127"};
        QTest::newRow("cycles in floating point")
            << "cycles: 1e3\n"
            << QStringList{"error 0:8 cycles must be a whole number from 10 to 20000"};
        QTest::newRow("grid larger than a lesson simulates")
            << "grid: [1, 70000]\n"
            << QStringList{"error 0:6 the launch has 70000 blocks of 512 threads; a lesson "
                           "simulates at most 16777216 threads (4096 x 4096), so that a step "
                           "opens in a second or two"};
        QTest::newRow("grid not numbers")
            << "grid: many\n"
            << QStringList{
                   "error 0:6 grid must be 1 to 3 sizes like 12 or [3, 2], each from 1 to "
                   "2147483647 (grid is a dim3)"};
        QTest::newRow("tiled matmul needs a square block")
            << "kernel: matmulTiled\nblock: [16, 8]\n"
            << QStringList{
                   "error 1:7 matmulTiled needs square tiles: a square grid of square 2D "
                   "blocks, such as --grid 4,4 --block 16,16 (got grid (1, 1, 1), "
                   "block (16, 8, 1))"};
        QTest::newRow("launch too large")
            << "grid: [65536, 2]\nblock: 1024\n"
            << QStringList{
                   "error 1:7 the launch has 131072 blocks of 1024 threads; a lesson "
                   "simulates at most 16777216 threads (4096 x 4096), so that a step "
                   "opens in a second or two"};
        QTest::newRow("scheduler unknown")
            << "schedulers: [lrr, rr]\n"
            << QStringList{"error 0:18 schedulers must be lrr or gto; did you mean 'lrr'?"};
        QTest::newRow("scheduler twice")
            << "schedulers: [gto, gto]\n"
            << QStringList{
                   "error 0:18 schedulers lists 'gto' twice; give one or two of lrr "
                   "and gto, like [lrr, gto]"};
        QTest::newRow("three schedulers")
            << "schedulers: [lrr, gto, lrr]\n"
            << QStringList{
                   "error 0:12 schedulers must be one or two of lrr and gto, like "
                   "[lrr, gto]"};
        QTest::newRow("sm beyond the device")
            << "device: h100\nsm: 132\n"
            << QStringList{"error 1:4 sm must be a whole number from 0 to 131"};
        QTest::newRow("sm without a block")
            << "grid: 2\nsm: 3\n"
            << QStringList{
                   "warning 1:4 SM 3 gets no block: the launch's 2 blocks run on SMs 0 "
                   "to 1, so its timeline is empty"};
        QTest::newRow("sm without the one block")
            << "sm: 1\n"
            << QStringList{
                   "warning 0:4 SM 1 gets no block: the launch's one block runs on SM "
                   "0, so its timeline is empty"};
        QTest::newRow("cycles too few")
            << "cycles: 5\n"
            << QStringList{"error 0:8 cycles must be a whole number from 10 to 20000"};
    }
    void timelineProblems() {
        QFETCH(QString, yaml);
        QFETCH(QStringList, problems);
        QCOMPARE(describe(warpTimelineKind().read(YAML::Load(yaml.toStdString())).problems),
                 problems);
    }

    void divergenceReadsEveryField() {
        const auto reading = divergenceKind().read(
            YAML::Load("kernel: reduction\nblock: 128\nwarp: 3\ndevice: a100\n"));
        QCOMPARE(describe(reading.problems), QStringList());
        const DivergenceState& state = reading.state;
        QCOMPARE(state.kernel, std::string("reduction"));
        QVERIFY(state.block == (Dim3{128, 1, 1}));
        QCOMPARE(state.warp, 3);
        QCOMPARE(state.device, std::string("a100"));
    }

    void divergenceDefaults() {
        const auto reading = divergenceKind().read(YAML::Load(""));
        QCOMPARE(describe(reading.problems), QStringList());
        const DivergenceState& state = reading.state;
        QCOMPARE(state.kernel, std::string("divergent"));
        QVERIFY(state.block == (Dim3{32, 1, 1}));
        QCOMPARE(state.warp, 0);
        QCOMPARE(state.device, std::string("rtx4090"));
    }

    void divergenceProblems_data() {
        QTest::addColumn<QString>("yaml");
        QTest::addColumn<QStringList>("problems");
        QTest::newRow("warp beyond the block")
            << "block: 64\nwarp: 2\n"
            << QStringList{"error 1:6 warp must be a whole number from 0 to 1"};
        QTest::newRow("partial warp counts") << "block: 40\nwarp: 1\n" << QStringList{};
        QTest::newRow("unknown kernel")
            << "kernel: divergant\n"
            << QStringList{
                   "error 0:8 kernel must be matrixAdd, vectorAdd, matmulNaive, "
                   "matmulTiled, divergent or reduction; did you mean 'divergent'?"};
        QTest::newRow("tiled matmul needs a square block")
            << "kernel: matmulTiled\n"
            << QStringList{
                   "error 0:8 matmulTiled needs square tiles: a square grid of square 2D "
                   "blocks, such as --grid 4,4 --block 16,16 (got grid (1, 1, 1), "
                   "block (32, 1, 1))"};
    }
    void divergenceProblems() {
        QFETCH(QString, yaml);
        QFETCH(QStringList, problems);
        QCOMPARE(describe(divergenceKind().read(YAML::Load(yaml.toStdString())).problems), problems);
    }
};

QTEST_GUILESS_MAIN(TestWarpRunKinds)
#include "tst_warp_run_kinds.moc"
