#include <QCheckBox>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>
#include <memory>

#include "matmul/BenchPlot.h"
#include "matmul/BenchResultsCsv.h"
#include "matmul/BenchResultsTable.h"
#include "matmul/MachineSurvey.h"
#include "matmul/MatmulBenchWidget.h"
#include "matmul/SeedComparisonTable.h"

// The matmul-bench simulator driven through its controls, on the real engine with tiny sizes
// (8 and 16; 600 only to have something to cancel): a run to the end with its points, rows and
// speedups, Cancel, closing mid-run, bad sizes, CSV and PNG export, auto_run, backends that
// cannot run here, and the seed experiment's labels. Nothing asserts a speed.
using mlsyslab::lesson::kinds::MatmulBenchState;
using namespace mlsyslab::widgets;
using Column = BenchResultsTable::Column;

namespace {

constexpr int kSurveyTimeoutMs = 30000;
constexpr int kRunTimeoutMs = 30000;

template <typename T>
T* child(QWidget& widget, const QString& name) {
    T* found = widget.findChild<T*>(name);
    if (found == nullptr) qFatal("no child %s", qPrintable(name));
    return found;
}

MatmulBenchState stateWith(std::vector<std::string> backends, std::vector<std::int64_t> sizes) {
    MatmulBenchState state;
    state.backends = std::move(backends);
    state.sizes = std::move(sizes);
    state.repeat = 2;
    return state;
}

// The widgets live in a window without a layout, as in the lesson player's scroll area: their
// minimum size changes stay theirs (a top-level widget would ask the offscreen platform to
// propagate them, and it only warns that it cannot).
QWidget& host() {
    static QWidget* window = [] {
        auto* created = new QWidget;
        created->resize(1280, 1000);
        created->show();
        return created;
    }();
    return *window;
}

// Without the FMA peak (a quarter of a second per widget) unless asked, and a seed experiment of
// 16×16 matrices rather than 3620×3620.
std::unique_ptr<MatmulBenchWidget> hostedWidget(const MatmulBenchState& state,
                                                bool measureFmaPeak = false) {
    MatmulBenchWidget::Options options;
    options.measureFmaPeak = measureFmaPeak;
    options.seedMatrixSize = 16;
    auto widget = std::make_unique<MatmulBenchWidget>(state, options, &host());
    widget->resize(1280, 1000);
    return widget;
}

// A widget that has read the machine, shown (so that visibility checks mean something).
std::unique_ptr<MatmulBenchWidget> readyWidget(const MatmulBenchState& state) {
    auto widget = hostedWidget(state);
    widget->show();
    if (!QTest::qWaitFor([&] { return widget->isReady() && !widget->isRunning(); },
                         kSurveyTimeoutMs))
        qFatal("the machine survey did not finish");
    QCoreApplication::processEvents();
    return widget;
}

void runAndWait(MatmulBenchWidget& widget) {
    QTest::mouseClick(child<QPushButton>(widget, "runButton"), Qt::LeftButton);
    QVERIFY(widget.isRunning());
    QTRY_VERIFY_WITH_TIMEOUT(!widget.isRunning(), kRunTimeoutMs);
}

}  // namespace

class TestMatmulBenchWidget : public QObject {
    Q_OBJECT

private slots:
    void beforeTheSurveyNothingRuns() {
        auto hosted = hostedWidget(stateWith({"naive", "ikj"}, {8, 16}), /*measureFmaPeak=*/true);
        MatmulBenchWidget& widget = *hosted;
        QVERIFY(!widget.isReady());
        QVERIFY(!child<QPushButton>(widget, "runButton")->isEnabled());
        QVERIFY(!child<QCheckBox>(widget, "backend-naive")->isEnabled());
        QCOMPARE(child<QLineEdit>(widget, "sizesEdit")->text(), QString("8, 16"));
        widget.startRun();  // ignored until the machine is read
        QVERIFY(!widget.isRunning());
        QTRY_VERIFY_WITH_TIMEOUT(widget.isReady(), kSurveyTimeoutMs);
        QTRY_VERIFY(child<QPushButton>(widget, "runButton")->isEnabled());
        QVERIFY(child<QLabel>(widget, "machineLabel")->text().startsWith("CPU: "));
        QVERIFY(child<QCheckBox>(widget, "backend-naive")->isEnabled());
        QVERIFY(child<QCheckBox>(widget, "backend-naive")->isChecked());
        // The measured FMA peak is the plot's 100 % line.
        QVERIFY(widget.survey()->machine.fmaPeakGflopsOneThread > 0.0);
        QVERIFY(!widget.plot().peakLabels().isEmpty());
        QCOMPARE(widget.plot().peakLabels()[0], QString("FMA peak, 1 thread"));
    }

