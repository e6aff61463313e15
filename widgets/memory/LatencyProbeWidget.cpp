#include "memory/LatencyProbeWidget.h"

#include <QComboBox>
#include <QElapsedTimer>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include "common/SimWidgetRegistry.h"
#include "common/DisplayStyle.h"
#include "memory/LatencyCurvePlot.h"
#include "memory/MachineProbeWorker.h"
#include "memory/ProbeRunBar.h"
#include "memory/ProbeText.h"

namespace mlsyslab::widgets {

namespace {

using lesson::kinds::LatencyProbeState;
using memory::MachineMeasurement;

// The sizes offered for the largest working set: from "past L3 on most laptops" to "DRAM
// alone for many octaves".
constexpr std::uint64_t kMaxSizeChoices[] = {16ull << 20, 64ull << 20, 256ull << 20, 512ull << 20,
                                             1ull << 30};
// The plot's smallest size in lines of text, so it grows with the font.
constexpr int kPlotHeightLines = 20;
constexpr int kPlotWidthLines = 36;

}  // namespace

struct LatencyProbeWidget::Parts {
    LatencyProbeState state;
    memory::MachineProbeOptions baseOptions;
    MachineProbeWorker* worker = nullptr;
    ProbeRunBar* runBar = nullptr;
    QComboBox* maxSizeSelector = nullptr;
    QLabel* machineLabel = nullptr;
    QLabel* bandwidthLabel = nullptr;
    QLabel* lectureBandwidthLabel = nullptr;
    LatencyCurvePlot* plot = nullptr;
    memory::CacheTopology topology;
    std::shared_ptr<const MachineMeasurement> measurement;
    QElapsedTimer elapsed;
    bool autoRunDone = false;
};

LatencyProbeWidget::LatencyProbeWidget(const LatencyProbeState& state,
                                       const memory::MachineProbeOptions& baseOptions,
                                       QWidget* parent)
    : QWidget(parent), parts_(std::make_unique<Parts>()) {
    parts_->state = state;
    parts_->baseOptions = baseOptions;
    // The caches are a few small files: read now, so their lines are there before measuring.
    parts_->topology = memory::readCacheTopology(baseOptions.systemRoot);
    parts_->worker = new MachineProbeWorker(this);
    buildLayout();

    Parts& parts = *parts_;
    connect(parts.runBar, &ProbeRunBar::measureRequested, this,
            &LatencyProbeWidget::startMeasuring);
    connect(parts.runBar, &ProbeRunBar::cancelRequested, this,
            &LatencyProbeWidget::cancelMeasuring);
    connect(parts.worker, &MachineProbeWorker::progressed, parts.runBar, &ProbeRunBar::setProgress);
    connect(parts.worker, &MachineProbeWorker::clockEstimated, this, [this](double clockGHz) {
        parts_->plot->setClock(clockGHz);
        parts_->machineLabel->setText(
            machineText(QString::fromStdString(parts_->topology.cpuModel), clockGHz));
    });
    connect(parts.worker, &MachineProbeWorker::pointMeasured, this,
            [this](const memory::LatencyPoint& point) { parts_->plot->addPoint(point); });
    connect(parts.worker, &MachineProbeWorker::finished, this, &LatencyProbeWidget::showFinished);
    applyStyle();
}

// The worker's destructor cancels the run and waits for its thread (100 ms at most); it goes
// first, while everything its signals reach still exists.
LatencyProbeWidget::~LatencyProbeWidget() { delete parts_->worker; }

void LatencyProbeWidget::buildLayout() {
    Parts& parts = *parts_;
    auto* column = new QVBoxLayout(this);
    parts.runBar = new ProbeRunBar(tr("Measure"), this);
    parts.maxSizeSelector = new QComboBox;
    parts.maxSizeSelector->setObjectName(QStringLiteral("maxSizeSelector"));
    parts.maxSizeSelector->setToolTip(tr("The largest working set: the curve's right end"));
    std::vector<std::uint64_t> choices(std::begin(kMaxSizeChoices), std::end(kMaxSizeChoices));
    if (std::find(choices.begin(), choices.end(), parts.state.maxSizeBytes) == choices.end()) {
        choices.push_back(parts.state.maxSizeBytes);
        std::sort(choices.begin(), choices.end());
    }
    for (const std::uint64_t bytes : choices) {
        parts.maxSizeSelector->addItem(tr("up to %1").arg(byteSizeText(bytes)),
                                       QVariant::fromValue<qulonglong>(bytes));
    }
    parts.maxSizeSelector->setCurrentIndex(
        parts.maxSizeSelector->findData(QVariant::fromValue<qulonglong>(parts.state.maxSizeBytes)));
    parts.runBar->addOption(parts.maxSizeSelector);
    parts.runBar->setStatus(tr("Press Measure: about 10 seconds"));
    column->addWidget(parts.runBar);

    parts.machineLabel =
        new QLabel(machineText(QString::fromStdString(parts.topology.cpuModel), 0.0), this);
    parts.machineLabel->setObjectName(QStringLiteral("machineLabel"));
    column->addWidget(parts.machineLabel);

    parts.plot = new LatencyCurvePlot(this);
    parts.plot->setTopology(parts.topology);
    parts.plot->setWorkingSetRange(parts.baseOptions.latency.minWorkingSetBytes,
                                   parts.state.maxSizeBytes);
    column->addWidget(parts.plot, 1);

    auto* bandwidthRow = new QHBoxLayout;
    parts.bandwidthLabel =
        new QLabel(tr("Bandwidth (STREAM triad): measured after the curve"), this);
    parts.bandwidthLabel->setObjectName(QStringLiteral("bandwidthLabel"));
    parts.bandwidthLabel->setWordWrap(true);
    parts.bandwidthLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Seed 000: "RAM ~20GB/s bandwidth", "VRAM (GPU) ~1-2TB/s bandwidth, HBM2/HBM3"; seed 002:
    // H100's 3.35 TB/s.
    parts.lectureBandwidthLabel =
        new QLabel(tr("Lecture: RAM ~20 GB/s · GPU memory (HBM) 1–3 TB/s"), this);
    parts.lectureBandwidthLabel->setObjectName(QStringLiteral("lectureBandwidthLabel"));
    parts.lectureBandwidthLabel->setWordWrap(true);
    bandwidthRow->addWidget(parts.bandwidthLabel, 3);
    bandwidthRow->addWidget(parts.lectureBandwidthLabel, 2);
    column->addLayout(bandwidthRow);
    parts.bandwidthLabel->setVisible(parts.state.bandwidth);
    parts.lectureBandwidthLabel->setVisible(parts.state.bandwidth);
}

bool LatencyProbeWidget::isMeasuring() const { return parts_->worker->isRunning(); }

std::shared_ptr<const MachineMeasurement> LatencyProbeWidget::measurement() const {
    return parts_->measurement;
}

const LatencyCurvePlot& LatencyProbeWidget::plot() const { return *parts_->plot; }

void LatencyProbeWidget::startMeasuring() {
    Parts& parts = *parts_;
    memory::MachineProbeOptions options = parts.baseOptions;
    options.latency.maxWorkingSetBytes = parts.maxSizeSelector->currentData().toULongLong();
    options.latency.pointsPerOctave = parts.state.pointsPerOctave;
    options.measureBandwidth = parts.state.bandwidth;
    parts.plot->clearMeasurement();
    parts.plot->setWorkingSetRange(options.latency.minWorkingSetBytes,
                                   options.latency.maxWorkingSetBytes);
    parts.runBar->showStarted();
    parts.maxSizeSelector->setEnabled(false);
    parts.elapsed.start();
    parts.worker->start(options);
}

void LatencyProbeWidget::cancelMeasuring() {
    if (!isMeasuring()) return;
    parts_->runBar->showCancelling();
    parts_->worker->cancel();
}

void LatencyProbeWidget::showFinished(std::shared_ptr<const MachineMeasurement> measurement) {
    Parts& parts = *parts_;
    parts.measurement = measurement;
    const int points = int(measurement->curve.points.size());
    const QString pointsText =
        points == 1 ? tr("1 working set") : tr("%1 working sets").arg(points);
    parts.runBar->showFinished(*measurement, tr("Cancelled after %1").arg(pointsText),
                               tr("Done: %1 in %2 s")
                                   .arg(pointsText)
                                   .arg(double(parts.elapsed.elapsed()) / 1000.0, 0, 'f', 1));
    parts.maxSizeSelector->setEnabled(true);
    parts.plot->setPlateaus(measurement->levels);
    if (measurement->oneThread && measurement->allThreads) {
        parts.bandwidthLabel->setText(
            tr("Bandwidth (STREAM triad): <b>%1</b> on one thread · <b>%2</b> on %3 threads")
                .arg(bandwidthText(measurement->oneThread->bestGBps),
                     bandwidthText(measurement->allThreads->bestGBps))
                .arg(measurement->allThreads->threads));
    } else if (measurement->cancelled) {
        parts.bandwidthLabel->setText(tr("Bandwidth (STREAM triad): not measured (cancelled)"));
    }
    emit measuringFinished();
}

void LatencyProbeWidget::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    // auto_run starts once, when the step is first shown, not when the lesson loads.
    if (parts_->state.autoRun && !parts_->autoRunDone) {
        parts_->autoRunDone = true;
        startMeasuring();
    }
}

void LatencyProbeWidget::applyStyle() {
    const int lineHeight = fontMetrics().height();
    parts_->plot->setMinimumSize(kPlotWidthLines * lineHeight, kPlotHeightLines * lineHeight);
    parts_->plot->restyle();
}

void LatencyProbeWidget::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange) {
        applyStyle();
    }
}

namespace {

QWidget* createLatencyProbeView(const LatencyProbeState& state, QWidget* parent) {
    return new LatencyProbeWidget(state, memory::fullMachineProbeOptions(), parent);
}

const SimView kView(lesson::kinds::latencyProbeKind, createLatencyProbeView);

}  // namespace

}  // namespace mlsyslab::widgets
