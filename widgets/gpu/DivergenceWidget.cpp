#include "gpu/DivergenceWidget.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>
#include <algorithm>

#include "common/SimWidgetRegistry.h"
#include "common/DisplayStyle.h"
#include "common/StepControls.h"
#include "gpu/BuiltinKernels.h"
#include "gpu/DivergenceText.h"
#include "gpu/DivergenceTraceView.h"
#include "gpu/KernelChooser.h"
#include "gpu/KernelSourceView.h"
#include "gpu/LaneCells.h"
#include "gpu/LaneStripView.h"
#include "gpu/SimtStackView.h"
#include "gpu/WarpTimelineText.h"
#include "gpu/lesson/GpuDeviceField.h"

namespace mlsyslab::widgets {

namespace {

using lesson::kinds::DivergenceState;

// Slow enough to follow the mask change from one instruction to the next.
constexpr int kRunIntervalMs = 600;
constexpr int kOpeningWaitMs = 400;
// Enough for every built-in kernel's warp to finish on a block of up to 1024 threads (the
// naive matmul's k-loop is the longest), and few enough snapshots to stay well under 200 MB.
constexpr std::int64_t kMostRecordedCycles = 50000;
constexpr double kInstructionFontScale = 1.15;

int warpsIn(const gpu::Dim3& block, int warpSize) {
    return int((block.count() + warpSize - 1) / warpSize);
}

QLabel* newLabel(QWidget* parent, const char* name) {
    auto* label = new QLabel(parent);
    label->setObjectName(QLatin1String(name));
    label->setWordWrap(true);
    label->setTextFormat(Qt::RichText);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

QLabel* newTitle(QWidget* parent, const QString& text) {
    auto* label = new QLabel(QStringLiteral("<b>%1</b>").arg(text.toHtmlEscaped()), parent);
    label->setTextFormat(Qt::RichText);
    label->setWordWrap(true);  // a long title must not widen its column
    return label;
}

}  // namespace

DivergenceWidget::DivergenceWidget(const DivergenceState& initial, QWidget* parent)
    : QWidget(parent),
      state_(initial),
      device_(lesson::kinds::gpuDeviceOrDefault(initial.device)),
      worker_(new WarpRunWorker(this)) {
    buildControls();
    connect(worker_, &WarpRunWorker::finished, this, &DivergenceWidget::showRun);
    simulate();
    worker_->waitForFinished(kOpeningWaitMs);
}

DivergenceWidget::~DivergenceWidget() = default;

void DivergenceWidget::buildControls() {
    auto* layout = new QVBoxLayout(this);
    auto* bar = new QHBoxLayout;
    kernelChooser_ = makeKernelChooser(state_.kernel, this);
    warpChooser_ = new QSpinBox(this);
    warpChooser_->setObjectName(QStringLiteral("warpChooser"));
    warpChooser_->setRange(0, std::max(0, warpsIn(state_.block, device_.warpSize) - 1));
    warpChooser_->setValue(state_.warp);
    warpChooser_->setToolTip(tr("Which warp of the block to follow"));
    auto* kernelLabel = new QLabel(tr("Kernel:"), this);
    kernelLabel->setBuddy(kernelChooser_);
    auto* warpLabel = new QLabel(tr("Warp:"), this);
    warpLabel->setBuddy(warpChooser_);
    launchLabel_ = newLabel(this, "launchLabel");
    bar->addWidget(kernelLabel);
    bar->addWidget(kernelChooser_);
    bar->addSpacing(fontMetrics().height());
    bar->addWidget(warpLabel);
    bar->addWidget(warpChooser_);
    bar->addSpacing(fontMetrics().height());
    bar->addWidget(launchLabel_, 1);
    layout->addLayout(bar);

    message_ = newLabel(this, "message");
    message_->setTextFormat(Qt::PlainText);
    message_->hide();
    layout->addWidget(message_);
    instruction_ = newLabel(this, "instruction");
    layout->addWidget(instruction_);

    auto* middle = new QHBoxLayout;
    auto* sourceColumn = new QVBoxLayout;
    sourceColumn->addWidget(newTitle(this, tr("CUDA source")));
    source_ = new KernelSourceView(this);
    source_->setObjectName(QStringLiteral("source"));
    sourceColumn->addWidget(source_, 1);
    auto* traceColumn = new QVBoxLayout;
    traceColumn->addWidget(
        newTitle(this, tr("Instructions the warp issued, and the lanes that ran each")));
    traceView_ = new DivergenceTraceView(this);
    traceView_->setObjectName(QStringLiteral("trace"));
    traceColumn->addWidget(traceView_, 1);
    middle->addLayout(sourceColumn, 1);
    middle->addLayout(traceColumn, 0);
    layout->addLayout(middle, 1);

    // The step controls right under the code, so they stay on screen with it.
    steps_ = new StepControls(this);
    steps_->setObjectName(QStringLiteral("stepControls"));
    steps_->setRunInterval(kRunIntervalMs);
    steps_->setLabelText([this](int position, int count) {
        const bool hasStep = trace_ && position < int(trace_->steps.size());
        return tr("instruction %1 of %2 · cycle %3")
            .arg(position + 1)
            .arg(count)
            .arg(hasStep ? trace_->steps[std::size_t(position)].cycle : 0);
    });
    layout->addWidget(steps_);

    laneCaption_ = newLabel(this, "laneCaption");
    layout->addWidget(laneCaption_);
    lanes_ = new LaneStripView(this);
    lanes_->setObjectName(QStringLiteral("lanes"));
    layout->addWidget(lanes_);
    readouts_ = newLabel(this, "readouts");
    readouts_->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    layout->addWidget(readouts_);

    layout->addWidget(newTitle(this, tr("SIMT reconvergence stack")));
    simtStack_ = new SimtStackView(this);
    simtStack_->setObjectName(QStringLiteral("simtStack"));
    layout->addWidget(simtStack_, 0, Qt::AlignLeft);

    connect(kernelChooser_, &QComboBox::currentTextChanged, this, &DivergenceWidget::setKernel);
    connect(warpChooser_, &QSpinBox::valueChanged, this, &DivergenceWidget::setWarp);
    connect(traceView_, &DivergenceTraceView::stepClicked, this, &DivergenceWidget::showStep);
    connect(steps_, &StepControls::positionChanged, this, &DivergenceWidget::showStep);
    applyFonts();
}

bool DivergenceWidget::isSimulating() const { return worker_->isRunning(); }

int DivergenceWidget::currentStep() const { return steps_->position(); }

int DivergenceWidget::highlightedLine() const { return source_->highlightedLine(); }

void DivergenceWidget::setKernel(const QString& kernel) {
    if (kernel.toStdString() == state_.kernel) return;
    state_.kernel = kernel.toStdString();
    {
        const QSignalBlocker blocker(kernelChooser_);
        kernelChooser_->setCurrentText(kernel);
    }
    simulate();
}

void DivergenceWidget::setWarp(int warp) {
    warp = std::clamp(warp, 0, std::max(0, warpsIn(state_.block, device_.warpSize) - 1));
    if (warp == state_.warp) return;
    state_.warp = warp;
    {
        const QSignalBlocker blocker(warpChooser_);
        warpChooser_->setValue(warp);
    }
    followWarp();
}

void DivergenceWidget::simulate() {
    runs_.reset();
    trace_.reset();
    const gpu::Dim3 grid{1, 1, 1};
    const int warps = warpsIn(state_.block, device_.warpSize);
    launchLabel_->setText(tr("%1&lt;&lt;&lt;1, %2&gt;&gt;&gt; on the %3: one block of %4 "
                             "threads, %5")
                              .arg(QString::fromStdString(state_.kernel).toHtmlEscaped(),
                                   WarpTimelineText::launchExtent(state_.block),
                                   QString::fromStdString(device_.name).toHtmlEscaped())
                              .arg(state_.block.count())
                              .arg(warps == 1 ? tr("one warp") : tr("%1 warps").arg(warps)));
    auto built = gpu::buildKernel(state_.kernel, grid, state_.block);
    if (!built) {
        kernel_.reset();
        worker_->drop();
        source_->clearKernel();
        followWarp();
        showMessage(QString::fromStdString(built.error()), true);
        return;
    }
    kernel_ = std::make_shared<const gpu::KernelProgram>(*built);
    config_ = {};
    config_.device = device_;
    config_.kernel = *kernel_;
    config_.grid = grid;
    config_.block = state_.block;
    config_.schedulerPolicy = "lrr";
    config_.recordedSm = 0;
    config_.maxRecordedCycles = kMostRecordedCycles;
    source_->showKernel(*kernel_);
    showMessage(tr("Simulating %1…").arg(QString::fromStdString(state_.kernel)), false);
    worker_->start({config_});
}

void DivergenceWidget::showRun(std::shared_ptr<const WarpRuns> runs) {
    runs_ = std::move(runs);
    const WarpRun& run = runs_->front();
    if (!run.ok()) {
        showMessage(QString::fromStdString(run.error), true);
    } else if (!run.result.impossibleReason.empty()) {
        showMessage(tr("This launch cannot run: %1")
                        .arg(QString::fromStdString(run.result.impossibleReason)),
                    true);
    } else {
        message_->hide();
    }
    followWarp();
    emit runShown();
}

void DivergenceWidget::followWarp() {
    trace_.reset();
    if (runs_ && runs_->front().ok() && runs_->front().result.impossibleReason.empty()) {
        trace_ = std::make_shared<const gpu::DivergenceTrace>(
            gpu::traceWarp(runs_->front().result, 0, state_.warp));
    }
    traceView_->setTrace(trace_, kernel_);
    int deepest = 1;
    if (trace_) {
        for (const gpu::DivergenceStep& step : trace_->steps) {
            deepest = std::max(deepest, int(step.simtStack.size()));
        }
        if (!trace_->complete) {
            showMessage(tr("The recording ends before this warp does: it shows its first %1 "
                           "instructions.")
                            .arg(trace_->steps.size()),
                        false);
        }
    }
    simtStack_->setCapacity(deepest);
    {
        const QSignalBlocker blocker(steps_);
        steps_->setCount(trace_ ? int(trace_->steps.size()) : 0);
        steps_->setPosition(0);
    }
    showStep(steps_->position());
}

void DivergenceWidget::showStep(int step) {
    if (steps_->position() != step) {
        steps_->setPosition(step);  // comes back here through positionChanged
        return;
    }
    const int firstThread = state_.warp * device_.warpSize;
    const int lastThread =
        int(std::min<std::int64_t>(state_.block.count(), firstThread + device_.warpSize)) - 1;
    if (!trace_ || !kernel_ || trace_->steps.empty()) {
        instruction_->clear();
        readouts_->clear();
        laneCaption_->clear();
        lanes_->setLanes(0, 0, firstThread);
        simtStack_->setStack({}, 0);
        source_->highlightLine(-1);
        return;
    }
    const gpu::DivergenceStep& current = trace_->steps[std::size_t(step)];
    traceView_->setCurrentStep(step);
    instruction_->setText(DivergenceText::instructionHtml(*kernel_, current.pc));
    const int running = laneCount(current.activeMask);
    const int idle = laneCount(trace_->existingMask & ~current.activeMask);
    laneCaption_->setText(tr("<b>Warp %1</b> = threads %2\u2013%3 of the block, lane i = thread "
                             "%4 + i. On this instruction <b>%5 lanes run</b>, %6 idle.")
                              .arg(state_.warp)
                              .arg(firstThread)
                              .arg(lastThread)
                              .arg(firstThread)
                              .arg(running)
                              .arg(idle));
    lanes_->setLanes(current.activeMask, trace_->existingMask, firstThread);
    simtStack_->setStack(current.simtStack, trace_->existingMask);
    readouts_->setText(DivergenceText::readoutsHtml(*trace_, std::size_t(step), *kernel_));

    const int pcCount = int(kernel_->code.size());
    source_->highlightLine(current.pc < pcCount ? kernel_->code[std::size_t(current.pc)].sourceLine
                                                : -1);
}

void DivergenceWidget::fitTraceWidth() {
    // The trace keeps the width its operations and lanes need; the source takes the rest (a
    // long line scrolls, and the current one is spelled out above the two).
    traceView_->setFixedWidth(traceView_->sizeHint().width());
}

void DivergenceWidget::showMessage(const QString& text, bool isError) {
    QPalette colors = message_->palette();
    colors.setColor(QPalette::WindowText,
                    isError ? errorColor(palette()) : palette().color(QPalette::WindowText));
    message_->setPalette(colors);
    message_->setText(text);
    message_->show();
}

void DivergenceWidget::applyFonts() {
    fitTraceWidth();
    instruction_->setFont(scaledFont(font(), kInstructionFontScale));
}

void DivergenceWidget::keyPressEvent(QKeyEvent* event) {
    // The stepping keys step wherever the focus is inside the simulator.
    if (!steps_->handleStepKey(event->key())) QWidget::keyPressEvent(event);
}

void DivergenceWidget::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) applyFonts();
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange) {
        if (trace_ && !trace_->steps.empty()) showStep(steps_->position());
    }
}

namespace {
const SimView kView(lesson::kinds::divergenceKind, createWidget<DivergenceWidget>);
}  // namespace

}  // namespace mlsyslab::widgets
