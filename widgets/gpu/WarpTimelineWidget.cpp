#include "gpu/WarpTimelineWidget.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QVBoxLayout>
#include <algorithm>

#include "common/SimWidgetRegistry.h"
#include "common/DisplayStyle.h"
#include "common/StepControls.h"
#include "gpu/BuiltinKernels.h"
#include "gpu/KernelChooser.h"
#include "gpu/WarpGanttView.h"
#include "gpu/WarpPolicyPanel.h"
#include "gpu/WarpTimelineText.h"
#include "gpu/lesson/GpuDeviceField.h"

namespace mlsyslab::widgets {

namespace {

using lesson::kinds::WarpTimelineState;

// Fast enough to watch a few hundred cycles go by, slow enough to follow one warp's issue.
constexpr int kRunIntervalMs = 150;
// How long a step that opens waits for its simulation before showing "Simulating…".
constexpr int kOpeningWaitMs = 400;

const std::vector<std::vector<std::string>> kPolicyChoices = {
    {"lrr", "gto"}, {"gto", "lrr"}, {"lrr"}, {"gto"}};

QString policyChoiceText(const std::vector<std::string>& policies) {
    if (policies.size() == 2) {
        return WarpTimelineWidget::tr("%1 above %2")
            .arg(WarpTimelineText::policyShortName(policies[0]),
                 WarpTimelineText::policyShortName(policies[1]));
    }
    return WarpTimelineWidget::tr("%1 only").arg(WarpTimelineText::policyShortName(policies[0]));
}

}  // namespace

WarpTimelineWidget::WarpTimelineWidget(const WarpTimelineState& initial, QWidget* parent)
    : QWidget(parent),
      state_(initial),
      device_(lesson::kinds::gpuDeviceOrDefault(initial.device)),
      worker_(new WarpRunWorker(this)) {
    buildControls();
    connect(worker_, &WarpRunWorker::finished, this, &WarpTimelineWidget::showRuns);
    simulate();
    worker_->waitForFinished(kOpeningWaitMs);
}

WarpTimelineWidget::~WarpTimelineWidget() = default;

void WarpTimelineWidget::buildControls() {
    auto* layout = new QVBoxLayout(this);

    auto* bar = new QHBoxLayout;
    kernelChooser_ = makeKernelChooser(state_.kernel, this);
    kernelChooser_->setToolTip(tr("The kernel launched: every warp runs its instructions"));
    schedulerChooser_ = new QComboBox(this);
    schedulerChooser_->setObjectName(QStringLiteral("schedulerChooser"));
    for (const auto& policies : kPolicyChoices) {
        schedulerChooser_->addItem(policyChoiceText(policies));
        if (policies == state_.schedulers) {
            schedulerChooser_->setCurrentIndex(schedulerChooser_->count() - 1);
        }
    }
    schedulerChooser_->setToolTip(
        tr("Loose round robin takes the warps in turn, starting after the last one it issued; "
           "greedy then oldest keeps issuing one warp until it stalls, then takes the oldest."));
    auto* kernelLabel = new QLabel(tr("Kernel:"), this);
    kernelLabel->setBuddy(kernelChooser_);
    auto* schedulerLabel = new QLabel(tr("Schedulers:"), this);
    schedulerLabel->setBuddy(schedulerChooser_);
    bar->addWidget(kernelLabel);
    bar->addWidget(kernelChooser_);
    bar->addSpacing(fontMetrics().height());
    bar->addWidget(schedulerLabel);
    bar->addWidget(schedulerChooser_);
    bar->addStretch(1);
    zoomOutButton_ = new QPushButton(tr("Zoom out"), this);
    zoomOutButton_->setObjectName(QStringLiteral("zoomOutButton"));
    zoomInButton_ = new QPushButton(tr("Zoom in"), this);
    zoomInButton_->setObjectName(QStringLiteral("zoomInButton"));
    fitButton_ = new QPushButton(tr("Whole run"), this);
    fitButton_->setObjectName(QStringLiteral("fitButton"));
    for (QPushButton* button : {zoomOutButton_, zoomInButton_, fitButton_}) {
        button->setFocusPolicy(Qt::NoFocus);  // the keyboard stays with the step controls
        bar->addWidget(button);
    }
    layout->addLayout(bar);

    launchLabel_ = new QLabel(this);
    launchLabel_->setObjectName(QStringLiteral("launchLabel"));
    launchLabel_->setWordWrap(true);
    layout->addWidget(launchLabel_);
    legend_ = new QLabel(this);
    legend_->setObjectName(QStringLiteral("legend"));
    legend_->setWordWrap(true);
    legend_->setTextFormat(Qt::RichText);
    layout->addWidget(legend_);
    message_ = new QLabel(this);
    message_->setObjectName(QStringLiteral("message"));
    message_->setWordWrap(true);
    message_->hide();
    layout->addWidget(message_);

    gantt_ = new WarpGanttView(this);
    gantt_->setObjectName(QStringLiteral("gantt"));
    layout->addWidget(gantt_, 1);

    steps_ = new StepControls(this);
    steps_->setObjectName(QStringLiteral("stepControls"));
    steps_->setRunInterval(kRunIntervalMs);
    steps_->setLabelText(
        [](int position, int count) { return tr("cycle %1 of %2").arg(position).arg(count - 1); });
    layout->addWidget(steps_);

    auto* panels = new QHBoxLayout;
    panels->setSpacing(fontMetrics().height() * 2);
    for (int index = 0; index < 2; ++index) {
        auto* panel = new WarpPolicyPanel(this);
        panel->setObjectName(QStringLiteral("policyPanel%1").arg(index));
        panels->addWidget(panel, 1);
        panels_.push_back(panel);
    }
    layout->addLayout(panels);

    connect(kernelChooser_, &QComboBox::currentTextChanged, this, &WarpTimelineWidget::setKernel);
    connect(schedulerChooser_, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (index >= 0) setSchedulers(kPolicyChoices[std::size_t(index)]);
    });
    connect(zoomOutButton_, &QPushButton::clicked, gantt_, &WarpGanttView::zoomOut);
    connect(zoomInButton_, &QPushButton::clicked, gantt_, &WarpGanttView::zoomIn);
    connect(fitButton_, &QPushButton::clicked, gantt_, &WarpGanttView::zoomToFit);
    connect(gantt_, &WarpGanttView::zoomChanged, this, [this] {
        fitButton_->setEnabled(!gantt_->showsAllCycles());
        zoomOutButton_->setEnabled(!gantt_->showsAllCycles());
    });
    connect(gantt_, &WarpGanttView::cycleClicked, this, &WarpTimelineWidget::showCycle);
    connect(steps_, &StepControls::positionChanged, this,
            [this](int position) { showCycle(position); });
    refreshTexts();
}

