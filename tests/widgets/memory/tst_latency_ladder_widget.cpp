#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QtTest>
#include <memory>

#include "ProbeWidgetTestSupport.h"
#include "memory/LatencyLadderPlot.h"
#include "memory/LatencyLadderWidget.h"
#include "memory/ProbeText.h"

// The latency-ladder simulator: the lecture's figures and their analogy texts exactly, which
// rungs a state shows, and "Measure this machine" on the real engine with tiny working sets
// (the AMD EPYC sysfs fixture for the caches): to the end, cancelled, destroyed mid-run.
using mlsyslab::lesson::kinds::LatencyLadderState;
using mlsyslab::memory::HierarchyLevel;
using namespace mlsyslab::widgets;
using namespace probetest;

namespace {

// L1 and L2 of the fixture (32 KiB, 1 MiB): 16 KiB and 512 KiB are inside them; L3 and RAM
// would need tens of MiB, too much for a test.
mlsyslab::memory::MachineProbeOptions tinyOptions(double minRunMilliseconds = 0.0) {
    mlsyslab::memory::MachineProbeOptions options = LatencyLadderWidget::ladderProbeOptions();
    options.latency.workingSets = {16 * KiB, 512 * KiB};
    options.latency.runs = 1;
    options.latency.minLoadsPerRun = 1;
    options.latency.minRunMilliseconds = minRunMilliseconds;
    options.systemRoot = amdEpycSystemRoot();
    return options;
}

}  // namespace

class TestLatencyLadderWidget : public QObject {
    Q_OBJECT

private slots:
    // Seed 003's ladder, each figure as if one cycle were one second.
    void lectureFiguresWithTheAnalogy_data() {
        QTest::addColumn<int>("level");
        QTest::addColumn<QString>("withAnalogy");
        QTest::addColumn<QString>("withoutAnalogy");
        QTest::newRow("registers") << int(HierarchyLevel::Registers) << "1 cycle · 1 s"
                                   << "1 cycle";
        QTest::newRow("L1") << int(HierarchyLevel::L1) << "4 cycles · 4 s"
                            << "4 cycles";
        QTest::newRow("L2") << int(HierarchyLevel::L2) << "10 cycles · 10 s"
                            << "10 cycles";
        QTest::newRow("L3") << int(HierarchyLevel::L3) << "40 cycles · 40 s"
                            << "40 cycles";
        QTest::newRow("RAM") << int(HierarchyLevel::Ram) << "100 cycles · 1 min 40 s"
                             << "100 cycles";
        QTest::newRow("SSD") << int(HierarchyLevel::Ssd) << "10,000 cycles · 2 h 47 min"
                             << "10,000 cycles";
    }
    void lectureFiguresWithTheAnalogy() {
        QFETCH(int, level);
        QFETCH(QString, withAnalogy);
        QFETCH(QString, withoutAnalogy);
        LatencyLadderState state;
        LatencyLadderWidget shown(state, tinyOptions());
        QCOMPARE(shown.plot().lectureLabel(HierarchyLevel(level)), withAnalogy);
        state.analogy = false;
        LatencyLadderWidget plain(state, tinyOptions());
        QCOMPARE(plain.plot().lectureLabel(HierarchyLevel(level)), withoutAnalogy);
        QVERIFY(!child<QLabel>(plain, "analogyLabel")->isVisibleTo(&plain));
        QVERIFY(child<QLabel>(shown, "analogyLabel")->isVisibleTo(&shown));
    }

    void durationsReadAsAPersonWouldSayThem_data() {
        QTest::addColumn<double>("seconds");
        QTest::addColumn<QString>("text");
        QTest::newRow("1") << 1.0 << "1 s";
        QTest::newRow("4.2") << 4.2 << "4.2 s";
        QTest::newRow("9.96") << 9.96 << "10 s";
        QTest::newRow("40") << 40.0 << "40 s";
        QTest::newRow("59.4") << 59.4 << "59 s";
        QTest::newRow("60") << 60.0 << "1 min";
        QTest::newRow("100") << 100.0 << "1 min 40 s";
        QTest::newRow("747") << 747.0 << "12 min 27 s";
        QTest::newRow("3600") << 3600.0 << "1 h";
        QTest::newRow("10000") << 10000.0 << "2 h 47 min";
        QTest::newRow("100000") << 100000.0 << "1 day 4 h";
        QTest::newRow("172800") << 172800.0 << "2 days";
    }
    void durationsReadAsAPersonWouldSayThem() {
        QFETCH(double, seconds);
        QFETCH(QString, text);
        QCOMPARE(humanDurationText(seconds), text);
    }

    void measuredTexts() {
        QCOMPARE(measuredLatencyText(1.2, 4.15, false), QString("4.2 cycles · 1.2 ns"));
        QCOMPARE(measuredLatencyText(216.3, 747.4, true),
                 QString("747 cycles · 216 ns · 12 min 27 s"));
        QCOMPARE(measuredLatencyText(1.2, 0.0, true), QString("1.2 ns"));
    }