    // naive and ikj ticked among all ten, sizes 8 and 16: the bar reaches the end, two graphs
    // of two points, a row per result, speedups over naive.
    void aRunPlotsEveryResultAndFillsTheTable() {
        auto widget = readyWidget(stateWith(MatmulBenchState::defaultBackends(), {64}));
        for (const std::string& name : MatmulBenchState::defaultBackends()) {
            child<QCheckBox>(*widget, QString::fromStdString("backend-" + name))
                ->setChecked(name == "naive" || name == "ikj");
        }
        child<QLineEdit>(*widget, "sizesEdit")->setText("8,16");
        QSignalSpy progress(widget.get(), &MatmulBenchWidget::progressed);
        QSignalSpy finished(widget.get(), &MatmulBenchWidget::runFinished);
        runAndWait(*widget);
        QCOMPARE(finished.count(), 1);
        QVERIFY(!progress.isEmpty());
        QCOMPARE(progress.last().at(0).toDouble(), 1.0);

        const BenchPlot& plot = widget->plot();
        QCOMPARE(plot.backendsPlotted(), (QStringList{"naive", "ikj"}));
        QCOMPARE(plot.graphCount(), 2);
        QCOMPARE(plot.pointCount("naive"), 2);
        QCOMPARE(plot.pointCount("ikj"), 2);
        QCOMPARE(plot.graph(0)->dataCount(), 2);
        QCOMPARE(plot.graph(1)->dataCount(), 2);

        QCOMPARE(widget->results().size(), std::size_t(4));
        const BenchResultsTable& table = widget->table();
        // First the lesson's backends that cannot run here, one row each, then the results.
        int unavailable = 0;
        for (const std::string& name : MatmulBenchState::defaultBackends()) {
            if (!widget->survey()->find(name)->available) ++unavailable;
        }
        QCOMPARE(table.rowCount(), unavailable + 4);
        QStringList measured;
        for (int row = unavailable; row < table.rowCount(); ++row) {
            measured << table.cellText(row, BenchResultsTable::BackendColumn) + " " +
                            table.cellText(row, BenchResultsTable::SizeColumn) + " " +
                            table.cellText(row, BenchResultsTable::StatusColumn);
        }
        // Sizes outermost, backends in the ladder's order.
        QCOMPARE(measured, (QStringList{"naive 8 ok", "ikj 8 ok", "naive 16 ok", "ikj 16 ok"}));
        for (int row = unavailable; row < table.rowCount(); ++row) {
            const QString speedup = table.cellText(row, BenchResultsTable::SpeedupColumn);
            QVERIFY2(speedup.startsWith("×"), qPrintable(speedup));
            QVERIFY(table.cellText(row, BenchResultsTable::GflopsColumn).toDouble() > 0.0);
            QCOMPARE(table.cellText(row, BenchResultsTable::ThreadsColumn), QString("1"));
        }
        // naive is the baseline at every size.
        QCOMPARE(table.cellText(unavailable, BenchResultsTable::SpeedupColumn), QString("×1.00"));
        QCOMPARE(table.cellText(unavailable + 2, BenchResultsTable::SpeedupColumn),
                 QString("×1.00"));
        QVERIFY(child<QLabel>(*widget, "statusLabel")->text().startsWith("Done: 4 results in "));
        QVERIFY(!child<QProgressBar>(*widget, "progressBar")->isVisible());
        QVERIFY(child<QPushButton>(*widget, "runButton")->isEnabled());
        QVERIFY(child<QPushButton>(*widget, "exportCsvButton")->isEnabled());
    }

