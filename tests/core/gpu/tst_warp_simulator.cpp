#include <QtTest>
#include <numeric>

#include "WarpSimulatorTestSupport.h"
#include "gpu/BuiltinKernels.h"
#include "gpu/Coalescing.h"
#include "gpu/DeviceYaml.h"
#include "gpu/GlobalMemory.h"
#include "gpu/KernelAssembler.h"
#include "gpu/LaunchGeometry.h"
#include "gpu/MemorySystem.h"
#include "gpu/Occupancy.h"
#include "gpu/WarpSimulator.h"

using namespace mlsyslab::gpu;
using mlsyslab::testing::smallTestDevice;

namespace {

Dim3 dim(const QString& text) { return mlsyslab::testing::dim3Of(text.toStdString()); }

SimulationConfig launch(const std::string& kernel, const Dim3& grid, const Dim3& block,
                        const DeviceModel& device = smallTestDevice(2, 2)) {
    SimulationConfig config;
    config.device = device;
    config.kernel = *buildKernel(kernel, grid, block);
    config.grid = grid;
    config.block = block;
    config.recordedSm = -1;
    return config;
}

SimulationResult runOk(const SimulationConfig& config) {
    const auto result = simulateLaunch(config);
    if (!result.ok()) qFatal("simulation failed: %s", result.error().c_str());
    return *result;
}

// Instructions each lane runs, worked out from the kernels' listings (BuiltinKernels), lane by
// lane and without the SIMT machinery: a warp runs an instruction when any of its lanes does.
struct DynamicCounts {
    std::int64_t warpInstructions = 0;
    std::int64_t threadInstructions = 0;
};

// Per lane: the sequence of instruction groups it runs; warp counts take the union per group.
DynamicCounts countsFor(const std::string& kernel, const Dim3& grid, const Dim3& block) {
    const std::int64_t blocks = grid.count();
    const int threads = static_cast<int>(block.count());
    const int warps = (threads + 31) / 32;
    DynamicCounts counts;
    for (int warp = 0; warp < warps; ++warp) {
        const int first = warp * 32;
        const int lanes = std::min(32, threads - first);
        if (kernel == "matrixAdd" || kernel == "vectorAdd") {
            const int perLane = kernel == "matrixAdd" ? 16 : 12;
            counts.warpInstructions += perLane;
            counts.threadInstructions += std::int64_t{perLane} * lanes;
        } else if (kernel == "divergent") {
            // 7 shared, then 3 (odd threadIdx.x) or 2 (even), then 3 shared.
            int odd = 0;
            for (int lane = 0; lane < lanes; ++lane) odd += ((first + lane) % block.x) % 2;
            const int even = lanes - odd;
            counts.warpInstructions += 10 + (odd > 0 ? 3 : 0) + (even > 0 ? 2 : 0);
            counts.threadInstructions += 10 * lanes + 3 * odd + 2 * even;
        } else if (kernel == "matmulTiled") {
            const std::int64_t tiles = grid.x;
            const std::int64_t perLane = 13 + tiles * (22 + 12 * block.x);
            counts.warpInstructions += perLane;
            counts.threadInstructions += perLane * lanes;
        } else if (kernel == "reduction") {
            // 9 before the loop; per step s: 7, plus 6 where t < s; after: 5, plus 4 for t == 0.
            std::int64_t warpCount = 9 + 5;
            std::int64_t laneCount = 0;
            for (int s = block.x / 2; s > 0; s /= 2) warpCount += 7 + (first < s ? 6 : 0);
            if (first == 0) warpCount += 4;
            for (int lane = 0; lane < lanes; ++lane) {
                const int t = first + lane;
                laneCount += 9 + 5 + (t == 0 ? 4 : 0);
                for (int s = block.x / 2; s > 0; s /= 2) laneCount += 7 + (t < s ? 6 : 0);
            }
            counts.warpInstructions += warpCount;
            counts.threadInstructions += laneCount;
        }
    }
    counts.warpInstructions *= blocks;
    counts.threadInstructions *= blocks;
    return counts;
}

}  // namespace