    void aStateShowsTheRungsItLists() {
        LatencyLadderState state;
        state.shown = {false, true, true, true, true, false};  // L1 to RAM
        LatencyLadderWidget widget(state, tinyOptions());
        QCOMPARE(widget.plot().levels(),
                 (std::vector<HierarchyLevel>{HierarchyLevel::L1, HierarchyLevel::L2,
                                              HierarchyLevel::L3, HierarchyLevel::Ram}));
        QCOMPARE(widget.plot().lectureLabel(HierarchyLevel::Ssd), QString());
        // Before measuring, the lecture's bars alone.
        QCOMPARE(widget.plot().measuredLabel(HierarchyLevel::L1), QString());
    }

    // Measure: L1 and L2 measured (from the working sets given), in cycles and ns; L3 and RAM
    // not (none of their working sets was measured); registers and SSD never.
    void measureThisMachine() {
        LatencyLadderWidget widget(LatencyLadderState{}, tinyOptions());
        widget.show();
        QTest::mouseClick(child<QPushButton>(widget, "measureButton"), Qt::LeftButton);
        QVERIFY(widget.isMeasuring());
        QCOMPARE(widget.plot().measuredLabel(HierarchyLevel::L1), QString("measuring…"));
        QCOMPARE(widget.plot().measuredLabel(HierarchyLevel::Registers), QString("not measured"));
        QTRY_VERIFY_WITH_TIMEOUT(!widget.isMeasuring(), 20000);
        const QRegularExpression measured("^[0-9.]+ cycles? · [0-9.]+ ns · [0-9.]+ s$");
        for (const HierarchyLevel level : {HierarchyLevel::L1, HierarchyLevel::L2}) {
            const QString label = widget.plot().measuredLabel(level);
            QVERIFY2(measured.match(label).hasMatch(), qPrintable(label));
            QVERIFY(widget.plot().measured(level)->cycles > 0.0);
        }
        for (const HierarchyLevel level : {HierarchyLevel::Registers, HierarchyLevel::L3,
                                           HierarchyLevel::Ram, HierarchyLevel::Ssd}) {
            QCOMPARE(widget.plot().measuredLabel(level), QString("not measured"));
            QVERIFY(!widget.plot().measured(level));
        }
        // The lecture's figures stay as they were.
        QCOMPARE(widget.plot().lectureLabel(HierarchyLevel::L1), QString("4 cycles · 4 s"));
        QCOMPARE(child<QLabel>(widget, "statusLabel")->text(), QString("Measured"));
        QVERIFY(child<QLabel>(widget, "legendLabel")->text().contains("AMD EPYC"));
        QCOMPARE(child<QPushButton>(widget, "measureButton")->text(), QString("Measure again"));
    }

    void cancelStopsTheRunAndTheWidgetStaysUsable() {
        LatencyLadderWidget widget(LatencyLadderState{}, tinyOptions(10'000.0));
        widget.show();
        for (int attempt = 0; attempt < 2; ++attempt) {
            QTest::mouseClick(child<QPushButton>(widget, "measureButton"), Qt::LeftButton);
            QVERIFY(widget.isMeasuring());
            // Generous waits: on a loaded machine the worker thread can start late.
            QTRY_VERIFY_WITH_TIMEOUT(
                child<QLabel>(widget, "statusLabel")->text().startsWith("Measuring latency"),
                20000);
            QTest::mouseClick(child<QPushButton>(widget, "cancelButton"), Qt::LeftButton);
            QTRY_VERIFY_WITH_TIMEOUT(!widget.isMeasuring(), 20000);
            QVERIFY(widget.measurement()->cancelled);
            QCOMPARE(child<QLabel>(widget, "statusLabel")->text(), QString("Cancelled"));
            QCOMPARE(widget.plot().measuredLabel(HierarchyLevel::L1), QString("not measured"));
            QVERIFY(child<QPushButton>(widget, "measureButton")->isEnabled());
        }
    }

    void destroyingTheWidgetMidRunIsClean() {
        auto widget =
            std::make_unique<LatencyLadderWidget>(LatencyLadderState{}, tinyOptions(10'000.0));
        widget->show();
        widget->startMeasuring();
        QTRY_VERIFY_WITH_TIMEOUT(
            child<QLabel>(*widget, "statusLabel")->text().startsWith("Measuring latency"), 20000);
        widget.reset();
        QCoreApplication::processEvents();
    }

    void measureTrueStartsWhenShown() {
        LatencyLadderState state;
        state.measure = true;
        LatencyLadderWidget widget(state, tinyOptions());
        QVERIFY(!widget.isMeasuring());
        widget.show();
        QVERIFY(widget.isMeasuring());
        QTRY_VERIFY_WITH_TIMEOUT(widget.measurement() != nullptr, 20000);
        QVERIFY(widget.plot().measured(HierarchyLevel::L1).has_value());
    }
};

QTEST_MAIN(TestLatencyLadderWidget)
#include "tst_latency_ladder_widget.moc"
