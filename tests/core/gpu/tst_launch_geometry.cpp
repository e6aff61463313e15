#include <QtTest>

#include <set>

#include "gpu/Dim3.h"
#include "gpu/LaunchGeometry.h"

using namespace mlsyslab::gpu;

// The launch mapping: CUDA's built-ins for every thread, warps cut from linear ids, and blocks
// handed to SMs in waves.
class TestLaunchGeometry : public QObject {
    Q_OBJECT

private slots:
    // Seed 002's matrixAdd: Nx = 12, Ny = 6, 4 x 3 threads per block -> a 3 x 2 grid, 72
    // threads in 6 blocks. Every thread's indices, checked one by one against the formula.
    void matrixAddMapsEveryThread() {
        const LaunchGeometry launch(Dim3{3, 2, 1}, Dim3{4, 3, 1});
        QCOMPARE(launch.blockCount(), 6);
        QCOMPARE(launch.threadsPerBlock(), 12);
        QCOMPARE(launch.threadCount(), 72);
        QCOMPARE(launch.warpsPerBlock(), 1);
        std::set<std::pair<std::int64_t, std::int64_t>> elements;
        for (std::int64_t block = 0; block < launch.blockCount(); ++block) {
            for (int thread = 0; thread < launch.threadsPerBlock(); ++thread) {
                const ThreadPlace place = launch.place(block, thread);
                QCOMPARE(place.blockIdx.x, static_cast<int>(block % 3));
                QCOMPARE(place.blockIdx.y, static_cast<int>(block / 3));
                QCOMPARE(place.threadIdx.x, thread % 4);
                QCOMPARE(place.threadIdx.y, thread / 4);
                QCOMPARE(place.globalX, place.blockIdx.x * 4 + place.threadIdx.x);
                QCOMPARE(place.globalY, place.blockIdx.y * 3 + place.threadIdx.y);
                QCOMPARE(place.warpInBlock, 0);
                QCOMPARE(place.lane, thread);
                elements.insert({place.globalY, place.globalX});
            }
        }
        // Each of the 12 x 6 elements belongs to exactly one thread.
        QCOMPARE(elements.size(), std::size_t{72});
        QCOMPARE(elements.begin()->first, 0);
        QCOMPARE(elements.rbegin()->first, 5);
        QCOMPARE(elements.rbegin()->second, 11);
    }

    void spotChecksOfMatrixAdd_data() {
        QTest::addColumn<int>("block");
        QTest::addColumn<int>("thread");
        QTest::addColumn<int>("globalX");
        QTest::addColumn<int>("globalY");
        QTest::newRow("first") << 0 << 0 << 0 << 0;
        QTest::newRow("block (1,0) thread (2,1)") << 1 << 6 << 6 << 1;
        QTest::newRow("block (0,1) thread (3,0)") << 3 << 3 << 3 << 3;
        QTest::newRow("last") << 5 << 11 << 11 << 5;
    }
    void spotChecksOfMatrixAdd() {
        QFETCH(int, block);
        QFETCH(int, thread);
        QFETCH(int, globalX);
        QFETCH(int, globalY);
        const ThreadPlace place = LaunchGeometry(Dim3{3, 2, 1}, Dim3{4, 3, 1}).place(block, thread);
        QCOMPARE(place.globalX, globalX);
        QCOMPARE(place.globalY, globalY);
    }

    // Warps are consecutive linear ids, x fastest: in a 16 x 16 block, warp 1 is rows 2 and 3.
    void warpsAreConsecutiveLinearIds() {
        const LaunchGeometry launch(Dim3{1, 1, 1}, Dim3{16, 16, 1});
        QCOMPARE(launch.warpsPerBlock(), 8);
        const ThreadPlace first = launch.place(0, 32);
        QCOMPARE(first.warpInBlock, 1);
        QCOMPARE(first.lane, 0);
        QCOMPARE(first.threadIdx.x, 0);
        QCOMPARE(first.threadIdx.y, 2);
        const ThreadPlace last = launch.place(0, 63);
        QCOMPARE(last.warpInBlock, 1);
        QCOMPARE(last.lane, 31);
        QCOMPARE(last.threadIdx.x, 15);
        QCOMPARE(last.threadIdx.y, 3);
    }

    void threeDimensionalIndices() {
        const LaunchGeometry launch(Dim3{2, 2, 2}, Dim3{4, 2, 2});
        const ThreadPlace place = launch.place(7, 15);
        QVERIFY(place.blockIdx == (Dim3{1, 1, 1}));
        QVERIFY(place.threadIdx == (Dim3{3, 1, 1}));
        QCOMPARE(place.globalX, 7);
        QCOMPARE(place.globalY, 3);
        QCOMPARE(place.globalZ, 3);
    }

    // A partial last warp: 100 threads make 4 warps, the last with 4 lanes.
    void partialLastWarp() {
        const LaunchGeometry launch(Dim3{1, 1, 1}, Dim3{100, 1, 1});
        QCOMPARE(launch.warpsPerBlock(), 4);
        QCOMPARE(launch.place(0, 99).warpInBlock, 3);
        QCOMPARE(launch.place(0, 99).lane, 3);
    }

    // 6 blocks on 4 SMs with one block each: SMs 0-3 take blocks 0-3, then a second wave.
    void blocksGoToSmsInWaves() {
        const auto assignments = assignBlocksInWaves(6, 4, 1);
        QCOMPARE(assignments.size(), std::size_t{6});
        const int expectedSm[] = {0, 1, 2, 3, 0, 1};
        const int expectedWave[] = {0, 0, 0, 0, 1, 1};
        for (std::size_t i = 0; i < assignments.size(); ++i) {
            QCOMPARE(assignments[i].block, static_cast<std::int64_t>(i));
            QCOMPARE(assignments[i].sm, expectedSm[i]);
            QCOMPARE(assignments[i].wave, expectedWave[i]);
        }
        QCOMPARE(waveCount(6, 4, 1), 2);
        // Two resident blocks per SM: all six fit at once, round robin over the SMs.
        QCOMPARE(waveCount(6, 4, 2), 1);
        QCOMPARE(assignBlocksInWaves(6, 4, 2)[5].sm, 1);
        // RTX 4090 (128 SMs), 4096 x 4096 matrixAdd in 16 x 16 blocks at 6 blocks per SM.
        QCOMPARE(waveCount(65536, 128, 6), 86);
        QCOMPARE(waveCount(0, 128, 6), 0);
        QVERIFY(assignBlocksInWaves(10, 4, 0).empty());
    }
};

QTEST_APPLESS_MAIN(TestLaunchGeometry)
#include "tst_launch_geometry.moc"