// The whole launch: impossible launches explained, determinism, the statistics' invariants,
// waves, the memory system and the safety stops.
class TestWarpSimulator : public QObject {
    Q_OBJECT

private slots:
    void impossibleLaunchesAreExplained_data() {
        QTest::addColumn<QString>("block");
        QTest::addColumn<int>("registers");
        QTest::addColumn<int>("sharedBytes");
        QTest::addColumn<QString>("reason");
        QTest::newRow("2048 threads")
            << "2048" << 14 << 0 << "2048 threads per block: the most is 1024";
        QTest::newRow("2048 threads in 2D")
            << "64,32" << 14 << 0 << "2048 threads per block: the most is 1024";
        QTest::newRow("too many registers")
            << "32" << 300 << 0 << "300 registers per thread: the most is 255";
        QTest::newRow("registers of a big block") << "1024" << 128 << 0 << "registers";
        QTest::newRow("shared memory")
            << "32" << 14 << 65536 << "65536 bytes of shared memory per block";
        QTest::newRow("block z") << "1,1,128" << 14 << 0
                                 << "block (1, 1, 128): a block is at most 1024 x 1024 x 64";
    }
    void impossibleLaunchesAreExplained() {
        QFETCH(QString, block);
        QFETCH(int, registers);
        QFETCH(int, sharedBytes);
        QFETCH(QString, reason);
        SimulationConfig config = launch("vectorAdd", Dim3{2, 1, 1}, dim(block));
        config.kernel.registersPerThread = registers;
        config.kernel.staticSharedBytesPerBlock = sharedBytes;
        const auto result = simulateLaunch(config);
        QVERIFY(result.ok());  // a result, not an error: "this cannot run" and why
        QVERIFY2(QString::fromStdString(result->impossibleReason).contains(reason),
                 result->impossibleReason.c_str());
        QCOMPARE(result->stats.cycles, 0);
        QCOMPARE(result->stats.warpInstructions, 0);
        QVERIFY(result->globalMemory.empty());
    }

    void gridTooTallIsExplained() {
        const auto result = simulateLaunch(launch("vectorAdd", Dim3{1, 70000, 1}, Dim3{32, 1, 1}));
        QVERIFY(result.ok());
        QVERIFY(QString::fromStdString(result->impossibleReason).contains("at most 65535"));
    }

    // The same launch twice: the same statistics, snapshots and memory, bit for bit.
    void deterministic() {
        SimulationConfig config = launch("matmulTiled", Dim3{2, 2, 1}, Dim3{8, 8, 1});
        config.schedulerPolicy = "gto";
        config.recordedSm = 1;
        const SimulationResult first = runOk(config);
        const SimulationResult second = runOk(config);
        QCOMPARE(first.stats.cycles, second.stats.cycles);
        QCOMPARE(first.stats.warpCyclesByStatus, second.stats.warpCyclesByStatus);
        QCOMPARE(first.stats.achievedOccupancyPct, second.stats.achievedOccupancyPct);
        QCOMPARE(first.globalMemory, second.globalMemory);
        QCOMPARE(first.recordedCycles.size(), second.recordedCycles.size());
        QVERIFY(!first.recordedCycles.empty());
        for (std::size_t cycle = 0; cycle < first.recordedCycles.size(); ++cycle) {
            const SmCycleSnapshot& a = first.recordedCycles[cycle];
            const SmCycleSnapshot& b = second.recordedCycles[cycle];
            QCOMPARE(a.issuedSlotByScheduler, b.issuedSlotByScheduler);
            QCOMPARE(a.warps.size(), b.warps.size());
            for (std::size_t warp = 0; warp < a.warps.size(); ++warp) {
                QCOMPARE(a.warps[warp].pc, b.warps[warp].pc);
                QCOMPARE(a.warps[warp].status, b.warps[warp].status);
                QCOMPARE(a.warps[warp].activeMask, b.warps[warp].activeMask);
            }
        }
    }

