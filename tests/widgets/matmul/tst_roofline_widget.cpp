#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QtTest>
#include <memory>

#include "matmul/RooflinePlot.h"
#include "matmul/RooflineReadout.h"
#include "matmul/RooflineWidget.h"

// The roofline simulator driven through its buttons, on the real engine with tiny probes (a
// 20 ms FMA peak, 1 MiB triad arrays and matrix, 32×32 products): the datasheet roof and the
// workloads before measuring, then the measured roof, its ridge and every point with its
// readout; Cancel, closing mid-run, auto_run, the default backends, and a backend that cannot
// run. Nothing asserts a speed.
using mlsyslab::lesson::kinds::RooflineState;
using mlsyslab::lesson::kinds::RooflineWorkload;
using namespace mlsyslab::widgets;

namespace {

constexpr int kMeasureTimeoutMs = 30000;

template <typename T>
T* child(QWidget& widget, const char* name) {
    T* found = widget.findChild<T*>(QLatin1String(name));
    if (found == nullptr) qFatal("no child %s", name);
    return found;
}

mlsyslab::matmul::RooflineMeasureOptions tinyOptions(double peakSeconds = 0.02) {
    mlsyslab::matmul::RooflineMeasureOptions options;
    options.peakSeconds = peakSeconds;
    options.bandwidthArrayBytes = 1 << 20;
    options.bandwidthRuns = 2;
    options.matvecOptions.matrixBytes = 1 << 20;
    options.matvecOptions.runs = 2;
    options.matmulRepeats = 1;
    options.maxSecondsPerCase = 0.0;
    return options;
}

RooflineState tinyState() {
    RooflineState state;
    state.backends = {"naive", "ikj"};
    state.size = 32;
    state.gpuDevice = "h100";
    state.workloads = {RooflineWorkload{"LLM decode, batch 1", 1.0},
                       RooflineWorkload{"training, batch 1024", 300.0}};
    return state;
}

// In a window without a layout, as in the lesson player's scroll area (see
// tst_matmul_bench_widget.cpp).
QWidget& host() {
    static QWidget* window = [] {
        auto* created = new QWidget;
        created->resize(1280, 1000);
        created->show();
        return created;
    }();
    return *window;
}

std::unique_ptr<RooflineWidget> hostedWidget(const RooflineState& state,
                                             double peakSeconds = 0.02) {
    auto widget = std::make_unique<RooflineWidget>(state, tinyOptions(peakSeconds), &host());
    widget->resize(1280, 1000);
    return widget;
}

}  // namespace

class TestRooflineWidget : public QObject {
    Q_OBJECT

private slots:
    // The GPU's datasheet roof and the workloads need no measurement.
    void beforeMeasuringTheDatasheetAndTheWorkloadsShow() {
        auto widget = hostedWidget(tinyState());
        const RooflinePlot& plot = widget->plot();
        QVERIFY(!plot.hasMachineRoof());
        QCOMPARE(plot.pointCount(), 0);
        QCOMPARE(plot.roofLabels(),
                 (QStringList{"H100 SXM5 80GB (datasheet)\nFP16 tensor cores: 989 TFLOPS",
                              "H100 SXM5 80GB (datasheet)\nFP32: 66.9 TFLOPS",
                              "H100 SXM5 80GB (datasheet): 3.35 TB/s"}));
        QCOMPARE(plot.workloadLabels(), (QStringList{"LLM decode, batch 1: 1 flop/byte",
                                                     "training, batch 1024: 300 flop/byte"}));
        QCOMPARE(widget->readout().rowCount(), 0);
        QVERIFY(child<QPushButton>(*widget, "measureButton")->isEnabled());
        QVERIFY(!child<QPushButton>(*widget, "cancelButton")->isEnabled());
        QVERIFY(!widget->measurement());
    }