bool WarpTimelineWidget::isSimulating() const { return worker_->isRunning(); }

std::int64_t WarpTimelineWidget::cursorCycle() const { return gantt_->cursorCycle(); }

void WarpTimelineWidget::setKernel(const QString& kernel) {
    if (kernel.toStdString() == state_.kernel) return;
    state_.kernel = kernel.toStdString();
    {
        const QSignalBlocker blocker(kernelChooser_);
        kernelChooser_->setCurrentText(kernel);
    }
    simulate();
}

void WarpTimelineWidget::setSchedulers(const std::vector<std::string>& policies) {
    if (policies == state_.schedulers || policies.empty()) return;
    state_.schedulers = policies;
    const auto choice = std::find(kPolicyChoices.begin(), kPolicyChoices.end(), policies);
    if (choice != kPolicyChoices.end()) {
        const QSignalBlocker blocker(schedulerChooser_);
        schedulerChooser_->setCurrentIndex(int(choice - kPolicyChoices.begin()));
    }
    simulate();
}

void WarpTimelineWidget::simulate() {
    runs_.reset();
    configs_.clear();
    refreshTexts();
    auto built = gpu::buildKernel(state_.kernel, state_.grid, state_.block);
    if (!built) {
        kernel_.reset();
        worker_->drop();
        gantt_->setTimelines({}, nullptr);
        for (WarpPolicyPanel* panel : panels_) panel->setTimeline(nullptr, nullptr);
        steps_->setCount(0);
        showMessage(QString::fromStdString(built.error()), true);
        return;
    }
    kernel_ = std::make_shared<const gpu::KernelProgram>(*built);
    for (const std::string& policy : state_.schedulers) {
        gpu::SimulationConfig config;
        config.device = device_;
        config.kernel = *kernel_;
        config.grid = state_.grid;
        config.block = state_.block;
        config.schedulerPolicy = policy;
        config.recordedSm = state_.sm;
        config.maxRecordedCycles = state_.cycles;
        configs_.push_back(config);
    }
    showMessage(
        tr("Simulating %1 under %2…")
            .arg(QString::fromStdString(state_.kernel), policyChoiceText(state_.schedulers)),
        false);
    worker_->start(configs_);
}