    // Warp and thread instructions equal the counts worked out lane by lane from the listings;
    // the statistics agree with each other and with the occupancy calculator.
    void statisticsInvariants_data() {
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<QString>("grid");
        QTest::addColumn<QString>("block");
        QTest::addColumn<QString>("policy");
        QTest::newRow("matrixAdd") << "matrixAdd"
                                   << "5,3"
                                   << "16,8"
                                   << "lrr";
        QTest::newRow("vectorAdd partial") << "vectorAdd"
                                           << "7"
                                           << "40"
                                           << "gto";
        QTest::newRow("divergent") << "divergent"
                                   << "4"
                                   << "96"
                                   << "lrr";
        QTest::newRow("divergent 2D") << "divergent"
                                      << "3"
                                      << "5,7"
                                      << "gto";
        QTest::newRow("matmulTiled") << "matmulTiled"
                                     << "3,3"
                                     << "8,8"
                                     << "lrr";
        QTest::newRow("reduction") << "reduction"
                                   << "6"
                                   << "128"
                                   << "gto";
    }
    void statisticsInvariants() {
        QFETCH(QString, kernel);
        QFETCH(QString, grid);
        QFETCH(QString, block);
        QFETCH(QString, policy);
        // One SM recorded from start to end: every warp-cycle is in a snapshot.
        SimulationConfig config =
            launch(kernel.toStdString(), dim(grid), dim(block), smallTestDevice(2, 1));
        config.schedulerPolicy = policy.toStdString();
        config.recordedSm = 0;
        config.maxRecordedCycles = 1'000'000;
        const SimulationResult result = runOk(config);
        const SimulationStats& stats = result.stats;
        const DynamicCounts expected = countsFor(kernel.toStdString(), dim(grid), dim(block));
        QCOMPARE(stats.warpInstructions, expected.warpInstructions);
        QCOMPARE(stats.threadInstructions, expected.threadInstructions);
        QCOMPARE(stats.blocks, dim(grid).count());
        QCOMPARE(stats.activeSms, 1);

        const OccupancyResult occupancy = computeOccupancy(
            config.device, {static_cast<int>(dim(block).count()), config.kernel.registersPerThread,
                            0, config.kernel.staticSharedBytesPerBlock});
        QCOMPARE(stats.theoreticalOccupancyPct, occupancy.occupancyPct);
        QCOMPARE(result.occupancy.activeBlocksPerSm, occupancy.activeBlocksPerSm);

        // Statuses: the snapshots, summed, are the statistics; each resident warp has one status
        // per cycle; the SM is busy every cycle, so achieved occupancy is their mean over 64.
        QCOMPARE(static_cast<std::int64_t>(result.recordedCycles.size()), stats.cycles);
        std::array<std::int64_t, kWarpStatusCount> counted{};
        std::int64_t residentWarpCycles = 0;
        std::int64_t issued = 0;
        for (const SmCycleSnapshot& cycle : result.recordedCycles) {
            residentWarpCycles += static_cast<std::int64_t>(cycle.warps.size());
            for (const WarpSnapshot& warp : cycle.warps)
                ++counted[static_cast<std::size_t>(warp.status)];
            for (const int slot : cycle.issuedSlotByScheduler) issued += slot >= 0;
        }
        QCOMPARE(stats.warpCyclesByStatus, counted);
        QCOMPARE(stats.warpCyclesByStatus[static_cast<std::size_t>(WarpStatus::Issued)],
                 stats.warpInstructions);
        QCOMPARE(issued, stats.warpInstructions);
        QCOMPARE(stats.achievedOccupancyPct,
                 100.0 * double(residentWarpCycles) / (double(stats.cycles) * 64));
        QCOMPARE(stats.ipc, double(stats.warpInstructions) / double(stats.cycles));
        QCOMPARE(stats.ipcPerSm, stats.ipc);
        QCOMPARE(stats.simtEfficiencyPct, 100.0 * double(stats.threadInstructions) /
                                              (32.0 * double(stats.warpInstructions)));
        QVERIFY(stats.achievedOccupancyPct <= stats.theoreticalOccupancyPct);
        QVERIFY(!stats.stoppedAtCycleLimit);
    }

    // More blocks than fit at once: they run in waves as blocks finish and free their slots.
    // 1024-thread blocks (32 warps): 2 per SM; 2 SMs take 4 blocks a wave; 10 blocks need 3.
    void wavesForALargeGrid() {
        const SimulationResult result =
            runOk(launch("vectorAdd", Dim3{10, 1, 1}, Dim3{1024, 1, 1}, smallTestDevice(4, 2)));
        QCOMPARE(result.occupancy.activeBlocksPerSm, 2);
        QCOMPARE(result.stats.waves, 3);
        QCOMPARE(result.stats.waves, waveCount(10, 2, 2));
        QCOMPARE(result.stats.activeSms, 2);
        QCOMPARE(result.stats.blocks, 10);
        QCOMPARE(result.stats.warpInstructions, 10 * 32 * 12);
        QVERIFY(result.stats.achievedOccupancyPct > 50.0);
    }