    // Cancel right after the start: the rest of the run is reported cancelled, and the widget
    // can run again.
    void cancelLeavesCancelledRowsAndRunsAgain() {
        auto widget = readyWidget(stateWith({"naive"}, {600, 700}));
        QTest::mouseClick(child<QPushButton>(*widget, "runButton"), Qt::LeftButton);
        QVERIFY(widget->isRunning());
        QVERIFY(child<QPushButton>(*widget, "cancelButton")->isEnabled());
        QVERIFY(!child<QPushButton>(*widget, "runButton")->isEnabled());
        QVERIFY(!child<QLineEdit>(*widget, "sizesEdit")->isEnabled());
        QTest::mouseClick(child<QPushButton>(*widget, "cancelButton"), Qt::LeftButton);
        QCOMPARE(child<QLabel>(*widget, "statusLabel")->text(), QString("Cancelling…"));
        QTRY_VERIFY_WITH_TIMEOUT(!widget->isRunning(), kRunTimeoutMs);
        const BenchResultsTable& table = widget->table();
        QCOMPARE(table.rowCount(), 2);
        QCOMPARE(table.cellText(1, BenchResultsTable::StatusColumn), QString("cancelled"));
        QCOMPARE(table.cellText(1, BenchResultsTable::GflopsColumn), QString("—"));
        QVERIFY(child<QLabel>(*widget, "statusLabel")->text().startsWith("Cancelled: "));
        QVERIFY(child<QPushButton>(*widget, "runButton")->isEnabled());
        QVERIFY(!child<QPushButton>(*widget, "cancelButton")->isEnabled());
        QVERIFY(child<QLineEdit>(*widget, "sizesEdit")->isEnabled());

        child<QLineEdit>(*widget, "sizesEdit")->setText("8");
        runAndWait(*widget);
        QCOMPARE(table.rowCount(), 1);
        QCOMPARE(table.cellText(0, BenchResultsTable::StatusColumn), QString("ok"));
        QCOMPARE(widget->plot().pointCount("naive"), 1);
    }

    // Closing the step while it runs: the widget cancels and waits for its thread.
    void destroyingTheWidgetMidRunIsClean() {
        auto widget = readyWidget(stateWith({"naive"}, {600}));
        widget->startRun();
        QVERIFY(widget->isRunning());
        widget.reset();
        QCoreApplication::processEvents();  // any late event of the run must go nowhere
    }

    // And while it still reads the machine.
    void destroyingTheWidgetMidSurveyIsClean() {
        auto widget = hostedWidget(stateWith({"naive"}, {8}));
        widget.reset();
        QCoreApplication::processEvents();
    }

    void badSizesShowAMessageAndDoNotRun_data() {
        QTest::addColumn<QString>("sizes");
        QTest::addColumn<QString>("message");
        QTest::newRow("a word") << "8, abc"
                                << "“abc” is not a size: sizes are whole numbers from 1 to "
                                   "8192, separated by commas";
        QTest::newRow("zero") << "0"
                              << "“0” is not a size: sizes are whole numbers from 1 to 8192, "
                                 "separated by commas";
        QTest::newRow("negative") << "16 -4"
                                  << "“-4” is not a size: sizes are whole numbers from 1 to "
                                     "8192, separated by commas";
        QTest::newRow("too large") << "10000"
                                   << "“10000” is not a size: sizes are whole numbers from 1 to "
                                      "8192, separated by commas";
        QTest::newRow("empty") << " , "
                               << "Type at least one matrix size, like 64, 256, 1024";
    }
    void badSizesShowAMessageAndDoNotRun() {
        QFETCH(QString, sizes);
        QFETCH(QString, message);
        auto widget = readyWidget(stateWith({"naive"}, {8}));
        child<QLineEdit>(*widget, "sizesEdit")->setText(sizes);
        QTest::mouseClick(child<QPushButton>(*widget, "runButton"), Qt::LeftButton);
        QVERIFY(!widget->isRunning());
        QVERIFY(widget->results().empty());
        auto* shown = child<QLabel>(*widget, "sizesMessage");
        QVERIFY(shown->isVisible());
        QCOMPARE(shown->text(), message);
        // A good list clears the message.
        child<QLineEdit>(*widget, "sizesEdit")->setText("8");
        runAndWait(*widget);
        QVERIFY(!shown->isVisible());
    }