void WarpTimelineWidget::showRuns(std::shared_ptr<const WarpRuns> runs) {
    runs_ = std::move(runs);
    std::vector<std::shared_ptr<const WarpTimeline>> timelines;
    QStringList problems;
    for (std::size_t index = 0; index < runs_->size(); ++index) {
        const WarpRun& run = (*runs_)[index];
        if (!run.ok()) {
            problems << QString::fromStdString(run.error);
        } else if (!run.result.impossibleReason.empty()) {
            problems << tr("This launch cannot run: %1")
                            .arg(QString::fromStdString(run.result.impossibleReason));
        } else {
            timelines.push_back(
                std::make_shared<const WarpTimeline>(runs_, index, device_.warpSchedulersPerSm));
        }
    }
    problems.removeDuplicates();
    if (!problems.isEmpty()) {
        showMessage(problems.join(QLatin1Char('\n')), true);
    } else if (!timelines.empty() && timelines.front()->rows().empty()) {
        showMessage(
            tr("SM %1 ran no block of this launch, so it has no warps to draw.").arg(state_.sm),
            false);
    } else {
        message_->hide();
    }
    if (!problems.isEmpty()) timelines.clear();
    gantt_->setTimelines(timelines, kernel_);
    for (std::size_t index = 0; index < panels_.size(); ++index) {
        panels_[index]->setVisible(index < timelines.size());
        panels_[index]->setTimeline(index < timelines.size() ? timelines[index] : nullptr, kernel_);
    }
    const std::int64_t cursor = gantt_->cursorCycle();
    {
        const QSignalBlocker blocker(steps_);
        steps_->setCount(int(gantt_->cycleCount()));
        steps_->setPosition(int(cursor));
    }
    refreshTexts();
    showCycle(steps_->position());
    emit runsShown();
}

void WarpTimelineWidget::showCycle(qint64 cycle) {
    if (steps_->position() != cycle) {
        steps_->setPosition(int(cycle));  // comes back here through positionChanged
        return;
    }
    gantt_->setCursorCycle(cycle);
    for (WarpPolicyPanel* panel : panels_) panel->showCycle(gantt_->cursorCycle());
}

void WarpTimelineWidget::showMessage(const QString& text, bool isError) {
    QPalette colors = message_->palette();
    colors.setColor(QPalette::WindowText,
                    isError ? errorColor(palette()) : palette().color(QPalette::WindowText));
    message_->setPalette(colors);
    message_->setText(text);
    message_->show();
}

void WarpTimelineWidget::refreshTexts() {
    QString launch =
        tr("%1<<<%2, %3>>> on the %4 · SM %5 of %6, %7 warp schedulers")
            .arg(QString::fromStdString(state_.kernel), WarpTimelineText::launchExtent(state_.grid),
                 WarpTimelineText::launchExtent(state_.block), QString::fromStdString(device_.name))
            .arg(state_.sm)
            .arg(device_.smCount)
            .arg(device_.warpSchedulersPerSm);
    if (!runs_ || runs_->empty() || !(*runs_)[0].ok()) {
        launchLabel_->setText(launch);
    } else {
        const gpu::SimulationStats& stats = (*runs_)[0].result.stats;
        launchLabel_->setText(
            launch + (stats.blocks == 1
                          ? tr(" · 1 block on 1 SM")
                          : tr(" · %1 blocks on %2 SMs").arg(stats.blocks).arg(stats.activeSms)));
    }
    legend_->setText(WarpTimelineText::legendHtml(palette()));
}

void WarpTimelineWidget::keyPressEvent(QKeyEvent* event) {
    // The stepping keys step wherever the focus is inside the simulator.
    if (!steps_->handleStepKey(event->key())) QWidget::keyPressEvent(event);
}

void WarpTimelineWidget::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) refreshTexts();
}

namespace {
const SimView kView(lesson::kinds::warpTimelineKind, createWidget<WarpTimelineWidget>);
}  // namespace

}  // namespace mlsyslab::widgets
