#include "matmul/RooflineWidget.h"

#include <QElapsedTimer>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>
#include <cmath>
#include <thread>

#include "common/SimWidgetRegistry.h"
#include "common/DisplayStyle.h"
#include "gpu/DeviceYaml.h"
#include "matmul/BackendRegistry.h"
#include "matmul/MatmulBenchText.h"
#include "matmul/MatmulText.h"
#include "matmul/MatmulWorker.h"
#include "matmul/RooflinePlot.h"
#include "matmul/RooflineReadout.h"

namespace mlsyslab::widgets {

namespace {

using lesson::kinds::RooflineState;

constexpr int kProgressSteps = 1000;
constexpr int kPlotWidthLines = 36;
constexpr int kPlotHeightLines = 22;
constexpr int kReadoutHeightLines = 8;

bool runsHere(const std::string& name) {
    const auto backend = matmul::makeMatmulBackend(name);
    return backend != nullptr && backend->availability().available;
}

// The lesson's backends, or the defaults: the CPU rungs always (one that cannot run says why
// in the readout), the GPU rungs only where they can run. Asks the CUDA driver: worker thread.
std::vector<std::string> backendsToMeasure(const RooflineState& state) {
    if (!state.backends.empty()) return state.backends;
    std::vector<std::string> backends;
    for (const std::string& name : lesson::kinds::defaultRooflineBackends()) {
        const bool gpu = name.starts_with("cuda") || name == "cublas";
        if (!gpu || runsHere(name)) backends.push_back(name);
    }
    return backends;
}

unsigned hardwareThreads() { return std::max(1u, std::thread::hardware_concurrency()); }

}  // namespace

struct RooflineWidget::Parts {
    RooflineState state;
    matmul::RooflineMeasureOptions baseOptions;
    MatmulWorker* worker = nullptr;
    QPushButton* measureButton = nullptr;
    QPushButton* cancelButton = nullptr;
    QProgressBar* progressBar = nullptr;
    QLabel* statusLabel = nullptr;
    QLabel* roofLabel = nullptr;
    RooflinePlot* plot = nullptr;
    RooflineReadout* readout = nullptr;
    std::shared_ptr<const matmul::RooflineMeasurement> measurement;
    bool cancelRequested = false;
    QString failure;
    QElapsedTimer elapsed;
    bool autoRunDone = false;
};

RooflineWidget::RooflineWidget(const RooflineState& state,
                               const matmul::RooflineMeasureOptions& baseOptions, QWidget* parent)
    : QWidget(parent), parts_(std::make_unique<Parts>()) {
    parts_->state = state;
    parts_->baseOptions = baseOptions;
    parts_->worker = new MatmulWorker(this);
    buildLayout();
    Parts& parts = *parts_;
    connect(parts.measureButton, &QPushButton::clicked, this, &RooflineWidget::startMeasuring);
    connect(parts.cancelButton, &QPushButton::clicked, this, &RooflineWidget::cancelMeasuring);
    connect(parts.worker, &MatmulWorker::failed, this,
            [this](const QString& message) { parts_->failure = message; });
    connect(parts.worker, &MatmulWorker::finished, this, &RooflineWidget::showFinished);
    if (state.gpuDevice) {
        if (const auto device = gpu::findBuiltinDevice(*state.gpuDevice))
            parts.plot->setDatasheetRoof(*device);
    }
    parts.plot->setWorkloads(state.workloads);
    parts.plot->expectIntensity(matmul::matmulFlopsPerByte({state.size, state.size, state.size}));
    setRunning(false);
    applyStyle();
}

// The worker's destructor cancels the run and waits for its thread; it goes first, while
// everything its posted results reach still exists.
RooflineWidget::~RooflineWidget() { delete parts_->worker; }

void RooflineWidget::buildLayout() {
    Parts& parts = *parts_;
    auto* column = new QVBoxLayout(this);
    auto* runRow = new QHBoxLayout;
    parts.measureButton = new QPushButton(tr("Measure"), this);
    parts.measureButton->setObjectName(QStringLiteral("measureButton"));
    parts.cancelButton = new QPushButton(tr("Cancel"), this);
    parts.cancelButton->setObjectName(QStringLiteral("cancelButton"));
    parts.progressBar = new QProgressBar(this);
    parts.progressBar->setObjectName(QStringLiteral("progressBar"));
    parts.progressBar->setRange(0, kProgressSteps);
    parts.progressBar->setTextVisible(false);
    parts.statusLabel = new QLabel(
        tr("Press Measure: the FMA peak, the memory bandwidth, a matrix-vector product and "
           "each backend at N = %1")
            .arg(parts.state.size),
        this);
    parts.statusLabel->setObjectName(QStringLiteral("statusLabel"));
    parts.statusLabel->setWordWrap(true);
    runRow->addWidget(parts.measureButton);
    runRow->addWidget(parts.cancelButton);
    runRow->addWidget(parts.progressBar, 1);
    runRow->addWidget(parts.statusLabel, 2);
    column->addLayout(runRow);

    parts.roofLabel = new QLabel(tr("This machine's roof: not measured yet"), this);
    parts.roofLabel->setObjectName(QStringLiteral("roofLabel"));
    parts.roofLabel->setWordWrap(true);
    parts.roofLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    column->addWidget(parts.roofLabel);

    parts.plot = new RooflinePlot(this);
    column->addWidget(parts.plot, 3);
    parts.readout = new RooflineReadout(this);
    column->addWidget(parts.readout, 1);
}

bool RooflineWidget::isMeasuring() const { return parts_->worker->isRunning(); }

std::shared_ptr<const matmul::RooflineMeasurement> RooflineWidget::measurement() const {
    return parts_->measurement;
}

const RooflinePlot& RooflineWidget::plot() const { return *parts_->plot; }

const RooflineReadout& RooflineWidget::readout() const { return *parts_->readout; }

void RooflineWidget::startMeasuring() {
    Parts& parts = *parts_;
    if (isMeasuring()) return;
    matmul::RooflineMeasureOptions options = parts.baseOptions;
    options.size = parts.state.size;
    options.matvec = parts.state.matvec;
    parts.cancelRequested = false;
    parts.failure.clear();
    parts.measurement.reset();
    parts.plot->clearMachineRoof();
    parts.plot->clearPoints();
    parts.plot->expectIntensity(
        matmul::matmulFlopsPerByte({options.size, options.size, options.size}));
    parts.readout->clearPoints();
    parts.readout->setRoof(std::nullopt);
    parts.roofLabel->setText(tr("This machine's roof: measuring…"));
    parts.statusLabel->setText(tr("Starting…"));
    parts.elapsed.start();
    const RooflineState state = parts.state;
    parts.worker->start([this, options, state](const MatmulWorker::Job& job) mutable {
        options.backends = backendsToMeasure(state);
        matmul::RooflineEvents events;
        events.cancel = job.cancelFlag();
        events.progress = [this, &job](const matmul::RooflineProgress& progress) {
            // The end always gets through: the bar must reach 100 %.
            auto show = [this, progress] { showProgress(progress); };
            progress.fraction >= 1.0 ? job.post(show) : job.postThrottled(show);
        };
        events.roofMeasured = [this, &job](double peakGflops, double bandwidthGBps) {
            job.postAndWait([this, peakGflops, bandwidthGBps] { showRoof(peakGflops, bandwidthGBps); });
        };
        events.matvecMeasured = [this, &job](const matmul::MatvecResult& matvec) {
            job.postAndWait([this, matvec] { showMatvec(matvec); });
        };
        events.matmulMeasured = [this, &job](const matmul::MatmulBenchResult& result) {
            job.postAndWait([this, result] { showMatmul(result); });
        };
        auto measurement = std::make_shared<const matmul::RooflineMeasurement>(
            matmul::measureRoofline(options, events));
        job.post([this, measurement] { parts_->measurement = measurement; });
    });
    setRunning(true);
}

void RooflineWidget::cancelMeasuring() {
    if (!isMeasuring()) return;
    parts_->cancelRequested = true;
    parts_->statusLabel->setText(tr("Cancelling…"));
    parts_->worker->cancel();
}

void RooflineWidget::showProgress(const matmul::RooflineProgress& progress) {
    Parts& parts = *parts_;
    parts.progressBar->setValue(int(std::lround(progress.fraction * kProgressSteps)));
    if (parts.cancelRequested) return;
    switch (progress.phase) {
        case matmul::RooflinePhase::Peak:
            parts.statusLabel->setText(tr("Measuring the float32 FMA peak on every thread…"));
            break;
        case matmul::RooflinePhase::Bandwidth:
            parts.statusLabel->setText(
                tr("Measuring the memory bandwidth (STREAM triad, every thread)…"));
            break;
        case matmul::RooflinePhase::Matvec:
            parts.statusLabel->setText(tr("Measuring a matrix-vector product…"));
            break;
        case matmul::RooflinePhase::Matmul:
            parts.statusLabel->setText(tr("Running %1 at N = %2…")
                                           .arg(QString::fromStdString(progress.backend))
                                           .arg(parts.state.size));
            break;
    }
}

void RooflineWidget::showRoof(double peakGflops, double bandwidthGBps) {
    Parts& parts = *parts_;
    const matmul::Roofline roof{peakGflops, bandwidthGBps};
    parts.plot->setMachineRoof(roof, hardwareThreads());
    parts.readout->setRoof(roof);
    parts.roofLabel->setText(
        tr("This machine's roof: peak <b>%1</b> (float32 FMA on %2 threads) · memory <b>%3</b> "
           "(STREAM triad on every thread, the memory issue's probe) · ridge <b>%4 flop/byte</b>")
            .arg(gflopsText(peakGflops))
            .arg(hardwareThreads())
            .arg(gigabytesPerSecondText(bandwidthGBps),
                 flopsPerByteText(roof.ridgeFlopsPerByte())));
}

void RooflineWidget::showMatvec(const matmul::MatvecResult& matvec) {
    Parts& parts = *parts_;
    parts.readout->addMatvec(matvec);
    parts.plot->addPoint(
        {"matvec",
         tr("matrix-vector: %1, %2")
             .arg(gflopsText(matvec.gflops), gigabytesPerSecondText(matvec.gigabytesPerSecond)),
         matvec.flopsPerByte, matvec.gflops});
}

void RooflineWidget::showMatmul(const matmul::MatmulBenchResult& result) {
    Parts& parts = *parts_;
    const double flopsPerByte = matmul::matmulFlopsPerByte(result.shape);
    parts.readout->addMatmul(result, flopsPerByte);
    if (result.status != matmul::BenchStatus::Ok) return;
    parts.plot->addPoint(
        {result.backend,
         tr("%1: %2").arg(QString::fromStdString(result.backend), gflopsText(result.gflops)),
         flopsPerByte, result.gflops});
}

void RooflineWidget::showFinished() {
    Parts& parts = *parts_;
    if (parts.measurement == nullptr) {
        // The job threw before it had anything: an empty measurement that says so.
        auto failed = std::make_shared<matmul::RooflineMeasurement>();
        failed->error = parts.failure.toStdString();
        parts.measurement = failed;
    }
    const matmul::RooflineMeasurement* measurement = parts.measurement.get();
    setRunning(false);
    parts.measureButton->setText(tr("Measure again"));
    if (!parts.failure.isEmpty()) {
        parts.statusLabel->setText(tr("Stopped: %1").arg(parts.failure));
    } else if (!measurement->error.empty()) {
        parts.statusLabel->setText(
            tr("Stopped: %1").arg(QString::fromStdString(measurement->error)));
    } else if (measurement->cancelled) {
        parts.statusLabel->setText(tr("Cancelled: what was measured stays"));
    } else {
        parts.statusLabel->setText(
            tr("Done in %1 s").arg(double(parts.elapsed.elapsed()) / 1000.0, 0, 'f', 1));
    }
    if (measurement->peakGflops <= 0.0 || measurement->bandwidthGBps <= 0.0)
        parts.roofLabel->setText(tr("This machine's roof: not measured (%1)")
                                     .arg(measurement->cancelled ? tr("cancelled") : tr("failed")));
    emit measuringFinished();
}

void RooflineWidget::setRunning(bool running) {
    Parts& parts = *parts_;
    parts.measureButton->setEnabled(!running);
    parts.cancelButton->setEnabled(running);
    parts.progressBar->setVisible(running);
    if (running) parts.progressBar->setValue(0);
}

void RooflineWidget::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    // auto_run starts once, when the step is first shown, not when the lesson loads.
    if (parts_->state.autoRun && !parts_->autoRunDone) {
        parts_->autoRunDone = true;
        startMeasuring();
    }
}

void RooflineWidget::applyStyle() {
    const int lineHeight = fontMetrics().height();
    parts_->plot->setMinimumSize(kPlotWidthLines * lineHeight, kPlotHeightLines * lineHeight);
    parts_->readout->setMinimumHeight(kReadoutHeightLines * lineHeight);
    parts_->plot->restyle();
}

void RooflineWidget::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange) {
        applyStyle();
    }
}

namespace {

QWidget* createRooflineView(const RooflineState& state, QWidget* parent) {
    return new RooflineWidget(state, matmul::RooflineMeasureOptions{}, parent);
}

const SimView kView(lesson::kinds::rooflineKind, createRooflineView);

}  // namespace

}  // namespace mlsyslab::widgets
