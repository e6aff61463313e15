#include <QComboBox>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QtTest>
#include <memory>

#include "ProbeWidgetTestSupport.h"
#include "memory/LatencyCurvePlot.h"
#include "memory/LatencyProbeWidget.h"

// The latency-probe simulator driven through its buttons, on the real engine with tiny runs
// (4 KiB to 64 KiB, one chunk of loads per run) and the AMD EPYC sysfs fixture for the caches:
// a run to the end with its points and labels, Cancel, a second run, destruction mid-run,
// auto_run. Nothing asserts a speed.
using mlsyslab::lesson::kinds::LatencyProbeState;
using namespace mlsyslab::widgets;
using namespace probetest;

namespace {

mlsyslab::memory::MachineProbeOptions tinyOptions(double minRunMilliseconds = 0.0) {
    mlsyslab::memory::MachineProbeOptions options;
    options.latency.minWorkingSetBytes = 4 * KiB;
    options.latency.runs = 3;
    options.latency.minLoadsPerRun = 1;
    options.latency.minRunMilliseconds = minRunMilliseconds;
    options.bandwidth.arrayBytes = 1024 * KiB;
    options.bandwidth.runs = 2;
    options.systemRoot = amdEpycSystemRoot();
    return options;
}

LatencyProbeState tinyState(bool bandwidth = false) {
    LatencyProbeState state;
    state.maxSizeBytes = 64 * KiB;
    state.pointsPerOctave = 1;
    state.bandwidth = bandwidth;
    return state;
}

}  // namespace

class TestLatencyProbeWidget : public QObject {
    Q_OBJECT

private slots:
    void beforeMeasuringShowsTheCachesAndWaits() {
        LatencyProbeWidget widget(tinyState(), tinyOptions());
        QVERIFY(!widget.isMeasuring());
        QVERIFY(!widget.measurement());
        QCOMPARE(widget.plot().pointCount(), 0);
        // Only L1 (32 KiB) is inside a curve that ends at 64 KiB.
        QCOMPARE(widget.plot().cacheLabels(), QStringList{"L1 32 KiB"});
        QVERIFY(widget.plot().plateauLabels().isEmpty());
        QVERIFY(!widget.plot().yAxis2->tickLabels());  // no clock yet
        QVERIFY(child<QPushButton>(widget, "measureButton")->isEnabled());
        QVERIFY(!child<QPushButton>(widget, "cancelButton")->isEnabled());
        QCOMPARE(child<QLabel>(widget, "machineLabel")->text(), QString("AMD EPYC"));
        auto* sizes = child<QComboBox>(widget, "maxSizeSelector");
        QCOMPARE(sizes->currentData().toULongLong(), 64 * KiB);
        QCOMPARE(sizes->currentText(), QString("up to 64 KiB"));
    }

