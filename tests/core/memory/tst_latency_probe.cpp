#include <QtTest>
#include <atomic>
#include <cmath>
#include <set>
#include <thread>

#include "memory/LatencyProbe.h"
#include "memory/PointerChase.h"

// The latency probe's pieces: the single-cycle shuffle, the working sets of a sweep, and tiny
// real runs (a few hundred thousand loads) for the order of the points, progress and cancel.
// Nothing here asserts a speed: that depends on the machine (speed is for bench/).
namespace {

using mlsyslab::memory::LatencyCurve;
using mlsyslab::memory::LatencyPoint;
using mlsyslab::memory::LatencyProbeOptions;
using mlsyslab::memory::ProbeControl;
using mlsyslab::memory::ProbeProgress;

constexpr std::uint64_t KiB = 1024;
constexpr std::uint64_t MiB = 1024 * 1024;

// How many steps from index 0 until the walk i -> next[i] comes back to 0.
std::uint64_t cycleLength(const std::vector<std::uint32_t>& next) {
    std::uint64_t steps = 0;
    std::uint32_t index = 0;
    do {
        index = next[index];
        ++steps;
    } while (index != 0 && steps <= next.size());
    return steps;
}

// Tiny runs: 4 KiB to 64 KiB, one chunk of loads per run, no minimum time.
LatencyProbeOptions tinyOptions() {
    LatencyProbeOptions options;
    options.minWorkingSetBytes = 4 * KiB;
    options.maxWorkingSetBytes = 64 * KiB;
    options.pointsPerOctave = 1;
    options.runs = 3;
    options.minLoadsPerRun = 1;
    options.minRunMilliseconds = 0.0;
    return options;
}

}  // namespace

class TestLatencyProbe : public QObject {
    Q_OBJECT

private slots:
    // Sattolo's shuffle is one cycle through every index, for every size and seed.
    void permutationIsOneCycleThroughAllNodes_data() {
        QTest::addColumn<quint32>("count");
        for (const quint32 count : {2u, 3u, 4u, 5u, 7u, 64u, 91u, 1000u, 4096u, 65537u}) {
            QTest::newRow(qPrintable(QString::number(count))) << count;
        }
    }
    void permutationIsOneCycleThroughAllNodes() {
        QFETCH(quint32, count);
        for (std::uint64_t seed = 0; seed < 20; ++seed) {
            const auto next = mlsyslab::memory::singleCyclePermutation(count, seed);
            QCOMPARE(next.size(), std::size_t(count));
            // A permutation: every index exactly once.
            QCOMPARE(std::set<std::uint32_t>(next.begin(), next.end()).size(), std::size_t(count));
            QCOMPARE(*std::max_element(next.begin(), next.end()), count - 1);
            // One cycle: back at the start only after visiting all.
            QCOMPARE(cycleLength(next), std::uint64_t(count));
            for (std::uint32_t index = 0; index < count; ++index) QVERIFY(next[index] != index);
        }
    }

    void permutationEdgeCases() {
        QVERIFY(mlsyslab::memory::singleCyclePermutation(0, 1).empty());
        QCOMPARE(mlsyslab::memory::singleCyclePermutation(1, 1), std::vector<std::uint32_t>{0});
        QCOMPARE(mlsyslab::memory::singleCyclePermutation(2, 7),
                 (std::vector<std::uint32_t>{1, 0}));
    }

    // The same seed gives the same cycle (on every platform: the generator is SplitMix64);
    // another seed another one.
    void permutationIsDeterministic() {
        const auto first = mlsyslab::memory::singleCyclePermutation(1000, 42);
        QCOMPARE(mlsyslab::memory::singleCyclePermutation(1000, 42), first);
        QVERIFY(mlsyslab::memory::singleCyclePermutation(1000, 43) != first);
    }

    // The chain in memory follows the permutation, nodes nodeBytes apart.
    void chainLinksFollowTheCycle() {
        constexpr std::uint32_t nodes = 257;
        constexpr std::uint32_t nodeBytes = 64;
        std::vector<std::byte> buffer(nodes * nodeBytes);
        QVERIFY(mlsyslab::memory::buildPointerChain(buffer.data(), nodeBytes, nodes, 5, {}));
        const auto next = mlsyslab::memory::singleCyclePermutation(nodes, 5);
        for (std::uint32_t node = 0; node < nodes; ++node) {
            const void* stored = *reinterpret_cast<void* const*>(buffer.data() + node * nodeBytes);
            QCOMPARE(stored, static_cast<const void*>(buffer.data() + next[node] * nodeBytes));
        }
        // Following `nodes` pointers from the start comes back to it, and not before.
        const void* start = buffer.data();
        QCOMPARE(mlsyslab::memory::chasePointers(start, nodes), start);
        for (std::uint64_t loads = 1; loads < nodes; loads += 37) {
            QVERIFY(mlsyslab::memory::chasePointers(start, loads) != start);
        }
    }

