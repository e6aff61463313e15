#include <QtTest>
#include <string>

#include "gpu/DeviceYaml.h"
#include "gpu/Occupancy.h"

using namespace mlsyslab::gpu;

// Occupancy cases worked by hand with the rules of NVIDIA's occupancy calculator (CUDA C++
// Programming Guide, "Occupancy Calculator"; cuda_occupancy.h): warps per block rounded up;
// registers granted per warp in units of 256 inside each of the 4 sub-partitions; shared memory
// rounded to 128 bytes (256 before compute capability 8.0) with the driver's 1 KiB per block
// from 8.0; and the per-SM caps on warps and blocks.
class TestOccupancy : public QObject {
    Q_OBJECT

private:
    static QString limiterText(const OccupancyResult& result) {
        QStringList names;
        for (const OccupancyLimiter limiter : result.limiters) names << limiterName(limiter);
        return names.join(',');
    }

private slots:
    void handWorkedCases_data() {
        QTest::addColumn<QString>("device");
        QTest::addColumn<int>("threads");
        QTest::addColumn<int>("registers");
        QTest::addColumn<qint64>("dynamicShared");
        QTest::addColumn<qint64>("staticShared");
        QTest::addColumn<int>("byWarps");
        QTest::addColumn<int>("byRegisters");
        QTest::addColumn<int>("bySharedMemory");
        QTest::addColumn<int>("byBlocks");
        QTest::addColumn<int>("blocks");
        QTest::addColumn<int>("warps");
        QTest::addColumn<double>("percent");
        QTest::addColumn<QString>("limiters");

        // 8 warps per block; 64 warp slots / 8 = 8; 32 registers x 32 lanes = 1024 per warp,
        // 16 warps in each 16384-register sub-partition = 64 warps = 8 blocks; shared memory:
        // only the 1 KiB reservation, 228 KiB / 1 KiB = 228 blocks.
        QTest::newRow("h100 256 threads, 32 registers")
            << "h100" << 256 << 32 << qint64{0} << qint64{0} << 8 << 8 << 228 << 32 << 8 << 64
            << 100.0 << "warps,registers";
        // 64 registers x 32 = 2048 per warp: 8 warps per sub-partition, 32 per SM = one block
        // of 32 warps; half the SM's warp slots stay empty.
        QTest::newRow("h100 1024 threads, 64 registers")
            << "h100" << 1024 << 64 << qint64{0} << qint64{0} << 2 << 1 << 228 << 32 << 1 << 32
            << 50.0 << "registers";
        // 255 registers -> 8160, rounded to 8192 per warp: 2 warps per sub-partition, 8 per SM.
        QTest::newRow("h100 128 threads, 255 registers")
            << "h100" << 128 << 255 << qint64{0} << qint64{0} << 16 << 2 << 228 << 32 << 2 << 8
            << 12.5 << "registers";
        // 33 registers -> 1056, rounded to 1280 per warp: 12 warps per sub-partition (not
        // 12.8), 48 per SM = 6 blocks of 8 warps.
        QTest::newRow("h100 register allocation unit")
            << "h100" << 256 << 33 << qint64{0} << qint64{0} << 8 << 6 << 228 << 32 << 6 << 48
            << 75.0 << "registers";
        // 33 threads take 2 warps (the second with one thread); 32 blocks is the cap.
        QTest::newRow("h100 33 threads") << "h100" << 33 << 0 << qint64{0} << qint64{0} << 32 << 32
                                         << 228 << 32 << 32 << 64 << 100.0 << "warps,blocks";
        // Seed 002's matrixAdd blocks of 4 x 3 = 12 threads: one warp each, and at most 32
        // blocks per SM, so half the warp slots stay empty.
        QTest::newRow("h100 matrixAdd 4x3 blocks")
            << "h100" << 12 << 16 << qint64{0} << qint64{0} << 64 << 128 << 228 << 32 << 32 << 32
            << 50.0 << "blocks";
        // 48 KiB + 1 KiB reservation = 50176 bytes per block: 164 KiB / 50176 = 3.3 -> 3.
        QTest::newRow("a100 48 KiB of shared memory")
            << "a100" << 256 << 0 << qint64{49152} << qint64{0} << 8 << 32 << 3 << 32 << 3 << 24
            << 37.5 << "shared_memory";
        // The opt-in maximum (163 KiB) plus the reservation fills the SM: one block.
        QTest::newRow("a100 163 KiB of shared memory")
            << "a100" << 256 << 0 << qint64{166912} << qint64{0} << 8 << 32 << 1 << 32 << 1 << 8
            << 12.5 << "shared_memory";
        // 1024 + 101 bytes rounds up to 1152 (nine 128-byte units): 145 blocks' worth. A kernel
        // without registers is shown the device's block cap but is never limited by them.
        QTest::newRow("a100 shared allocation unit")
            << "a100" << 64 << 0 << qint64{101} << qint64{0} << 32 << 32 << 145 << 32 << 32 << 64
            << 100.0 << "warps,blocks";
        // Static and dynamic shared memory add up: 100000 + 66912 = the 163 KiB maximum.
        QTest::newRow("a100 static plus dynamic shared memory")
            << "a100" << 256 << 32 << qint64{66912} << qint64{100000} << 8 << 8 << 1 << 32 << 1 << 8
            << 12.5 << "shared_memory";
        // No registers and no shared memory on Volta (no reservation): only the caps bind.
        QTest::newRow("v100 32 threads, nothing else")
            << "v100" << 32 << 0 << qint64{0} << qint64{0} << 64 << 32 << 32 << 32 << 32 << 32
            << 50.0 << "blocks";
        // Volta's opt-in maximum, 96 KiB, and no reservation: exactly one block fits.
        QTest::newRow("v100 shared memory at the limit")
            << "v100" << 128 << 32 << qint64{98304} << qint64{0} << 16 << 16 << 1 << 32 << 1 << 4
            << 6.25 << "shared_memory";
        // Ada has 48 warp slots: a 1024-thread block (32 warps) leaves 16 of them empty.
        QTest::newRow("rtx4090 1024 threads")
            << "rtx4090" << 1024 << 32 << qint64{0} << qint64{0} << 1 << 2 << 100 << 24 << 1 << 32
            << 66.666666666666671 << "warps";
        QTest::newRow("rtx4090 256 threads") << "rtx4090" << 256 << 32 << qint64{0} << qint64{0}
                                             << 6 << 8 << 100 << 24 << 6 << 48 << 100.0 << "warps";
        // Turing: 32 warp slots and 16 blocks per SM.
        QTest::newRow("t4 64 threads, 16 registers")
            << "t4" << 64 << 16 << qint64{0} << qint64{0} << 16 << 64 << 16 << 16 << 16 << 32
            << 100.0 << "warps,blocks";
        QTest::newRow("t4 32 KiB of shared memory")
            << "t4" << 128 << 32 << qint64{32768} << qint64{0} << 8 << 16 << 2 << 16 << 2 << 8
            << 25.0 << "shared_memory";
    }

