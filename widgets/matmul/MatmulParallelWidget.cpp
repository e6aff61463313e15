#include "matmul/MatmulParallelWidget.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QSignalBlocker>
#include <QVBoxLayout>
#include <algorithm>

#include "common/SimWidgetRegistry.h"
#include "common/StepControls.h"
#include "matmul/AttentionView.h"
#include "matmul/Conv2dView.h"
#include "matmul/MatmulThreadsView.h"

namespace mlsyslab::widgets {

namespace {

using lesson::kinds::ParallelView;
using matmul::ThreadSchedule;

// Slow enough to read the partial sums as they change.
constexpr int kRunIntervalMs = 900;

std::size_t pageIndex(ParallelView view) {
    switch (view) {
        case ParallelView::Conv2d:
            return 1;
        case ParallelView::Attention:
            return 2;
        case ParallelView::Matmul:
            break;
    }
    return 0;
}

ParallelView viewAt(int index) {
    if (index == 1) return ParallelView::Conv2d;
    if (index == 2) return ParallelView::Attention;
    return ParallelView::Matmul;
}

}  // namespace

MatmulParallelWidget::MatmulParallelWidget(const lesson::kinds::MatmulParallelState& initial,
                                           QWidget* parent)
    : QWidget(parent), view_(initial.view) {
    buildControls(initial);
    followPage();
    // The lesson may open the first view part way through (clamped to its last step).
    showStep(std::min(initial.startStep, steps_->count() - 1));
}

void MatmulParallelWidget::buildControls(const lesson::kinds::MatmulParallelState& initial) {
    auto* layout = new QVBoxLayout(this);
    auto* bar = new QHBoxLayout;
    viewChooser_ = new QComboBox(this);
    viewChooser_->setObjectName(QStringLiteral("viewChooser"));
    viewChooser_->addItems({tr("matmul: one thread per output"),
                            tr("conv2d: every position at once"),
                            tr("attention: softmax(QK\u1D40/\u221Ad)\u00B7V")});
    viewChooser_->setCurrentIndex(int(pageIndex(view_)));
    auto* viewLabel = new QLabel(tr("Operation:"), this);
    viewLabel->setBuddy(viewChooser_);
    modeChooser_ = new QComboBox(this);
    modeChooser_->setObjectName(QStringLiteral("modeChooser"));
    modeChooser_->addItems({tr("every thread at once (GPU)"), tr("one at a time (one CPU core)")});
    modeChooser_->setCurrentIndex(initial.schedule == ThreadSchedule::Sequential ? 1 : 0);
    modeLabel_ = new QLabel(tr("Run:"), this);
    modeLabel_->setBuddy(modeChooser_);
    bar->addWidget(viewLabel);
    bar->addWidget(viewChooser_);
    bar->addSpacing(fontMetrics().height());
    bar->addWidget(modeLabel_);
    bar->addWidget(modeChooser_);
    bar->addStretch(1);
    layout->addLayout(bar);

    matmulView_ = new MatmulThreadsView(initial.a, initial.b, initial.schedule, this);
    matmulView_->setObjectName(QStringLiteral("matmulView"));
    convView_ = new Conv2dView(initial.example, initial.layer, initial.schedule, this);
    convView_->setObjectName(QStringLiteral("convView"));
    attentionView_ = new AttentionView(initial.attention, this);
    attentionView_->setObjectName(QStringLiteral("attentionView"));
    pages_ = {matmulView_, convView_, attentionView_};
    pageIndex_ = pageIndex(view_);
    for (MatmulParallelPage* page : pages_) {
        layout->addWidget(page, 1);
        page->setVisible(page == currentPage());
    }

    steps_ = new StepControls(this);
    steps_->setObjectName(QStringLiteral("stepControls"));
    steps_->setRunInterval(kRunIntervalMs);
    steps_->setLabelText(
        [this](int position, int count) { return currentPage()->stepLabel(position, count); });
    layout->addWidget(steps_);

    connect(viewChooser_, &QComboBox::currentIndexChanged, this,
            [this](int index) { setView(viewAt(index)); });
    connect(modeChooser_, &QComboBox::currentIndexChanged, this, [this](int index) {
        setSchedule(index == 1 ? ThreadSchedule::Sequential : ThreadSchedule::Parallel);
    });
    connect(steps_, &StepControls::positionChanged, this, &MatmulParallelWidget::showStep);
    for (MatmulParallelPage* page : pages_) {
        connect(page, &MatmulParallelPage::runChanged, this, [this, page] {
            if (page == currentPage()) followPage();
        });
    }
}

int MatmulParallelWidget::currentStep() const { return steps_->position(); }

void MatmulParallelWidget::setView(ParallelView view) {
    if (view == view_) return;
    view_ = view;
    {
        const QSignalBlocker blocker(viewChooser_);
        viewChooser_->setCurrentIndex(int(pageIndex(view)));
    }
    pageIndex_ = pageIndex(view);
    for (MatmulParallelPage* page : pages_) page->setVisible(page == currentPage());
    followPage();
}

void MatmulParallelWidget::setSchedule(ThreadSchedule schedule) {
    {
        const QSignalBlocker blocker(modeChooser_);
        modeChooser_->setCurrentIndex(schedule == ThreadSchedule::Sequential ? 1 : 0);
    }
    // Both thread views follow the chooser, so switching views keeps the mode.
    matmulView_->setSchedule(schedule);
    convView_->setSchedule(schedule);
}

// The step controls take the current page's run: its number of steps and the step it shows.
void MatmulParallelWidget::followPage() {
    MatmulParallelPage* page = currentPage();
    const bool threads = view_ != ParallelView::Attention;
    modeLabel_->setVisible(threads);
    modeChooser_->setVisible(threads);
    {
        const QSignalBlocker blocker(steps_);
        steps_->setCount(page->stepCount());
        steps_->setPosition(page->currentStep());
    }
    showStep(steps_->position());
}

void MatmulParallelWidget::showStep(int step) {
    if (steps_->position() != step) {
        steps_->setPosition(step);  // comes back here through positionChanged
        return;
    }
    currentPage()->showStep(step);
}

void MatmulParallelWidget::keyPressEvent(QKeyEvent* event) {
    // The stepping keys step wherever the focus is inside the simulator.
    if (!steps_->handleStepKey(event->key())) QWidget::keyPressEvent(event);
}

namespace {
const SimView kView(lesson::kinds::matmulParallelKind, createWidget<MatmulParallelWidget>);
}  // namespace

}  // namespace mlsyslab::widgets