    void noBackendTickedShowsAMessage() {
        auto widget = readyWidget(stateWith({"naive"}, {8}));
        child<QCheckBox>(*widget, "backend-naive")->setChecked(false);
        widget->startRun();
        QVERIFY(!widget->isRunning());
        QCOMPARE(child<QLabel>(*widget, "sizesMessage")->text(),
                 QString("Tick at least one backend that can run here"));
    }

    void exportCsvWritesTheHeaderAndTheRows() {
        auto widget = readyWidget(stateWith({"naive", "ikj"}, {8}));
        runAndWait(*widget);
        QTemporaryDir directory;
        const QString path = directory.filePath("results.csv");
        QCOMPARE(widget->exportCsv(path), QString());
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(file.readAll()).split('\n', Qt::SkipEmptyParts);
        QStringList data;
        for (const QString& line : lines) {
            if (!line.startsWith('#')) data << line;
        }
        QCOMPARE(data.size(), 3);
        QCOMPARE(data[0], QString::fromUtf8(mlsyslab::matmul::kBenchCsvHeader.data(),
                                            qsizetype(mlsyslab::matmul::kBenchCsvHeader.size())));
        QVERIFY2(data[1].startsWith("naive,8,8,8,1,ok,"), qPrintable(data[1]));
        QVERIFY2(data[2].startsWith("ikj,8,8,8,1,ok,"), qPrintable(data[2]));
        QVERIFY(lines[0].startsWith("# CPU: "));  // the machine first
        QVERIFY(!widget->exportCsv(directory.filePath("no/such/folder/results.csv")).isEmpty());
    }

    void exportPngWritesAnImageOfThePlot() {
        auto widget = readyWidget(stateWith({"naive"}, {8, 16}));
        runAndWait(*widget);
        QTemporaryDir directory;
        const QString path = directory.filePath("plot.png");
        QCOMPARE(widget->exportPng(path), QString());
        const QImage image(path);
        QVERIFY(!image.isNull());
        QCOMPARE(image.size(), widget->plot().size());
        QVERIFY(QFileInfo(path).size() > 1000);
    }

    void autoRunStartsOnceShownAndRead() {
        MatmulBenchState state = stateWith({"naive"}, {8});
        state.autoRun = true;
        auto hosted = hostedWidget(state);
        MatmulBenchWidget& widget = *hosted;
        QTRY_VERIFY_WITH_TIMEOUT(widget.isReady(), kSurveyTimeoutMs);
        QVERIFY(widget.results().empty());  // not before the step is shown
        widget.show();
        QTRY_VERIFY_WITH_TIMEOUT(widget.results().size() == 1 && !widget.isRunning(),
                                 kRunTimeoutMs);
        QCOMPARE(widget.plot().pointCount("naive"), 1);
    }