    // Measure: every working set plotted, the plateaus labelled in ns and cycles, the clock in
    // the machine line, and the button offers to measure again.
    void aRunDrawsTheCurveAndItsPlateaus() {
        LatencyProbeWidget widget(tinyState(true), tinyOptions());
        widget.show();
        QSignalSpy finished(&widget, &LatencyProbeWidget::measuringFinished);
        QTest::mouseClick(child<QPushButton>(widget, "measureButton"), Qt::LeftButton);
        QVERIFY(widget.isMeasuring());
        QVERIFY(!child<QPushButton>(widget, "measureButton")->isEnabled());
        QVERIFY(child<QPushButton>(widget, "cancelButton")->isEnabled());
        QVERIFY(child<QProgressBar>(widget, "progressBar")->isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(!widget.isMeasuring(), 20000);
        QCOMPARE(finished.count(), 1);
        const auto measurement = widget.measurement();
        QVERIFY(measurement && !measurement->cancelled);
        QCOMPARE(widget.plot().pointCount(), 5);  // 4, 8, 16, 32, 64 KiB
        QCOMPARE(widget.plot().graph(0)->dataCount(), 5);
        const QStringList labels = widget.plot().plateauLabels();
        QCOMPARE(labels.size(), 2);  // L1 (4..16 KiB) and L2 (its range starts at 64 KiB)
        QVERIFY2(
            QRegularExpression("^L1 ≈ [0-9.]+ ns\\n≈ [0-9.]+ cycles?$").match(labels[0]).hasMatch(),
            qPrintable(labels[0]));
        QVERIFY(labels[1].startsWith("L2 ≈ "));
        QVERIFY(child<QLabel>(widget, "machineLabel")->text().contains(" GHz (estimated)"));
        QVERIFY(
            child<QLabel>(widget, "statusLabel")->text().startsWith("Done: 5 working sets in "));
        QCOMPARE(child<QPushButton>(widget, "measureButton")->text(), QString("Measure again"));
        QVERIFY(child<QPushButton>(widget, "measureButton")->isEnabled());
        QVERIFY(!child<QPushButton>(widget, "cancelButton")->isEnabled());
        const QString bandwidth = child<QLabel>(widget, "bandwidthLabel")->text();
        QVERIFY2(bandwidth.contains("GB/s</b> on one thread"), qPrintable(bandwidth));
        QVERIFY(child<QLabel>(widget, "lectureBandwidthLabel")->text().contains("~20 GB/s"));
        QVERIFY(widget.plot().yAxis2->tickLabels());  // cycles, once the clock is known
        QVERIFY(widget.plot().yAxis2->label().startsWith("cycles per load at "));
    }

    // Cancel stops within the next check (here every run would take 10 s), keeps the widget
    // usable, and a second Measure starts again.
    void cancelStopsTheRunAndTheWidgetStaysUsable() {
        LatencyProbeWidget widget(tinyState(), tinyOptions(10'000.0));
        widget.show();
        auto* measure = child<QPushButton>(widget, "measureButton");
        auto* cancel = child<QPushButton>(widget, "cancelButton");
        for (int attempt = 0; attempt < 2; ++attempt) {
            QTest::mouseClick(measure, Qt::LeftButton);
            QVERIFY(widget.isMeasuring());
            QTRY_VERIFY(
                child<QLabel>(widget, "statusLabel")->text().startsWith("Measuring latency"));
            QTest::mouseClick(cancel, Qt::LeftButton);
            QTRY_VERIFY_WITH_TIMEOUT(!widget.isMeasuring(), 5000);
            QVERIFY(widget.measurement()->cancelled);
            QCOMPARE(child<QLabel>(widget, "statusLabel")->text(),
                     QString("Cancelled after 0 working sets"));
            QVERIFY(measure->isEnabled());
            QVERIFY(!cancel->isEnabled());
        }
    }

    // Closing the step while the probe runs: the widget cancels and waits for its thread.
    void destroyingTheWidgetMidRunIsClean() {
        auto widget = std::make_unique<LatencyProbeWidget>(tinyState(), tinyOptions(10'000.0));
        widget->show();
        widget->startMeasuring();
        QTRY_VERIFY(child<QLabel>(*widget, "statusLabel")->text().startsWith("Measuring latency"));
        widget.reset();
        QCoreApplication::processEvents();  // any late event of the run must go nowhere
    }

    void autoRunStartsWhenShown() {
        LatencyProbeState state = tinyState();
        state.autoRun = true;
        LatencyProbeWidget widget(state, tinyOptions());
        QVERIFY(!widget.isMeasuring());  // not when the lesson loads
        widget.show();
        QVERIFY(widget.isMeasuring());
        QTRY_VERIFY_WITH_TIMEOUT(widget.measurement() != nullptr, 20000);
        QCOMPARE(widget.plot().pointCount(), 5);
    }

    void theStatesLargestSizeIsOffered() {
        LatencyProbeState state = tinyState();
        state.maxSizeBytes = 3 * 1024 * KiB;
        LatencyProbeWidget widget(state, tinyOptions());
        auto* sizes = child<QComboBox>(widget, "maxSizeSelector");
        QCOMPARE(sizes->currentText(), QString("up to 3 MiB"));
        QCOMPARE(sizes->count(), 6);  // 16 MiB, 64 MiB, 256 MiB, 512 MiB, 1 GiB and 3 MiB
        QCOMPARE(widget.plot().cacheLabels(), (QStringList{"L1 32 KiB", "L2 1 MiB"}));
    }
};

QTEST_MAIN(TestLatencyProbeWidget)
#include "tst_latency_probe_widget.moc"