    // The course's H100: 4096 blocks of 256 threads, 8 blocks per SM on 132 SMs: 4 waves.
    void wavesOnAnH100() {
        const auto h100 = findBuiltinDevice("h100");
        QVERIFY(h100.ok());
        const SimulationResult result =
            runOk(launch("matrixAdd", Dim3{64, 64, 1}, Dim3{16, 16, 1}, *h100));
        QCOMPARE(result.stats.theoreticalOccupancyPct, 100.0);
        QCOMPARE(result.stats.waves, 4);
        QCOMPARE(result.stats.activeSms, 132);
        QCOMPARE(result.stats.warpInstructions, 4096 * 8 * 16);
        // Rows of 16 floats, two per warp: 2 x 2 sectors for each of 3 requests per warp.
        QCOMPARE(result.stats.globalRequests, 4096 * 8 * 3);
        QCOMPARE(result.stats.globalSectors, 4 * result.stats.globalRequests);
    }

    // The fast sector count of the simulator's inner loop agrees with Coalescing.h on many
    // patterns: strided, offset, reversed, broadcast, scattered, partial warps.
    void sectorsAgreeWithTheCoalescingModel() {
        std::uint32_t seed = 12345;
        for (int pattern = 0; pattern < 2000; ++pattern) {
            std::int64_t addresses[32];
            const int kind = pattern % 5;
            const std::int64_t stride = pattern % 7 - 3;
            const std::int64_t offset = pattern % 37;
            for (int lane = 0; lane < 32; ++lane) {
                seed = seed * 1664525u + 1013904223u;
                switch (kind) {
                    case 0:
                        addresses[lane] = 4 * (offset + lane * (stride + 4));
                        break;
                    case 1:
                        addresses[lane] = 4 * (offset + (31 - lane) * 2);
                        break;
                    case 2:
                        addresses[lane] = 4 * offset;
                        break;
                    case 3:
                        addresses[lane] = 4 * static_cast<std::int64_t>(seed % 4096);
                        break;
                    default:
                        addresses[lane] = 4 * (offset + lane * 33);
                        break;
                }
            }
            const std::uint32_t lanes = pattern % 3 == 0 ? 0xFFFFFFFFu : (seed | 1u);
            std::vector<std::int64_t> active;
            for (int lane = 0; lane < 32; ++lane) {
                if (lanes & (1u << lane)) active.push_back(addresses[lane]);
            }
            const auto reference = coalesceAddresses(4, active);
            QVERIFY(reference.ok());
            QCOMPARE(countSectors(addresses, lanes), static_cast<int>(reference->sectors.size()));
        }
    }

    // DRAM: requests are served in order at the device's bytes per cycle.
    void dramQueue() {
        DeviceModel device = smallTestDevice();
        device.memoryBandwidthGBps = 32;  // 32 bytes per cycle at 1000 MHz: one sector a cycle
        device.boostClockMHz = 1000;
        DramChannel dram(device);
        QCOMPARE(dram.bytesPerCycle(), 32.0);
        QCOMPARE(dram.request(0, 4), 0);  // busy until 4
        QCOMPARE(dram.request(0, 4), 4);  // waits for the first; busy until 8
        QCOMPARE(dram.request(5, 1), 3);  // busy until 9
        QCOMPARE(dram.drainedCycle(), 9);
        QCOMPARE(dram.request(20, 32), 0);  // idle again; busy until 52
        device.memoryBandwidthGBps = 64;    // 64 bytes a cycle: a sector takes half a cycle
        DramChannel fast(device);
        QCOMPARE(fast.request(0, 1), 0);   // busy until 0.5
        QCOMPARE(fast.request(0, 1), 0);   // half a cycle behind: no whole cycle lost
        QCOMPARE(fast.request(0, 1), 1);   // starts at 1
        QCOMPARE(fast.drainedCycle(), 2);  // 1.5, the next whole cycle
        QCOMPARE(DramChannel(smallTestDevice()).request(0, 32), 0);  // no bandwidth given
        QCOMPARE(loadStoreCycles(1), 1);
        QCOMPARE(loadStoreCycles(4), 1);
        QCOMPARE(loadStoreCycles(5), 2);
        QCOMPARE(loadStoreCycles(32), 8);
    }

