#include "memory/LatencyLadderWidget.h"

#include <QEvent>
#include <QLabel>
#include <QVBoxLayout>

#include "common/SimWidgetRegistry.h"
#include "common/DisplayStyle.h"
#include "memory/LatencyLadderPlot.h"
#include "memory/LatencyPlateaus.h"
#include "memory/MachineProbeWorker.h"
#include "memory/ProbeRunBar.h"
#include "memory/ProbeText.h"

namespace mlsyslab::widgets {

namespace {

using lesson::kinds::LatencyLadderState;
using memory::HierarchyLevel;
using memory::MachineMeasurement;

constexpr int kQuickRuns = 3;
constexpr std::uint64_t kQuickLoadsPerRun = 1 << 16;
constexpr double kQuickRunMilliseconds = 5.0;
// The plot's smallest width in lines of text (its height follows its rows).
constexpr int kPlotWidthLines = 36;

std::optional<HierarchyLevel> levelOfPlateau(const std::string& name) {
    for (const memory::LectureLatency& latency : memory::kLectureLatencies) {
        if (memory::plateauName(latency.level) == name && !name.empty()) return latency.level;
    }
    return std::nullopt;
}

}  // namespace

struct LatencyLadderWidget::Parts {
    LatencyLadderState state;
    memory::MachineProbeOptions baseOptions;
    memory::CacheTopology topology;
    MachineProbeWorker* worker = nullptr;
    ProbeRunBar* runBar = nullptr;
    QLabel* analogyLabel = nullptr;
    QLabel* legendLabel = nullptr;
    LatencyLadderPlot* plot = nullptr;
    double clockGHz = 0.0;
    std::vector<memory::LatencyPoint> points;  // of the run in progress
    std::shared_ptr<const MachineMeasurement> measurement;
    bool autoRunDone = false;
};

memory::MachineProbeOptions LatencyLadderWidget::ladderProbeOptions() {
    memory::MachineProbeOptions options;
    options.latency.runs = kQuickRuns;
    options.latency.minLoadsPerRun = kQuickLoadsPerRun;
    options.latency.minRunMilliseconds = kQuickRunMilliseconds;
    options.measureBandwidth = false;
    return options;
}

LatencyLadderWidget::LatencyLadderWidget(const LatencyLadderState& state,
                                         const memory::MachineProbeOptions& baseOptions,
                                         QWidget* parent)
    : QWidget(parent), parts_(std::make_unique<Parts>()) {
    parts_->state = state;
    parts_->baseOptions = baseOptions;
    parts_->topology = memory::readCacheTopology(baseOptions.systemRoot);
    parts_->worker = new MachineProbeWorker(this);
    buildLayout();

    Parts& parts = *parts_;
    connect(parts.runBar, &ProbeRunBar::measureRequested, this,
            &LatencyLadderWidget::startMeasuring);
    connect(parts.runBar, &ProbeRunBar::cancelRequested, this,
            &LatencyLadderWidget::cancelMeasuring);
    connect(parts.worker, &MachineProbeWorker::progressed, parts.runBar, &ProbeRunBar::setProgress);
    connect(parts.worker, &MachineProbeWorker::clockEstimated, this,
            [this](double clockGHz) { parts_->clockGHz = clockGHz; });
    // The bars grow as the levels are measured: the plateaus of the points so far.
    connect(parts.worker, &MachineProbeWorker::pointMeasured, this,
            [this](const memory::LatencyPoint& point) {
                parts_->points.push_back(point);
                showLevels(memory::findLatencyPlateaus(parts_->points, parts_->topology,
                                                       parts_->clockGHz));
            });
    connect(parts.worker, &MachineProbeWorker::finished, this, &LatencyLadderWidget::showFinished);
    applyStyle();
}

// The worker's destructor cancels the run and waits for its thread; it goes first.
LatencyLadderWidget::~LatencyLadderWidget() { delete parts_->worker; }

void LatencyLadderWidget::buildLayout() {
    Parts& parts = *parts_;
    auto* column = new QVBoxLayout(this);
    parts.runBar = new ProbeRunBar(tr("Measure this machine"), this);
    parts.runBar->setStatus(tr("About 2 seconds: L1, L2, L3 and RAM"));
    column->addWidget(parts.runBar);

    parts.analogyLabel =
        new QLabel(tr("If one cycle took one second, each level would take the time beside "
                      "its bar."),
                   this);
    parts.analogyLabel->setObjectName(QStringLiteral("analogyLabel"));
    parts.analogyLabel->setWordWrap(true);
    parts.analogyLabel->setVisible(parts.state.analogy);
    column->addWidget(parts.analogyLabel);

    parts.plot = new LatencyLadderPlot(this);
    std::vector<HierarchyLevel> levels;
    for (const memory::LectureLatency& latency : memory::kLectureLatencies) {
        if (parts.state.shows(latency.level)) levels.push_back(latency.level);
    }
    parts.plot->setLevels(levels);
    parts.plot->setAnalogy(parts.state.analogy);
    column->addWidget(parts.plot, 1);

    parts.legendLabel = new QLabel(this);
    parts.legendLabel->setObjectName(QStringLiteral("legendLabel"));
    parts.legendLabel->setWordWrap(true);
    parts.legendLabel->setText(tr("Solid bars: the lecture's round figures, in cycles."));
    column->addWidget(parts.legendLabel);
}

bool LatencyLadderWidget::isMeasuring() const { return parts_->worker->isRunning(); }

std::shared_ptr<const MachineMeasurement> LatencyLadderWidget::measurement() const {
    return parts_->measurement;
}

const LatencyLadderPlot& LatencyLadderWidget::plot() const { return *parts_->plot; }

void LatencyLadderWidget::startMeasuring() {
    Parts& parts = *parts_;
    memory::MachineProbeOptions options = parts.baseOptions;
    if (options.latency.workingSets.empty()) {
        options.latency.workingSets = memory::ladderWorkingSets(parts.topology);
    }
    parts.points.clear();
    parts.clockGHz = 0.0;
    parts.plot->setMeasured({});
    parts.plot->setMeasuredShown(true);
    parts.plot->setMeasuring(true);
    parts.runBar->showStarted();
    parts.worker->start(options);
}

void LatencyLadderWidget::cancelMeasuring() {
    if (!isMeasuring()) return;
    parts_->runBar->showCancelling();
    parts_->worker->cancel();
}

void LatencyLadderWidget::showLevels(const std::vector<memory::LevelLatency>& levels) {
    std::map<HierarchyLevel, LatencyLadderPlot::Measured> measured;
    for (const memory::LevelLatency& level : levels) {
        if (const auto rung = levelOfPlateau(level.name)) {
            measured[*rung] = {level.nanoseconds, level.cycles};
        }
    }
    parts_->plot->setMeasured(measured);
}

void LatencyLadderWidget::showFinished(std::shared_ptr<const MachineMeasurement> measurement) {
    Parts& parts = *parts_;
    parts.measurement = measurement;
    parts.runBar->showFinished(*measurement, tr("Cancelled"), tr("Measured"));
    parts.plot->setMeasuring(false);
    showLevels(measurement->levels);
    const QString machine =
        machineText(QString::fromStdString(measurement->topology.cpuModel), measurement->clockGHz);
    parts.legendLabel->setText(
        tr("Solid bars: the lecture's round figures. Pale bars: this machine, %1, measured with a "
           "pointer chase (cycles = ns × clock). Registers and the SSD are not measured: a "
           "register is always one cycle away, and an SSD read goes through the operating "
           "system.")
            .arg(machine));
    emit measuringFinished();
}

void LatencyLadderWidget::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    // measure: true starts once, when the step is first shown.
    if (parts_->state.measure && !parts_->autoRunDone) {
        parts_->autoRunDone = true;
        startMeasuring();
    }
}

void LatencyLadderWidget::applyStyle() {
    const int lineHeight = fontMetrics().height();
    parts_->plot->setMinimumWidth(kPlotWidthLines * lineHeight);
    parts_->plot->restyle();
}

void LatencyLadderWidget::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange) {
        applyStyle();
    }
}

namespace {

QWidget* createLatencyLadderView(const LatencyLadderState& state, QWidget* parent) {
    return new LatencyLadderWidget(state, LatencyLadderWidget::ladderProbeOptions(), parent);
}

const SimView kView(lesson::kinds::latencyLadderKind, createLatencyLadderView);

}  // namespace

}  // namespace mlsyslab::widgets
