#include "matmul/MatmulBenchWidget.h"

#include <QEvent>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSaveFile>
#include <QSpinBox>
#include <algorithm>
#include <cmath>

#include "common/SimWidgetRegistry.h"
#include "common/DisplayStyle.h"
#include "matmul/BackendChooser.h"
#include "matmul/BenchPlot.h"
#include "matmul/BenchResultsCsv.h"
#include "matmul/BenchResultsTable.h"
#include "matmul/BenchSizeList.h"
#include "matmul/MatmulBenchParts.h"
#include "matmul/MatmulBenchText.h"
#include "matmul/MatmulWorker.h"
#include "matmul/SeedComparisonTable.h"
#include "matmul/SeedExperiment.h"

namespace mlsyslab::widgets {

namespace {

using lesson::kinds::MatmulBenchState;

constexpr int kProgressSteps = 1000;
// The plot's smallest size in lines of text, so it grows with the font.
constexpr int kPlotWidthLines = 36;
constexpr int kPlotHeightLines = 18;
constexpr int kTableHeightLines = 9;
// A PNG of a plot that was never shown (a test, a script) gets a slide's proportions.
constexpr int kDefaultPngWidth = 1280;
constexpr int kDefaultPngHeight = 800;

// The backends the survey reads: the lesson's and the seed experiment's.
std::vector<std::string> surveyedBackends(const MatmulBenchState& state) {
    std::vector<std::string> names = state.backends;
    for (const std::string& name : seedExperimentBackends()) {
        if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
    }
    return names;
}

QString resultsText(int count) {
    return count == 1 ? MatmulBenchWidget::tr("1 result")
                      : MatmulBenchWidget::tr("%1 results").arg(count);
}

QString machineText(const MachineSurvey& survey) {
    return QString::fromStdString(matmul::describeMachineText(survey.machine)).trimmed();
}

}  // namespace

MatmulBenchWidget::MatmulBenchWidget(const MatmulBenchState& state, QWidget* parent)
    : MatmulBenchWidget(state, Options{}, parent) {}

MatmulBenchWidget::MatmulBenchWidget(const MatmulBenchState& state, const Options& options,
                                     QWidget* parent)
    : QWidget(parent), parts_(std::make_unique<Parts>()) {
    parts_->state = state;
    parts_->options = options;
    parts_->worker = new MatmulWorker(this);
    buildLayout();
    Parts& parts = *parts_;
    connect(parts.runButton, &QPushButton::clicked, this, &MatmulBenchWidget::startRun);
    connect(parts.cancelButton, &QPushButton::clicked, this, &MatmulBenchWidget::cancelRun);
    connect(parts.seedButton, &QPushButton::clicked, this, &MatmulBenchWidget::startSeedExperiment);
    connect(parts.sizesEdit, &QLineEdit::returnPressed, this, &MatmulBenchWidget::startRun);
    connect(parts.exportCsvButton, &QPushButton::clicked, this, &MatmulBenchWidget::chooseCsvFile);
    connect(parts.exportPngButton, &QPushButton::clicked, this, &MatmulBenchWidget::choosePngFile);
    connect(parts.worker, &MatmulWorker::failed, this,
            [this](const QString& message) { parts_->failure = message; });
    connect(parts.worker, &MatmulWorker::finished, this, &MatmulBenchWidget::showFinished);
    applyStyle();
    startSurvey();
}

// The worker's destructor cancels the run and waits for its thread; it goes first, while
// everything its posted results reach still exists.
MatmulBenchWidget::~MatmulBenchWidget() { delete parts_->worker; }

bool MatmulBenchWidget::isReady() const { return parts_->survey != nullptr; }

bool MatmulBenchWidget::isRunning() const { return parts_->mode == Parts::Mode::Running; }

const std::vector<matmul::MatmulBenchResult>& MatmulBenchWidget::results() const {
    return parts_->results;
}

const MachineSurvey* MatmulBenchWidget::survey() const { return parts_->survey.get(); }

const BenchPlot& MatmulBenchWidget::plot() const { return *parts_->plot; }

const BenchResultsTable& MatmulBenchWidget::table() const { return *parts_->table; }

const SeedComparisonTable& MatmulBenchWidget::seedComparison() const { return *parts_->seedTable; }

void MatmulBenchWidget::startSurvey() {
    parts_->mode = Parts::Mode::Surveying;
    setRunning(false);
    const std::vector<std::string> names = surveyedBackends(parts_->state);
    const bool measurePeak = parts_->options.measureFmaPeak;
    parts_->worker->start([this, names, measurePeak](const MatmulWorker::Job& job) {
        auto survey = std::make_shared<const MachineSurvey>(
            surveyMachine(names, measurePeak, job.cancelFlag()));
        job.post([this, survey] { showSurvey(survey); });
    });
}

void MatmulBenchWidget::showSurvey(std::shared_ptr<const MachineSurvey> survey) {
    Parts& parts = *parts_;
    parts.survey = survey;
    parts.machineLabel->setText(machineText(*survey));
    parts.chooser->setSurvey(*survey);
    parts.plot->setPeaks(survey->machine.fmaPeakGflopsOneThread,
                         survey->machine.fmaPeakGflopsAllThreads, survey->machine.logicalCores);
    parts.plot->setBackends(parts.chooser->checkedBackends());
}

void MatmulBenchWidget::startRun() {
    Parts& parts = *parts_;
    if (!isReady() || parts.mode != Parts::Mode::Idle) return;
    const SizeListReading sizes =
        readSizeList(parts.sizesEdit->text(), lesson::kinds::kLargestBenchSize);
    const std::vector<std::string> backends = parts.chooser->checkedBackends();
    QString problem = sizes.error;
    if (problem.isEmpty() && backends.empty())
        problem = tr("Tick at least one backend that can run here");
    parts.sizesMessage->setText(problem);
    parts.sizesMessage->setVisible(!problem.isEmpty());
    if (!problem.isEmpty()) return;

    matmul::MatmulBenchOptions options;
    options.backends = backends;
    for (const std::int64_t size : sizes.sizes) options.shapes.push_back({size, size, size});
    options.threads = unsigned(parts.threadsSpin->value());
    options.repeats = parts.state.repeat;
    options.maxSecondsPerCase = parts.state.maxSecondsPerCase;
    if (const auto invalid = matmul::checkBenchOptions(options)) {
        parts.sizesMessage->setText(QString::fromStdString(*invalid));
        parts.sizesMessage->setVisible(true);
        return;
    }
    launch(options, /*seedExperiment=*/false);
}

void MatmulBenchWidget::startSeedExperiment() {
    Parts& parts = *parts_;
    if (!isReady() || parts.mode != Parts::Mode::Idle) return;
    parts.sizesMessage->setVisible(false);
    matmul::MatmulBenchOptions options;
    options.backends = seedExperimentBackends();
    const std::int64_t size = parts.options.seedMatrixSize;
    options.shapes = {{size, size, size}};
    options.threads = unsigned(parts.threadsSpin->value());
    options.repeats = kSeedExperimentRepeats;
    launch(options, /*seedExperiment=*/true);
}

void MatmulBenchWidget::launch(const matmul::MatmulBenchOptions& options, bool seedExperiment) {
    Parts& parts = *parts_;
    parts.results.clear();
    parts.failure.clear();
    parts.cancelRequested = false;
    parts.seedRun = seedExperiment;
    parts.table->clearResults();
    std::vector<std::string> plotted;
    for (const std::string& name : options.backends) {
        const BackendInfo* info = parts.survey->find(name);
        if (info == nullptr || info->available) plotted.push_back(name);
    }
    parts.plot->setBackends(plotted);
    std::int64_t smallest = options.shapes.front().n;
    std::int64_t largest = smallest;
    for (const matmul::MatmulShape& shape : options.shapes) {
        smallest = std::min(smallest, shape.n);
        largest = std::max(largest, shape.n);
    }
    parts.plot->setSizeRange(smallest, largest);
    parts.plot->setSeedFiguresShown(seedExperiment);
    parts.seedTable->reset();
    parts.seedSection->setVisible(seedExperiment);
    if (!seedExperiment) {
        // The lesson's backends that cannot run here were not ticked: one row each says why.
        for (const std::string& name : parts.state.backends) {
            const BackendInfo* info = parts.survey->find(name);
            if (info != nullptr && !info->available)
                parts.table->addUnavailable(name, info->reason);
        }
    }
    parts.mode = Parts::Mode::Running;
    setRunning(true);
    parts.statusLabel->setText(tr("Starting…"));
    parts.elapsed.start();
    parts.worker->start([this, options](const MatmulWorker::Job& job) {
        matmul::MatmulBenchEvents events;
        events.cancel = job.cancelFlag();
        events.progress = [this, &job](const matmul::MatmulBenchProgress& progress) {
            // The end always gets through: the bar must reach 100 %.
            auto show = [this, progress] { showProgress(progress); };
            progress.fraction >= 1.0 ? job.post(show) : job.postThrottled(show);
        };
        events.resultReady = [this, &job](const matmul::MatmulBenchResult& result) {
            job.postAndWait([this, result] { showResult(result); });
        };
        matmul::runMatmulBench(options, events);
    });
}

void MatmulBenchWidget::showProgress(const matmul::MatmulBenchProgress& progress) {
    Parts& parts = *parts_;
    parts.progressBar->setValue(int(std::lround(progress.fraction * kProgressSteps)));
    if (!parts.cancelRequested) {
        parts.statusLabel->setText(
            tr("Running %1 at N = %2 (%3 %)")
                .arg(QString::fromStdString(progress.backend),
                     QString::fromStdString(matmul::matmulSizeText(progress.shape)))
                .arg(std::lround(progress.fraction * 100.0)));
    }
    emit progressed(progress.fraction);
}

void MatmulBenchWidget::showResult(const matmul::MatmulBenchResult& result) {
    Parts& parts = *parts_;
    parts.results.push_back(result);
    parts.table->addResult(result);
    parts.plot->addResult(result);
    if (parts.seedRun) parts.seedTable->addResult(result);
}

void MatmulBenchWidget::showFinished() {
    Parts& parts = *parts_;
    const bool wasSurvey = parts.mode == Parts::Mode::Surveying;
    parts.mode = Parts::Mode::Idle;
    setRunning(false);
    if (wasSurvey) {
        parts.statusLabel->setText(parts.survey
                                       ? tr("Ready: tick backends, type sizes, press Run")
                                       : tr("Could not read this machine: %1").arg(parts.failure));
        emit surveyFinished();
        maybeAutoRun();
        return;
    }
    const auto measured = std::count_if(parts.results.begin(), parts.results.end(),
                                        [](const matmul::MatmulBenchResult& result) {
                                            return result.status == matmul::BenchStatus::Ok ||
                                                   result.status == matmul::BenchStatus::Wrong;
                                        });
    if (!parts.failure.isEmpty()) {
        parts.statusLabel->setText(tr("Stopped: %1").arg(parts.failure));
    } else if (parts.cancelRequested) {
        parts.statusLabel->setText(tr("Cancelled: %1 measured").arg(resultsText(int(measured))));
    } else {
        parts.statusLabel->setText(tr("Done: %1 in %2 s")
                                       .arg(resultsText(int(measured)))
                                       .arg(double(parts.elapsed.elapsed()) / 1000.0, 0, 'f', 1));
    }
    emit runFinished();
}

void MatmulBenchWidget::cancelRun() {
    Parts& parts = *parts_;
    if (parts.mode != Parts::Mode::Running) return;
    parts.cancelRequested = true;
    parts.statusLabel->setText(tr("Cancelling…"));
    parts.worker->cancel();
}

void MatmulBenchWidget::setRunning(bool running) {
    Parts& parts = *parts_;
    const bool idle = parts.mode == Parts::Mode::Idle && isReady();
    parts.runButton->setEnabled(idle);
    parts.seedButton->setEnabled(idle);
    parts.cancelButton->setEnabled(running);
    parts.sizesEdit->setEnabled(!running);
    parts.threadsSpin->setEnabled(!running);
    parts.chooser->setLocked(running);
    parts.progressBar->setVisible(running);
    if (running) parts.progressBar->setValue(0);
    parts.exportCsvButton->setEnabled(idle && !parts.results.empty());
    parts.exportPngButton->setEnabled(idle && !parts.results.empty());
}

QString MatmulBenchWidget::exportCsv(const QString& path) const {
    const Parts& parts = *parts_;
    const std::string text =
        matmul::benchResultsCsv(parts.results, parts.survey ? &parts.survey->machine : nullptr);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        return tr("cannot write %1: %2").arg(path, file.errorString());
    }
    file.write(text.data(), qint64(text.size()));
    if (!file.commit()) return tr("cannot write %1: %2").arg(path, file.errorString());
    return {};
}