    void handWorkedCases() {
        QFETCH(QString, device);
        QFETCH(int, threads);
        QFETCH(int, registers);
        QFETCH(qint64, dynamicShared);
        QFETCH(qint64, staticShared);
        QFETCH(int, byWarps);
        QFETCH(int, byRegisters);
        QFETCH(int, bySharedMemory);
        QFETCH(int, byBlocks);
        QFETCH(int, blocks);
        QFETCH(int, warps);
        QFETCH(double, percent);
        QFETCH(QString, limiters);
        const auto model = findBuiltinDevice(device.toStdString());
        QVERIFY(model.ok());
        const OccupancyResult result =
            computeOccupancy(*model, {threads, registers, dynamicShared, staticShared});
        QVERIFY2(result.possible(), result.impossibleReason.c_str());
        QCOMPARE(result.blocksLimitedByWarps, byWarps);
        QCOMPARE(result.blocksLimitedByRegisters, byRegisters);
        QCOMPARE(result.blocksLimitedBySharedMemory, bySharedMemory);
        QCOMPARE(result.blocksLimitedByBlocks, byBlocks);
        QCOMPARE(result.activeBlocksPerSm, blocks);
        QCOMPARE(result.activeWarpsPerSm, warps);
        QCOMPARE(result.occupancyPct, percent);
        QCOMPARE(limiterText(result), limiters);
    }