    // Measure: the roof (slope, ridge, peak) from the measured peak and bandwidth, then the
    // matrix-vector point and a point per backend, each in the readout.
    void measuringDrawsTheRoofAndThePoints() {
        auto widget = hostedWidget(tinyState());
        widget->show();
        QSignalSpy finished(widget.get(), &RooflineWidget::measuringFinished);
        QTest::mouseClick(child<QPushButton>(*widget, "measureButton"), Qt::LeftButton);
        QVERIFY(widget->isMeasuring());
        QVERIFY(child<QProgressBar>(*widget, "progressBar")->isVisible());
        QVERIFY(child<QPushButton>(*widget, "cancelButton")->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(!widget->isMeasuring(), kMeasureTimeoutMs);
        QCOMPARE(finished.count(), 1);
        const auto measurement = widget->measurement();
        QVERIFY(measurement != nullptr);
        QVERIFY2(measurement->error.empty(), measurement->error.c_str());
        QVERIFY(!measurement->cancelled);
        QVERIFY(measurement->peakGflops > 0.0);
        QVERIFY(measurement->bandwidthGBps > 0.0);

        const mlsyslab::matmul::Roofline roof = measurement->roofline();
        const RooflinePlot& plot = widget->plot();
        QVERIFY(plot.hasMachineRoof());
        const std::vector<QPointF> corners = plot.machineRoofCorners();
        QCOMPARE(corners.size(), std::size_t(3));
        QCOMPARE(corners[0].y(), corners[0].x() * roof.bandwidthGBps);  // on the slope
        QCOMPARE(corners[1].x(), roof.ridgeFlopsPerByte());
        QCOMPARE(corners[1].y(), roof.peakGflops);
        QCOMPARE(corners[2].y(), roof.peakGflops);
        const QStringList roofs = plot.roofLabels();
        QCOMPARE(roofs.size(), 5);  // the datasheet's three, then this machine's two
        QVERIFY2(roofs[3].startsWith("this machine's peak: "), qPrintable(roofs[3]));
        QVERIFY2(roofs[4].startsWith("this machine's memory: "), qPrintable(roofs[4]));

        QCOMPARE(plot.pointCount(), 3);
        const QStringList points = plot.pointLabels();
        QVERIFY2(points[0].startsWith("matrix-vector: "), qPrintable(points[0]));
        QVERIFY2(points[1].startsWith("naive: "), qPrintable(points[1]));
        QVERIFY2(points[2].startsWith("ikj: "), qPrintable(points[2]));

        const RooflineReadout& readout = widget->readout();
        QCOMPARE(readout.rowCount(), 3);
        QCOMPARE(readout.cellText(0, RooflineReadout::PointColumn),
                 QString("matrix-vector y = A·x (512×512)"));
        QCOMPARE(readout.cellText(0, RooflineReadout::BoundColumn), QString("memory-bound"));
        QCOMPARE(readout.cellText(1, RooflineReadout::PointColumn), QString("naive, N = 32"));
        QCOMPARE(readout.cellText(2, RooflineReadout::PointColumn), QString("ikj, N = 32"));
        // 2·32³ flops over 3 · 32² · 4 bytes: 32/6 flop/byte.
        QCOMPARE(readout.cellText(1, RooflineReadout::IntensityColumn), QString("5.33"));
        const QString bound = roof.isMemoryBound(32.0 / 6.0) ? "memory-bound" : "compute-bound";
        QCOMPARE(readout.cellText(1, RooflineReadout::BoundColumn), bound);
        for (int row = 0; row < 3; ++row) {
            QVERIFY(readout.cellText(row, RooflineReadout::GflopsColumn).toDouble() > 0.0);
            QVERIFY(readout.cellText(row, RooflineReadout::RoofShareColumn).endsWith(" %"));
        }
        QVERIFY(child<QLabel>(*widget, "roofLabel")->text().contains("flop/byte"));
        QVERIFY(child<QLabel>(*widget, "statusLabel")->text().startsWith("Done in "));
        QCOMPARE(child<QPushButton>(*widget, "measureButton")->text(), QString("Measure again"));
        QVERIFY(!child<QProgressBar>(*widget, "progressBar")->isVisible());
    }

    // Cancel during the FMA peak (here it would take 10 s): no roof, the widget usable again.
    void cancelStopsAndKeepsTheWidgetUsable() {
        auto widget = hostedWidget(tinyState(), /*peakSeconds=*/10.0);
        widget->show();
        QTest::mouseClick(child<QPushButton>(*widget, "measureButton"), Qt::LeftButton);
        QVERIFY(widget->isMeasuring());
        QTest::mouseClick(child<QPushButton>(*widget, "cancelButton"), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!widget->isMeasuring(), 5000);
        QVERIFY(widget->measurement()->cancelled);
        QVERIFY(!widget->plot().hasMachineRoof());
        QCOMPARE(widget->plot().pointCount(), 0);
        QCOMPARE(child<QLabel>(*widget, "statusLabel")->text(),
                 QString("Cancelled: what was measured stays"));
        QVERIFY(child<QPushButton>(*widget, "measureButton")->isEnabled());
        QVERIFY(!child<QPushButton>(*widget, "cancelButton")->isEnabled());
    }

    void destroyingTheWidgetMidRunIsClean() {
        auto widget = hostedWidget(tinyState(), /*peakSeconds=*/10.0);
        widget->show();
        widget->startMeasuring();
        QVERIFY(widget->isMeasuring());
        widget.reset();
        QCoreApplication::processEvents();  // any late event of the run must go nowhere
    }

    void autoRunStartsWhenShown() {
        RooflineState state = tinyState();
        state.autoRun = true;
        state.matvec = false;
        auto widget = hostedWidget(state);
        QVERIFY(!widget->isMeasuring());  // not when the lesson loads
        widget->show();
        QVERIFY(widget->isMeasuring());
        QTRY_VERIFY_WITH_TIMEOUT(widget->measurement() != nullptr, kMeasureTimeoutMs);
        QCOMPARE(widget->plot().pointCount(), 2);  // no matrix-vector this time
        QCOMPARE(widget->readout().rowCount(), 2);
    }

    // No backends in the lesson: simd, threads and openblas, and the GPU rungs only where they
    // can run.
    void theDefaultBackendsAreTheFastRungs() {
        RooflineState state;
        state.size = 16;
        state.matvec = false;
        auto widget = hostedWidget(state);
        widget->startMeasuring();
        QTRY_VERIFY_WITH_TIMEOUT(!widget->isMeasuring(), kMeasureTimeoutMs);
        const RooflineReadout& readout = widget->readout();
        QVERIFY(readout.rowCount() >= 3);
        QCOMPARE(readout.cellText(0, RooflineReadout::PointColumn), QString("simd, N = 16"));
        QCOMPARE(readout.cellText(1, RooflineReadout::PointColumn), QString("threads, N = 16"));
        QCOMPARE(readout.cellText(2, RooflineReadout::PointColumn), QString("openblas, N = 16"));
        for (int row = 3; row < readout.rowCount(); ++row) {
            // A GPU rung is listed only where it runs.
            QVERIFY(!readout.cellText(row, RooflineReadout::BoundColumn).startsWith("unavailable"));
        }
    }

    // A backend the lesson names that cannot run here says why in the readout.
    void aBackendThatCannotRunSaysWhy() {
        RooflineState state = tinyState();
        state.backends = {"naive", "cuda-naive"};
        state.matvec = false;
        auto widget = hostedWidget(state);
        widget->startMeasuring();
        QTRY_VERIFY_WITH_TIMEOUT(!widget->isMeasuring(), kMeasureTimeoutMs);
        const auto& results = widget->measurement()->matmul;
        QCOMPARE(results.size(), std::size_t(2));
        if (results[1].status == mlsyslab::matmul::BenchStatus::Ok)
            QSKIP("this machine has a CUDA device");
        const RooflineReadout& readout = widget->readout();
        QCOMPARE(readout.cellText(1, RooflineReadout::GflopsColumn), QString("—"));
        QVERIFY2(readout.cellText(1, RooflineReadout::BoundColumn).startsWith("unavailable: "),
                 qPrintable(readout.cellText(1, RooflineReadout::BoundColumn)));
        QCOMPARE(widget->plot().pointCount(), 1);
    }
};

QTEST_MAIN(TestRooflineWidget)
#include "tst_roofline_widget.moc"
