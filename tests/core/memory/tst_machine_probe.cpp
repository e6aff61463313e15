#include <QtTest>
#include <atomic>
#include <cmath>
#include <thread>

#include "memory/BandwidthProbe.h"
#include "memory/ClockEstimate.h"
#include "memory/MachineProbe.h"

// The clock estimate, the triad bandwidth probe and the whole machine probe, on tiny sizes. No
// assertion on speed beyond "a number a real CPU could give".
namespace {

using mlsyslab::memory::BandwidthProbeOptions;
using mlsyslab::memory::BandwidthResult;
using mlsyslab::memory::CacheInfo;
using mlsyslab::memory::CacheTopology;
using mlsyslab::memory::CacheType;
using mlsyslab::memory::MachineMeasurement;
using mlsyslab::memory::MachineProbeEvents;
using mlsyslab::memory::MachineProbeOptions;
using mlsyslab::memory::ProbeControl;
using mlsyslab::memory::ProbePhase;
using mlsyslab::memory::ProbeProgress;

constexpr std::uint64_t KiB = 1024;
constexpr std::uint64_t MiB = 1024 * 1024;

// 4 KiB to 64 KiB, no bandwidth, caches read from the AMD EPYC fixture.
MachineProbeOptions tinyMachineOptions() {
    MachineProbeOptions options;
    options.latency.minWorkingSetBytes = 4 * KiB;
    options.latency.maxWorkingSetBytes = 64 * KiB;
    options.latency.pointsPerOctave = 1;
    options.latency.runs = 3;
    options.latency.minLoadsPerRun = 1;
    options.latency.minRunMilliseconds = 0.0;
    options.measureBandwidth = false;
    options.systemRoot =
        std::filesystem::path(MLSYSLAB_TEST_DATA_DIR) / "memory" / "sysfs" / "amd-epyc";
    return options;
}

}  // namespace

class TestMachineProbe : public QObject {
    Q_OBJECT

private slots:
    void clockEstimateIsAPlausibleFrequency() {
        const double gigahertz = mlsyslab::memory::estimateClockGHz();
        QVERIFY2(gigahertz > 0.5 && gigahertz < 10.0, qPrintable(QString::number(gigahertz)));
    }

    void clockEstimateStopsWhenCancelled() {
        std::atomic<bool> cancel{true};
        ProbeControl control;
        control.cancel = &cancel;
        QCOMPARE(mlsyslab::memory::estimateClockGHz(control), 0.0);
    }

    void streamArraysAreFourTimesTheLargestCacheAndAtLeast64MiB() {
        QCOMPARE(mlsyslab::memory::streamArrayBytes(CacheTopology{}), 64 * MiB);
        const CacheTopology epyc{
            "", {{1, CacheType::Data, 32 * KiB, 8, 64}, {3, CacheType::Unified, 32 * MiB, 16, 64}}};
        QCOMPARE(mlsyslab::memory::streamArrayBytes(epyc), 128 * MiB);
    }

    void triadOnOneThreadAndOnAll_data() {
        QTest::addColumn<unsigned>("threads");
        QTest::newRow("one thread") << 1u;
        QTest::newRow("two threads") << 2u;
        QTest::newRow("all threads") << 0u;
    }
    void triadOnOneThreadAndOnAll() {
        QFETCH(unsigned, threads);
        std::vector<double> fractions;
        ProbeControl control;
        control.progress = [&](const ProbeProgress& progress) {
            fractions.push_back(progress.fraction);
        };
        const BandwidthResult result = mlsyslab::memory::measureTriadBandwidth(
            BandwidthProbeOptions{.arrayBytes = 1 * MiB, .runs = 3, .threads = threads}, control);
        QVERIFY(result.error.empty());
        QVERIFY(!result.cancelled);
        QCOMPARE(result.arrayBytes, 1 * MiB);
        QCOMPARE(result.threads,
                 threads != 0 ? threads : std::max(1u, std::thread::hardware_concurrency()));
        QVERIFY(std::isfinite(result.bestGBps) && result.bestGBps > 0.0);
        QVERIFY(result.medianGBps > 0.0 && result.medianGBps <= result.bestGBps);
        QVERIFY(std::is_sorted(fractions.begin(), fractions.end()));
        QCOMPARE(fractions.front(), 0.0);
        QCOMPARE(fractions.back(), 1.0);
    }

    void triadStopsWhenCancelled() {
        std::atomic<bool> cancel{true};
        ProbeControl control;
        control.cancel = &cancel;
        const BandwidthResult result = mlsyslab::memory::measureTriadBandwidth(
            BandwidthProbeOptions{.arrayBytes = 1 * MiB, .runs = 3, .threads = 2}, control);
        QVERIFY(result.cancelled);
        QCOMPARE(result.bestGBps, 0.0);
    }

