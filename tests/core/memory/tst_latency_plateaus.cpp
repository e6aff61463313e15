#include <QtTest>
#include <cmath>

#include "memory/LatencyPlateaus.h"

// findLatencyPlateaus on synthetic staircases, with and without a topology, and the latency
// ladder's working sets. The curves are made up (exact numbers), so every plateau is exact.
namespace {

using mlsyslab::memory::CacheInfo;
using mlsyslab::memory::CacheTopology;
using mlsyslab::memory::CacheType;
using mlsyslab::memory::LatencyPoint;
using mlsyslab::memory::LevelLatency;

constexpr std::uint64_t KiB = 1024;
constexpr std::uint64_t MiB = 1024 * 1024;

CacheTopology epycTopology() {
    return {"AMD EPYC",
            {{1, CacheType::Data, 32 * KiB, 8, 64},
             {1, CacheType::Instruction, 32 * KiB, 8, 64},
             {2, CacheType::Unified, 1 * MiB, 8, 64},
             {3, CacheType::Unified, 32 * MiB, 16, 64}}};
}

// A staircase at `perOctave` points per doubling from 4 KiB to `largest`: 1 ns in L1 (to
// 32 KiB), 4 ns in L2 (to 1 MiB), 12 ns in L3 (to 32 MiB), 80 ns beyond, with one ramp point
// between levels (the geometric mean of the two plateaus), as real curves have.
std::vector<LatencyPoint> staircase(int perOctave, std::uint64_t largest) {
    std::vector<LatencyPoint> curve;
    for (int step = 0;; ++step) {
        const auto size = std::uint64_t(std::llround(4096.0 * std::exp2(double(step) / perOctave)));
        if (size > largest) break;
        double nanoseconds = 80.0;
        if (size <= 32 * KiB) {
            nanoseconds = 1.0;
        } else if (size <= 40 * KiB) {
            nanoseconds = 2.0;
        } else if (size <= 1 * MiB) {
            nanoseconds = 4.0;
        } else if (size <= 1300 * KiB) {
            nanoseconds = std::sqrt(4.0 * 12.0);
        } else if (size <= 32 * MiB) {
            nanoseconds = 12.0;
        } else if (size <= 40 * MiB) {
            nanoseconds = std::sqrt(12.0 * 80.0);
        }
        curve.push_back({size, nanoseconds});
    }
    return curve;
}

struct Expected {
    const char* name;
    std::uint64_t sizeBytes;
    double nanoseconds;
};

void checkLevels(const std::vector<LevelLatency>& levels, const std::vector<Expected>& expected,
                 double clockGHz) {
    QCOMPARE(levels.size(), expected.size());
    for (std::size_t index = 0; index < expected.size(); ++index) {
        QCOMPARE(levels[index].name, std::string(expected[index].name));
        QCOMPARE(levels[index].sizeBytes, expected[index].sizeBytes);
        QCOMPARE(levels[index].nanoseconds, expected[index].nanoseconds);
        QCOMPARE(levels[index].cycles, expected[index].nanoseconds * clockGHz);
        QVERIFY(levels[index].fromBytes <= levels[index].toBytes);
    }
}

}  // namespace

class TestLatencyPlateaus : public QObject {
    Q_OBJECT

private slots:
    void withATopologyEachLevelIsReadWellInsideIt_data() {
        QTest::addColumn<int>("perOctave");
        QTest::newRow("1 point per octave") << 1;
        QTest::newRow("2 points per octave") << 2;
        QTest::newRow("4 points per octave") << 4;
    }
    void withATopologyEachLevelIsReadWellInsideIt() {
        QFETCH(int, perOctave);
        const auto curve = staircase(perOctave, 512 * MiB);
        const auto levels = mlsyslab::memory::findLatencyPlateaus(curve, epycTopology(), 3.0);
        checkLevels(levels,
                    {{"L1", 32 * KiB, 1.0},
                     {"L2", 1 * MiB, 4.0},
                     {"L3", 32 * MiB, 12.0},
                     {"DRAM", 0, 80.0}},
                    3.0);
        // L1 from the smallest point to half of L1; DRAM from 4 times L3.
        QCOMPARE(levels[0].fromBytes, 4 * KiB);
        QCOMPARE(levels[0].toBytes, 16 * KiB);
        QCOMPARE(levels[1].fromBytes, 64 * KiB);
        QCOMPARE(levels[1].toBytes, 512 * KiB);
        QCOMPARE(levels[2].fromBytes, 2 * MiB);
        QCOMPARE(levels[2].toBytes, 16 * MiB);
        QCOMPARE(levels[3].fromBytes, 128 * MiB);
        QCOMPARE(levels[3].toBytes, 512 * MiB);
    }