QString MatmulBenchWidget::exportPng(const QString& path) {
    BenchPlot& plot = *parts_->plot;
    const bool laidOut = plot.isVisible() && plot.width() > 0 && plot.height() > 0;
    const int width = laidOut ? plot.width() : kDefaultPngWidth;
    const int height = laidOut ? plot.height() : kDefaultPngHeight;
    if (!plot.savePng(path, width, height)) return tr("cannot write %1").arg(path);
    return {};
}

void MatmulBenchWidget::chooseCsvFile() {
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export the results as CSV"),
                                     QStringLiteral("matmul-bench.csv"), tr("CSV files (*.csv)"));
    if (path.isEmpty()) return;
    if (const QString error = exportCsv(path); !error.isEmpty())
        QMessageBox::warning(this, tr("Export CSV"), error);
}

void MatmulBenchWidget::choosePngFile() {
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export the plot as PNG"),
                                     QStringLiteral("matmul-bench.png"), tr("PNG images (*.png)"));
    if (path.isEmpty()) return;
    if (const QString error = exportPng(path); !error.isEmpty())
        QMessageBox::warning(this, tr("Export PNG"), error);
}

void MatmulBenchWidget::maybeAutoRun() {
    Parts& parts = *parts_;
    // auto_run starts once, when the step is shown and the machine is read, not at load.
    if (!parts.state.autoRun || parts.autoRunDone || !parts.shown || !isReady()) return;
    if (parts.mode != Parts::Mode::Idle) return;
    parts.autoRunDone = true;
    startRun();
}

void MatmulBenchWidget::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    parts_->shown = true;
    maybeAutoRun();
}

void MatmulBenchWidget::applyStyle() {
    Parts& parts = *parts_;
    const int lineHeight = fontMetrics().height();
    parts.plot->setMinimumSize(kPlotWidthLines * lineHeight, kPlotHeightLines * lineHeight);
    parts.table->setMinimumHeight(kTableHeightLines * lineHeight);
    parts.seedTable->setMinimumHeight(7 * lineHeight);
    QPalette messagePalette = parts.sizesMessage->palette();
    messagePalette.setColor(QPalette::WindowText, errorColor(palette()));
    parts.sizesMessage->setPalette(messagePalette);
    parts.plot->restyle();
    parts.table->restyle();
    parts.chooser->restyle();
}

void MatmulBenchWidget::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange) {
        applyStyle();
    }
}

namespace {
const SimView kView(lesson::kinds::matmulBenchKind, createWidget<MatmulBenchWidget>);
}  // namespace

}  // namespace mlsyslab::widgets