    // A backend that cannot run here (a GPU rung on a machine without one): unticked, disabled,
    // the reason in its tooltip and in a row of the table.
    void backendsThatCannotRunSayWhy() {
        auto widget = readyWidget(stateWith({"naive", "cuda-naive"}, {8}));
        const BackendInfo* gpu = widget->survey()->find("cuda-naive");
        QVERIFY(gpu != nullptr);
        if (gpu->available) QSKIP("this machine has a CUDA device");
        QVERIFY(!gpu->reason.empty());
        auto* box = child<QCheckBox>(*widget, "backend-cuda-naive");
        QVERIFY(!box->isEnabled());
        QVERIFY(!box->isChecked());
        QVERIFY(box->toolTip().contains(QString::fromStdString(gpu->reason).toHtmlEscaped()));
        runAndWait(*widget);
        const BenchResultsTable& table = widget->table();
        QCOMPARE(table.rowCount(), 2);
        QCOMPARE(table.cellText(0, BenchResultsTable::BackendColumn), QString("cuda-naive"));
        QCOMPARE(table.cellText(0, BenchResultsTable::StatusColumn),
                 QString::fromStdString("unavailable: " + gpu->reason));
        QCOMPARE(table.cellText(1, BenchResultsTable::StatusColumn), QString("ok"));
        QCOMPARE(widget->plot().backendsPlotted(), QStringList{"naive"});
    }

    // The seed experiment (here on 16×16 matrices, not 3620×3620): the seed's RTX 4090 figures
    // are shown and labelled as the seed's, beside this machine's column, where every rung has
    // its time or says why it cannot run.
    void theSeedExperimentShowsTheSeedsFiguresAsTheSeeds() {
        auto widget = readyWidget(stateWith({"naive"}, {8}));
        QTest::mouseClick(child<QPushButton>(*widget, "seedButton"), Qt::LeftButton);
        QVERIFY(widget->isRunning());
        QTRY_VERIFY_WITH_TIMEOUT(!widget->isRunning(), kRunTimeoutMs);
        QVERIFY(child<QWidget>(*widget, "seedComparison")->isVisible());
        QCOMPARE(
            widget->plot().seedLabels(),
            (QStringList{"seed: RTX 4090, naive CUDA kernel 43.1 ms",
                         "seed: RTX 4090, cuBLAS 26.8 ms", "seed: RTX 4090, CPU cblas 124 ms"}));
        const SeedComparisonTable& seed = widget->seedComparison();
        QCOMPARE(seed.horizontalHeaderItem(SeedComparisonTable::SeedColumn)->text(),
                 QString("seed: RTX 4090"));
        QCOMPARE(seed.cellText(0, SeedComparisonTable::SeedColumn), QString("43.1 ms"));
        QCOMPARE(seed.cellText(1, SeedComparisonTable::SeedColumn), QString("26.8 ms"));
        QCOMPARE(seed.cellText(2, SeedComparisonTable::SeedColumn), QString("124 ms"));
        QCOMPARE(seed.cellText(3, SeedComparisonTable::SeedColumn), QString("—"));
        QCOMPARE(seed.cellText(4, SeedComparisonTable::SeedColumn), QString("—"));
        // threads, openblas, cuda-naive, cublas, simd: each measured or saying why not.
        QStringList backends;
        for (const auto& result : widget->results()) {
            backends << QString::fromStdString(result.backend);
            const int row = seed.rowOf(result.backend);
            const QString cell = seed.cellText(row, SeedComparisonTable::ThisMachineColumn);
            if (result.status == mlsyslab::matmul::BenchStatus::Ok) {
                QVERIFY2(cell.contains(" ms (") || cell.contains(" s ("), qPrintable(cell));
            } else {
                QCOMPARE(cell, QString::fromStdString(result.statusText()));
            }
        }
        QCOMPARE(backends, (QStringList{"threads", "openblas", "cuda-naive", "cublas", "simd"}));
        QCOMPARE(widget->results()[0].shape, (mlsyslab::matmul::MatmulShape{16, 16, 16}));
        // A normal run hides the seed's figures again.
        runAndWait(*widget);
        QVERIFY(!child<QWidget>(*widget, "seedComparison")->isVisible());
        QVERIFY(widget->plot().seedLabels().isEmpty());
    }
};

QTEST_MAIN(TestMatmulBenchWidget)
#include "tst_matmul_bench_widget.moc"