    void sweepWorkingSets() {
        LatencyProbeOptions options;
        options.minWorkingSetBytes = 4 * KiB;
        options.maxWorkingSetBytes = 64 * KiB;
        options.pointsPerOctave = 1;
        QCOMPARE(mlsyslab::memory::latencyWorkingSets(options),
                 (std::vector<std::uint64_t>{4 * KiB, 8 * KiB, 16 * KiB, 32 * KiB, 64 * KiB}));
        // Intermediate points rounded to whole 64-byte nodes: 4096 * 2^(k/4).
        options.maxWorkingSetBytes = 8 * KiB;
        options.pointsPerOctave = 4;
        QCOMPARE(mlsyslab::memory::latencyWorkingSets(options),
                 (std::vector<std::uint64_t>{4096, 4864, 5824, 6912, 8192}));
        // The largest is measured even off the grid.
        options.maxWorkingSetBytes = 10 * KiB;
        options.pointsPerOctave = 1;
        QCOMPARE(mlsyslab::memory::latencyWorkingSets(options),
                 (std::vector<std::uint64_t>{4 * KiB, 8 * KiB, 10 * KiB}));
        // The defaults: 4 KiB to 512 MiB, 4 points per octave.
        const auto defaults = mlsyslab::memory::latencyWorkingSets(LatencyProbeOptions{});
        QCOMPARE(defaults.size(), std::size_t(17 * 4 + 1));
        QCOMPARE(defaults.front(), 4 * KiB);
        QCOMPARE(defaults.back(), 512 * MiB);
        QVERIFY(std::is_sorted(defaults.begin(), defaults.end()));
    }

    void explicitWorkingSetsAreSortedRoundedAndUnique() {
        LatencyProbeOptions options;
        options.workingSets = {16 * KiB, 4 * KiB, 1000, 16 * KiB + 10, 1};
        QCOMPARE(mlsyslab::memory::latencyWorkingSets(options),
                 (std::vector<std::uint64_t>{128, 1024, 4 * KiB, 16 * KiB}));
    }

    // A real run: positive, finite latencies, one per working set, in increasing order of size;
    // every point reported as it is measured.
    void tinyProbeMeasuresEveryWorkingSet() {
        std::vector<LatencyPoint> reported;
        const LatencyCurve curve = mlsyslab::memory::measureLatencyCurve(
            tinyOptions(), {}, [&](const LatencyPoint& point) { reported.push_back(point); });
        QVERIFY(!curve.cancelled);
        QVERIFY(curve.error.empty());
        const std::vector<std::uint64_t> sizes = {4 * KiB, 8 * KiB, 16 * KiB, 32 * KiB, 64 * KiB};
        QCOMPARE(curve.points.size(), sizes.size());
        QCOMPARE(reported.size(), sizes.size());
        for (std::size_t index = 0; index < sizes.size(); ++index) {
            QCOMPARE(curve.points[index].workingSetBytes, sizes[index]);
            QCOMPARE(reported[index].workingSetBytes, sizes[index]);
            QCOMPARE(reported[index].nanosecondsPerLoad, curve.points[index].nanosecondsPerLoad);
            QVERIFY(std::isfinite(curve.points[index].nanosecondsPerLoad));
            QVERIFY(curve.points[index].nanosecondsPerLoad > 0.0);
        }
    }

    // Progress never goes back, names the working set being measured, and ends at exactly 1.
    void progressIsMonotonicAndEndsAtOne() {
        std::vector<ProbeProgress> seen;
        ProbeControl control;
        control.progress = [&](const ProbeProgress& progress) { seen.push_back(progress); };
        const LatencyCurve curve = mlsyslab::memory::measureLatencyCurve(tinyOptions(), control);
        QVERIFY(!curve.cancelled);
        QVERIFY(seen.size() >= 5 * 3);
        QCOMPARE(seen.front().fraction, 0.0);
        for (std::size_t index = 1; index < seen.size(); ++index) {
            QVERIFY(seen[index].fraction >= seen[index - 1].fraction);
            QVERIFY(seen[index].workingSetBytes >= 4 * KiB);
            QVERIFY(seen[index].workingSetBytes <= 64 * KiB);
        }
        QCOMPARE(seen.back().fraction, 1.0);
        QCOMPARE(seen.back().workingSetBytes, 64 * KiB);
    }

    // A part of a larger measurement maps its 0..1 onto its share.
    void progressOfAPartMapsOntoItsShare() {
        std::vector<double> fractions;
        ProbeControl whole;
        whole.progress = [&](const ProbeProgress& progress) {
            fractions.push_back(progress.fraction);
        };
        const ProbeControl part = whole.part(mlsyslab::memory::ProbePhase::Latency, 0.25, 0.75);
        part.report(0.0);
        part.report(0.5);
        part.report(1.0);
        part.report(2.0);  // clamped
        QCOMPARE(fractions, (std::vector<double>{0.25, 0.5, 0.75, 0.75}));
    }

    // Cancelled before it starts: no point, reported as cancelled.
    void cancelledBeforeItStarts() {
        std::atomic<bool> cancel{true};
        ProbeControl control;
        control.cancel = &cancel;
        const LatencyCurve curve = mlsyslab::memory::measureLatencyCurve(tinyOptions(), control);
        QVERIFY(curve.cancelled);
        QVERIFY(curve.points.empty());
    }

    // Cancelled while measuring (from another thread, as a Cancel button does): it stops at the
    // next check, keeps the points it had, and says it was cancelled. The run would otherwise
    // take minutes (every run at least 10 s).
    void cancelStopsARunningProbe() {
        LatencyProbeOptions options = tinyOptions();
        options.minRunMilliseconds = 10'000.0;
        std::atomic<bool> cancel{false};
        std::atomic<int> progressCalls{0};
        ProbeControl control;
        control.cancel = &cancel;
        control.progress = [&](const ProbeProgress&) { ++progressCalls; };
        LatencyCurve curve;
        std::thread probe([&] { curve = mlsyslab::memory::measureLatencyCurve(options, control); });
        // Wait until it is measuring (the first progress report comes before the first run).
        while (progressCalls.load() < 2) std::this_thread::yield();
        cancel.store(true);
        probe.join();
        QVERIFY(curve.cancelled);
        QVERIFY(curve.points.empty());
    }
};

QTEST_GUILESS_MAIN(TestLatencyProbe)
#include "tst_latency_probe.moc"