    // A curve that stops at 16 MiB has no DRAM point; one that stops at 32 KiB has only L1.
    void levelsWithoutPointsAreLeftOut() {
        checkLevels(
            mlsyslab::memory::findLatencyPlateaus(staircase(4, 16 * MiB), epycTopology(), 2.0),
            {{"L1", 32 * KiB, 1.0}, {"L2", 1 * MiB, 4.0}, {"L3", 32 * MiB, 12.0}}, 2.0);
        checkLevels(
            mlsyslab::memory::findLatencyPlateaus(staircase(4, 32 * KiB), epycTopology(), 2.0),
            {{"L1", 32 * KiB, 1.0}}, 2.0);
        QVERIFY(mlsyslab::memory::findLatencyPlateaus({}, epycTopology(), 2.0).empty());
    }

    // The median of the flat points: within 25 % of the fastest in the level's range.
    void aPlateauIsTheMedianOfItsFlatPoints() {
        std::vector<LatencyPoint> curve = {{4 * KiB, 1.0},  {8 * KiB, 1.2},   {16 * KiB, 9.0},
                                           {64 * KiB, 4.0}, {128 * KiB, 5.0}, {256 * KiB, 4.2},
                                           {512 * KiB, 4.4}};
        const auto levels = mlsyslab::memory::findLatencyPlateaus(curve, epycTopology(), 0.0);
        checkLevels(levels, {{"L1", 32 * KiB, 1.1}, {"L2", 1 * MiB, 4.3}}, 0.0);
        QCOMPARE(levels[0].toBytes, 8 * KiB);
        QCOMPARE(levels[1].fromBytes, 64 * KiB);
        QCOMPARE(levels[1].toBytes, 512 * KiB);
    }

    // An L3 shared with other virtual machines holds only 4 of its 32 MiB: inside its range the
    // curve climbs to DRAM's latency. The plateau is the flat start (the longest run within
    // 25 % of the fastest), not the median of the climb.
    void aSharedCacheIsReadWhereItIsStillFlat() {
        const std::vector<LatencyPoint> curve = {
            {1536 * KiB, 14.4}, {2 * MiB, 15.6},   {2560 * KiB, 15.8}, {3 * MiB, 16.7},
            {3584 * KiB, 17.6}, {4 * MiB, 40.3},   {5 * MiB, 100.5},   {6 * MiB, 97.0},
            {8 * MiB, 145.2},   {12 * MiB, 158.0}, {16 * MiB, 152.3},  {256 * MiB, 231.0}};
        const auto levels = mlsyslab::memory::findLatencyPlateaus(curve, epycTopology(), 3.5);
        QCOMPARE(levels.size(), std::size_t(2));
        QCOMPARE(levels[0].name, std::string("L3"));
        QCOMPARE(levels[0].nanoseconds, 16.25);  // 15.6, 15.8, 16.7, 17.6
        QCOMPARE(levels[0].fromBytes, 2 * MiB);
        QCOMPARE(levels[0].toBytes, 3584 * KiB);
        QCOMPARE(levels[1].name, std::string("DRAM"));
        QCOMPARE(levels[1].nanoseconds, 231.0);
    }

    void withoutAClockCyclesAreZero() {
        const auto levels =
            mlsyslab::memory::findLatencyPlateaus(staircase(2, 512 * MiB), epycTopology(), 0.0);
        QCOMPARE(levels.size(), std::size_t(4));
        for (const LevelLatency& level : levels) QCOMPARE(level.cycles, 0.0);
    }