    // The whole probe: topology from the fixture, a clock, the curve (reported point by point)
    // and its plateaus; one progress bar from 0 to 1 through the phases.
    void machineProbeRunsEveryPhase() {
        std::vector<ProbeProgress> progress;
        std::vector<std::uint64_t> points;
        int topologyCalls = 0;
        double reportedClock = 0.0;
        MachineProbeEvents events;
        events.progress = [&](const ProbeProgress& step) { progress.push_back(step); };
        events.topologyRead = [&](const CacheTopology& topology) {
            ++topologyCalls;
            QCOMPARE(topology.cpuModel, std::string("AMD EPYC"));
        };
        events.clockEstimated = [&](double gigahertz) { reportedClock = gigahertz; };
        events.pointMeasured = [&](const mlsyslab::memory::LatencyPoint& point) {
            points.push_back(point.workingSetBytes);
        };
        const MachineMeasurement measurement =
            mlsyslab::memory::probeMachine(tinyMachineOptions(), events);
        QVERIFY(!measurement.cancelled);
        QCOMPARE(topologyCalls, 1);
        QCOMPARE(measurement.topology.caches.size(), std::size_t(4));
        QVERIFY(measurement.clockGHz > 0.5 && measurement.clockGHz < 10.0);
        QCOMPARE(reportedClock, measurement.clockGHz);
        QCOMPARE(points,
                 (std::vector<std::uint64_t>{4 * KiB, 8 * KiB, 16 * KiB, 32 * KiB, 64 * KiB}));
        QCOMPARE(measurement.curve.points.size(), std::size_t(5));
        // L1's plateau lies within 4..16 KiB (how far it reaches depends on the timings, which
        // a busy machine disturbs); L2's range starts at 64 KiB: one point.
        QCOMPARE(measurement.levels.size(), std::size_t(2));
        QCOMPARE(measurement.levels[0].name, std::string("L1"));
        QVERIFY(measurement.levels[0].fromBytes >= 4 * KiB);
        QVERIFY(measurement.levels[0].toBytes >= measurement.levels[0].fromBytes);
        QVERIFY(measurement.levels[0].toBytes <= 16 * KiB);
        QCOMPARE(measurement.levels[1].name, std::string("L2"));
        QCOMPARE(measurement.levels[1].fromBytes, 64 * KiB);
        QVERIFY(measurement.levels[0].cycles > 0.0);
        QVERIFY(!measurement.oneThread && !measurement.allThreads);
        // The clock phase first, then the latency; fractions never decrease and end at 1.
        QCOMPARE(progress.front().phase, ProbePhase::Clock);
        QCOMPARE(progress.front().fraction, 0.0);
        for (std::size_t index = 1; index < progress.size(); ++index) {
            QVERIFY(progress[index].fraction >= progress[index - 1].fraction);
        }
        QCOMPARE(progress.back().fraction, 1.0);
    }

    void machineProbeMeasuresBandwidthWhenAsked() {
        MachineProbeOptions options = tinyMachineOptions();
        options.latency.maxWorkingSetBytes = 8 * KiB;
        options.measureBandwidth = true;
        options.bandwidth.arrayBytes = 1 * MiB;
        options.bandwidth.runs = 2;
        std::vector<ProbePhase> phases;
        MachineProbeEvents events;
        events.progress = [&](const ProbeProgress& step) {
            if (phases.empty() || phases.back() != step.phase) phases.push_back(step.phase);
        };
        const MachineMeasurement measurement = mlsyslab::memory::probeMachine(options, events);
        QVERIFY(!measurement.cancelled);
        QVERIFY(measurement.oneThread.has_value());
        QVERIFY(measurement.allThreads.has_value());
        QCOMPARE(measurement.oneThread->threads, 1u);
        QCOMPARE(measurement.allThreads->threads,
                 std::max(1u, std::thread::hardware_concurrency()));
        QVERIFY(measurement.oneThread->bestGBps > 0.0);
        QCOMPARE(phases, (std::vector<ProbePhase>{ProbePhase::Clock, ProbePhase::Latency,
                                                  ProbePhase::BandwidthOneThread,
                                                  ProbePhase::BandwidthAllThreads}));
    }

    void machineProbeStopsWhenCancelled() {
        std::atomic<bool> cancel{true};
        MachineProbeEvents events;
        events.cancel = &cancel;
        bool pointSeen = false;
        events.pointMeasured = [&](const mlsyslab::memory::LatencyPoint&) { pointSeen = true; };
        const MachineMeasurement measurement =
            mlsyslab::memory::probeMachine(tinyMachineOptions(), events);
        QVERIFY(measurement.cancelled);
        QVERIFY(!pointSeen);
        QVERIFY(measurement.curve.points.empty());
    }
};

QTEST_GUILESS_MAIN(TestMachineProbe)
#include "tst_machine_probe.moc"