    // A bandwidth-bound launch takes at least its bytes / bandwidth: vectorAdd moves 12 bytes
    // per element, 96 KiB for 8192 elements, 3072 cycles at 32 bytes per cycle.
    void bandwidthBound() {
        DeviceModel device = smallTestDevice(4, 2);
        device.memoryBandwidthGBps = 32;
        device.boostClockMHz = 1000;
        const SimulationResult limited =
            runOk(launch("vectorAdd", Dim3{32, 1, 1}, Dim3{256, 1, 1}, device));
        QCOMPARE(limited.stats.globalSectors, 3 * 8192 * 4 / 32);
        // Loose round robin over 16 warps per scheduler: each of the 5 instructions before the
        // first load takes a round of 16 cycles, so the first load goes out in cycle 80. From
        // then on the DRAM never idles, and the launch ends when the last store has reached it.
        QCOMPARE(limited.stats.cycles, 80 + 3072);
        const SimulationResult unlimited =
            runOk(launch("vectorAdd", Dim3{32, 1, 1}, Dim3{256, 1, 1}, smallTestDevice(4, 2)));
        QVERIFY(unlimited.stats.cycles < 1000);
    }

    void recordingIsCapped() {
        SimulationConfig config = launch("matrixAdd", Dim3{4, 4, 1}, Dim3{8, 8, 1});
        config.recordedSm = 1;
        config.maxRecordedCycles = 10;
        const SimulationResult capped = runOk(config);
        QCOMPARE(capped.recordedCycles.size(), std::size_t{10});
        QCOMPARE(capped.recordedCycles.back().cycle, 9);
        config.recordedSm = -1;
        QVERIFY(runOk(config).recordedCycles.empty());
        config.recordedSm = 7;  // the device has two SMs
        QVERIFY(runOk(config).recordedCycles.empty());
        // Recording does not change the run.
        config.recordedSm = 0;
        config.maxRecordedCycles = 1'000'000;
        QCOMPARE(runOk(config).stats.warpCyclesByStatus, capped.stats.warpCyclesByStatus);
    }

    void cycleLimitStops() {
        SimulationConfig config = launch("matmulTiled", Dim3{2, 2, 1}, Dim3{8, 8, 1});
        config.maxCycles = 100;
        const SimulationResult result = runOk(config);
        QVERIFY(result.stats.stoppedAtCycleLimit);
        QCOMPARE(result.stats.cycles, 100);
    }

    // A kernel that reads past its array stops with which thread and which address.
    void faultNamesTheThread() {
        KernelProgram kernel;
        kernel.id = "outOfBounds";
        kernel.sourceLines = {"x = A[threadIdx.x * 100];"};
        kernel.parameterNames = {"A"};
        kernel.parameterValues = {addKernelArray(kernel, "A", 64, true)};
        kernel.registersPerThread = 8;
        KernelAssembler code(kernel.parameterNames);
        code.setSourceLine(0);
        code.append("mul.lo.s32", Opcode::IntMultiply, 0,
                    {special(SpecialRegister::ThreadIdxX), immediate(400)});
        code.append("ld.global.f32", Opcode::LoadGlobal, 1, {reg(0)});
        code.exit();
        kernel.code = code.finish();
        SimulationConfig config;
        config.device = smallTestDevice();
        config.kernel = kernel;
        config.block = Dim3{32, 1, 1};
        const auto result = simulateLaunch(config);
        QVERIFY(!result.ok());
        QCOMPARE(QString::fromStdString(result.error()),
                 QString("block 0, thread 1 (warp 0, lane 1): global address 400 is misaligned "
                         "or outside the kernel's global memory"));
    }
};

QTEST_APPLESS_MAIN(TestWarpSimulator)
#include "tst_warp_simulator.moc"