    // Without a topology the steps come from the curve: runs of points within 25 % of the run's
    // fastest, at least 3 points long; the slowest, reaching 64 MiB, is DRAM.
    void withoutATopologyTheStepsComeFromTheCurve_data() {
        QTest::addColumn<int>("perOctave");
        QTest::newRow("2 points per octave") << 2;
        QTest::newRow("4 points per octave") << 4;
    }
    void withoutATopologyTheStepsComeFromTheCurve() {
        QFETCH(int, perOctave);
        const auto curve = staircase(perOctave, 512 * MiB);
        const auto levels = mlsyslab::memory::findLatencyPlateaus(curve, CacheTopology{}, 2.5);
        QCOMPARE(levels.size(), std::size_t(4));
        const char* names[] = {"L1", "L2", "L3", "DRAM"};
        const double latencies[] = {1.0, 4.0, 12.0, 80.0};
        for (std::size_t index = 0; index < 4; ++index) {
            QCOMPARE(levels[index].name, std::string(names[index]));
            QCOMPARE(levels[index].nanoseconds, latencies[index]);
            QCOMPARE(levels[index].cycles, latencies[index] * 2.5);
        }
        // Found sizes are the largest working set of each plateau: at most the cache's size.
        QCOMPARE(levels[0].fromBytes, 4 * KiB);
        QCOMPARE(levels[0].sizeBytes, 32 * KiB);
        QCOMPARE(levels[1].sizeBytes, 1 * MiB);
        QCOMPARE(levels[2].sizeBytes, 32 * MiB);
        QCOMPARE(levels[3].sizeBytes, std::uint64_t(0));
        QCOMPARE(levels[3].toBytes, 512 * MiB);
    }

    // A slowest plateau that ends below 64 MiB is a cache, not memory; a flat curve is one level.
    void withoutATopologyOnlyALargeSlowPlateauIsDram() {
        const auto toL3 =
            mlsyslab::memory::findLatencyPlateaus(staircase(4, 16 * MiB), CacheTopology{}, 1.0);
        QCOMPARE(toL3.size(), std::size_t(3));
        QCOMPARE(toL3.back().name, std::string("L3"));
        const std::vector<LatencyPoint> flat = {{4 * KiB, 2.0}, {8 * KiB, 2.1}, {16 * KiB, 2.0}};
        const auto one = mlsyslab::memory::findLatencyPlateaus(flat, CacheTopology{}, 1.0);
        QCOMPARE(one.size(), std::size_t(1));
        QCOMPARE(one[0].name, std::string("L1"));
        QCOMPARE(one[0].nanoseconds, 2.0);
    }

    // The ladder measures a quarter of each data cache and, for DRAM, 8 times the last or
    // 256 MiB.
    void ladderWorkingSetsComeFromTheTopology() {
        QCOMPARE(mlsyslab::memory::ladderWorkingSets(epycTopology()),
                 (std::vector<std::uint64_t>{8 * KiB, 256 * KiB, 8 * MiB, 256 * MiB}));
        const CacheTopology bigL3{"",
                                  {{1, CacheType::Data, 48 * KiB, 12, 64},
                                   {2, CacheType::Unified, 2 * MiB, 16, 64},
                                   {3, CacheType::Unified, 96 * MiB, 16, 64}}};
        QCOMPARE(mlsyslab::memory::ladderWorkingSets(bigL3),
                 (std::vector<std::uint64_t>{12 * KiB, 512 * KiB, 24 * MiB, 768 * MiB}));
        QCOMPARE(mlsyslab::memory::ladderWorkingSets(CacheTopology{}),
                 (std::vector<std::uint64_t>{16 * KiB, 256 * KiB, 8 * MiB, 256 * MiB}));
    }

    // Each ladder working set falls in its own level's range.
    void ladderWorkingSetsGiveOneLatencyPerLevel() {
        const CacheTopology topology = epycTopology();
        std::vector<LatencyPoint> curve;
        double nanoseconds = 1.0;
        for (const std::uint64_t size : mlsyslab::memory::ladderWorkingSets(topology)) {
            curve.push_back({size, nanoseconds});
            nanoseconds *= 3.0;
        }
        checkLevels(
            mlsyslab::memory::findLatencyPlateaus(curve, topology, 1.0),
            {{"L1", 32 * KiB, 1.0}, {"L2", 1 * MiB, 3.0}, {"L3", 32 * MiB, 9.0}, {"DRAM", 0, 27.0}},
            1.0);
    }
};

QTEST_GUILESS_MAIN(TestLatencyPlateaus)
#include "tst_latency_plateaus.moc"
