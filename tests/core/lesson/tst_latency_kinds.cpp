#include <yaml-cpp/yaml.h>

#include <QtTest>

#include "LessonTestSupport.h"
#include "lesson/KindSpec.h"
#include "memory/lesson/LatencyLadderKind.h"
#include "memory/lesson/LatencyProbeKind.h"

// The state readers of ```sim latency-probe and ```sim latency-ladder: every field, the
// defaults, and each problem at its line:column in the fence body (0-based, as yaml-cpp marks).
using mlsyslab::lesson::kinds::LatencyLadderState;
using mlsyslab::lesson::kinds::LatencyProbeState;
using mlsyslab::lesson::kinds::latencyLadderKind;
using mlsyslab::lesson::kinds::latencyProbeKind;
using mlsyslab::memory::HierarchyLevel;
using mlsyslab::testing::describe;

class TestLatencyKinds : public QObject {
    Q_OBJECT

private slots:
    void probeReadsEveryField() {
        const auto reading = latencyProbeKind().read(YAML::Load(
            "auto_run: true\nmax_size: 64MiB\npoints_per_octave: 2\nbandwidth: false\n"));
        QCOMPARE(describe(reading.problems), QStringList());
        QVERIFY(reading.state.autoRun);
        QCOMPARE(reading.state.maxSizeBytes, std::uint64_t(64) << 20);
        QCOMPARE(reading.state.pointsPerOctave, 2);
        QVERIFY(!reading.state.bandwidth);
    }

    void probeDefaults() {
        const auto reading = latencyProbeKind().read(YAML::Load("auto_run: false\n"));
        QCOMPARE(describe(reading.problems), QStringList());
        QVERIFY(reading.state == LatencyProbeState{});
        const LatencyProbeState defaults;
        QVERIFY(!defaults.autoRun);
        QCOMPARE(defaults.maxSizeBytes, std::uint64_t(256) << 20);
        QCOMPARE(defaults.pointsPerOctave, 4);
        QVERIFY(defaults.bandwidth);
        // Sizes in bytes, or with a suffix, to the limits.
        QCOMPARE(latencyProbeKind().read(YAML::Load("max_size: 65536")).state.maxSizeBytes,
                 std::uint64_t(65536));
        QCOMPARE(latencyProbeKind().read(YAML::Load("max_size: 4GiB")).state.maxSizeBytes,
                 std::uint64_t(4) << 30);
    }

    void probeProblems_data() {
        QTest::addColumn<QString>("yaml");
        QTest::addColumn<QStringList>("problems");
        QTest::newRow("auto_run not a flag")
            << "auto_run: yes\n"
            << QStringList{"error 0:10 auto_run must be true or false"};
        QTest::newRow("size too small")
            << "max_size: 4KiB\n"
            << QStringList{
                   "error 0:10 max_size must be a size from 64KiB to 4GiB, like 256MiB "
                   "or 1GiB"};
        QTest::newRow("size too large")
            << "bandwidth: true\nmax_size: 8GiB\n"
            << QStringList{
                   "error 1:10 max_size must be a size from 64KiB to 4GiB, like 256MiB "
                   "or 1GiB"};
        QTest::newRow("size not a size")
            << "max_size: big\n"
            << QStringList{
                   "error 0:10 max_size must be a size from 64KiB to 4GiB, like 256MiB "
                   "or 1GiB"};
        QTest::newRow("points out of range")
            << "points_per_octave: 9\n"
            << QStringList{"error 0:19 points_per_octave must be a whole number from 1 to 8"};
    }
    void probeProblems() {
        QFETCH(QString, yaml);
        QFETCH(QStringList, problems);
        QCOMPARE(describe(latencyProbeKind().read(YAML::Load(yaml.toStdString())).problems),
                 problems);
    }

    void ladderReadsEveryField() {
        const auto reading = latencyLadderKind().read(
            YAML::Load("levels: [l1, l2, l3, ram]\nmeasure: true\nanalogy: false\n"));
        QCOMPARE(describe(reading.problems), QStringList());
        QVERIFY(!reading.state.shows(HierarchyLevel::Registers));
        QVERIFY(reading.state.shows(HierarchyLevel::L1));
        QVERIFY(reading.state.shows(HierarchyLevel::Ram));
        QVERIFY(!reading.state.shows(HierarchyLevel::Ssd));
        QVERIFY(reading.state.measure);
        QVERIFY(!reading.state.analogy);
    }

    void ladderDefaults() {
        const LatencyLadderState defaults;
        for (int level = 0; level < mlsyslab::memory::kHierarchyLevelCount; ++level) {
            QVERIFY(defaults.shows(HierarchyLevel(level)));
        }
        QVERIFY(!defaults.measure);
        QVERIFY(defaults.analogy);
    }

    void ladderProblems_data() {
        QTest::addColumn<QString>("yaml");
        QTest::addColumn<QStringList>("problems");
        QTest::newRow("unknown level")
            << "levels: [l1, dram]\n"
            << QStringList{
                   "error 0:13 levels must be registers, l1, l2, l3, ram or ssd; did you "
                   "mean 'ram'?"};
        QTest::newRow("misspelt level")
            << "levels: [registrs]\n"
            << QStringList{
                   "error 0:9 levels must be registers, l1, l2, l3, ram or ssd; did you "
                   "mean 'registers'?"};
        QTest::newRow("not a list")
            << "levels: l1\n"
            << QStringList{
                   "error 0:8 levels must be a list of at least one level, like 'levels: "
                   "[l1, l2, l3, ram]' (the levels are registers, l1, l2, l3, ram and "
                   "ssd)"};
        QTest::newRow("empty list")
            << "levels: []\n"
            << QStringList{
                   "error 0:8 levels must be a list of at least one level, like 'levels: "
                   "[l1, l2, l3, ram]' (the levels are registers, l1, l2, l3, ram and "
                   "ssd)"};
        QTest::newRow("listed twice") << "levels: [l1, l1]\n"
                                      << QStringList{"warning 0:13 levels: 'l1' is listed twice"};
        QTest::newRow("measure not a flag")
            << "measure: on\n"
            << QStringList{"error 0:9 measure must be true or false"};
    }
    void ladderProblems() {
        QFETCH(QString, yaml);
        QFETCH(QStringList, problems);
        QCOMPARE(describe(latencyLadderKind().read(YAML::Load(yaml.toStdString())).problems),
                 problems);
    }
};

QTEST_MAIN(TestLatencyKinds)
#include "tst_latency_kinds.moc"