    void allocationsAreReported() {
        const OccupancyResult result =
            computeOccupancy(*findBuiltinDevice("a100"), {100, 33, 101, 0});
        QCOMPARE(result.warpsPerBlock, 4);
        QCOMPARE(result.registersPerWarpAllocated, 1280);
        QCOMPARE(result.sharedBytesPerBlockAllocated, qint64{1152});
    }

    void impossibleLaunchesSayWhy_data() {
        QTest::addColumn<QString>("device");
        QTest::addColumn<int>("threads");
        QTest::addColumn<int>("registers");
        QTest::addColumn<qint64>("dynamicShared");
        QTest::addColumn<QString>("limiters");
        QTest::addColumn<QString>("reason");
        QTest::newRow("1025 threads") << "h100" << 1025 << 0 << qint64{0} << "warps"
                                      << "1025 threads per block: the most is 1024";
        QTest::newRow("no threads") << "h100" << 0 << 32 << qint64{0} << "warps"
                                    << "0 threads per block: a block needs at least 1 thread";
        QTest::newRow("256 registers") << "h100" << 32 << 256 << qint64{0} << "registers"
                                       << "256 registers per thread: the most is 255";
        QTest::newRow("negative registers")
            << "h100" << 32 << -1 << qint64{0} << "registers"
            << "-1 registers per thread: the count cannot be negative";
        // 65 registers -> 2080, rounded to 2304 per warp, x 32 warps = 73728 > 65536.
        QTest::newRow("registers per block")
            << "h100" << 1024 << 65 << qint64{0} << "registers"
            << "a block needs 73728 registers (2304 per warp x 32 warps): the most per block is "
               "65536";
        // 25 warps x 2560 = 64000 fits, but the hardware counts 28 warps (a multiple of 4).
        QTest::newRow("registers counted over the sub-partitions")
            << "h100" << 800 << 80 << qint64{0} << "registers"
            << "a block counts as 71680 registers (2560 per warp x 28 warps: the hardware rounds "
               "a block's warps up to a multiple of its 4 sub-partitions): the most per block is "
               "65536";
        QTest::newRow("shared memory over the opt-in limit")
            << "a100" << 256 << 32 << qint64{166913} << "shared_memory"
            << "166913 bytes of shared memory per block: the most is 166912 (the opt-in limit)";
        QTest::newRow("negative shared memory")
            << "a100" << 256 << 32 << qint64{-1} << "shared_memory"
            << "shared memory per block cannot be negative";
        QTest::newRow("two faults at once")
            << "t4" << 2048 << 300 << qint64{0} << "warps,registers"
            << "2048 threads per block: the most is 1024; 300 registers per thread: the most is "
               "255; a block needs 622592 registers (9728 per warp x 64 warps): the most per "
               "block is 65536";
    }

    void impossibleLaunchesSayWhy() {
        QFETCH(QString, device);
        QFETCH(int, threads);
        QFETCH(int, registers);
        QFETCH(qint64, dynamicShared);
        QFETCH(QString, limiters);
        QFETCH(QString, reason);
        const OccupancyResult result = computeOccupancy(*findBuiltinDevice(device.toStdString()),
                                                        {threads, registers, dynamicShared, 0});
        QVERIFY(!result.possible());
        QCOMPARE(result.activeBlocksPerSm, 0);
        QCOMPARE(result.activeWarpsPerSm, 0);
        QCOMPARE(result.occupancyPct, 0.0);
        QCOMPARE(limiterText(result), limiters);
        QCOMPARE(QString::fromStdString(result.impossibleReason), reason);
    }

    void limiterNames() {
        QCOMPARE(QString(limiterName(OccupancyLimiter::Warps)), QString("warps"));
        QCOMPARE(QString(limiterName(OccupancyLimiter::Registers)), QString("registers"));
        QCOMPARE(QString(limiterName(OccupancyLimiter::SharedMemory)), QString("shared_memory"));
        QCOMPARE(QString(limiterName(OccupancyLimiter::Blocks)), QString("blocks"));
    }
};

QTEST_GUILESS_MAIN(TestOccupancy)
#include "tst_occupancy.moc"
