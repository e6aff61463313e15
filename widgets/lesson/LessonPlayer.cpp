#include "lesson/LessonPlayer.h"

#include <QHBoxLayout>
#include <QScrollArea>
#include <QScrollBar>
#include <QShortcut>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <array>
#include <cmath>

#include "common/StepBar.h"
#include "lesson/QuizWidget.h"
#include "lesson/StepView.h"

namespace mlsyslab::widgets {

namespace {

// Lines much longer than this are hard to follow; wider windows get margins instead. Wide
// enough for a simulator beside its readings.
constexpr int kStepWidthCharacters = 120;

// Page margins and the air between a step's blocks, at 100 %.
constexpr int kPageMarginX = 32;
constexpr int kPageMarginY = 24;

// Zoom In and Zoom Out walk these, as browsers do.
constexpr std::array<double, 12> kZoomLevels = {0.5, 0.6, 0.7, 0.8, 0.9, 1.0,
                                                1.1, 1.25, 1.5, 1.75, 2.0, 2.5};

// A fit tries a zoom, measures, and tries again smaller; text reflows, so the height does not
// shrink exactly in proportion. A few tries settle it.
constexpr int kFitTries = 5;
// How long a window must keep its size before the step is fitted to it again: dragging a
// window's edge must not rebuild the step at every pixel.
constexpr int kRefitDelayMs = 150;

int scaled(int pixels, double zoom) { return static_cast<int>(std::lround(pixels * zoom)); }

}  // namespace

LessonPlayer::LessonPlayer(const SimWidgetRegistry& simulators, QWidget* parent)
    : QWidget(parent),
      simulators_(simulators),
      scrollArea_(new QScrollArea(this)),
      stepBar_(new StepBar(this)),
      refit_(new QTimer(this)) {
    refit_->setSingleShot(true);
    refit_->setInterval(kRefitDelayMs);
    connect(refit_, &QTimer::timeout, this, &LessonPlayer::fitCurrentStep);
    scrollArea_->setWidgetResizable(true);
    scrollArea_->setFrameShape(QFrame::NoFrame);
    scrollArea_->setObjectName("stepScrollArea");

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(scrollArea_, 1);
    layout->addWidget(stepBar_);

    connect(stepBar_, &StepBar::previousRequested, this, &LessonPlayer::previous);
    connect(stepBar_, &StepBar::nextRequested, this, &LessonPlayer::next);
    connect(stepBar_, &StepBar::resetRequested, this, &LessonPlayer::reset);

    addShortcut(Qt::Key_Right, &LessonPlayer::next);
    addShortcut(Qt::Key_PageDown, &LessonPlayer::next);
    addShortcut(Qt::Key_Left, &LessonPlayer::previous);
    addShortcut(Qt::Key_PageUp, &LessonPlayer::previous);
    addShortcut(Qt::Key_Home, &LessonPlayer::first);
    addShortcut(Qt::Key_End, &LessonPlayer::last);
    setFocusPolicy(Qt::StrongFocus);
}

void LessonPlayer::addShortcut(QKeySequence key, void (LessonPlayer::*slot)()) {
    // WidgetWithChildrenShortcut: the keys work anywhere in the lesson, but a line edit that has
    // focus keeps its own Left/Right/Home (it claims them through ShortcutOverride). Space is
    // left alone: it ticks a focused quiz choice, and simulators use it for Run/Pause.
    auto* shortcut = new QShortcut(key, this);
    shortcut->setContext(Qt::WidgetWithChildrenShortcut);
    connect(shortcut, &QShortcut::activated, this, slot);
}

void LessonPlayer::setLesson(lesson::Lesson lesson, int startStep, QuizAnswers answers) {
    lesson_ = std::move(lesson);
    answers_ = std::move(answers);
    currentStep_ = std::clamp(startStep, 0, std::max(0, stepCount() - 1));
    showCurrentStep();
    emit stepChanged(currentStep_);
}

int LessonPlayer::stepCount() const {
    return lesson_ ? static_cast<int>(lesson_->steps.size()) : 0;
}

void LessonPlayer::goToStep(int index) {
    if (!lesson_ || index < 0 || index >= stepCount() || index == currentStep_) return;
    currentStep_ = index;
    showCurrentStep();
    emit stepChanged(currentStep_);
}

void LessonPlayer::next() { goToStep(currentStep_ + 1); }
void LessonPlayer::previous() { goToStep(currentStep_ - 1); }
void LessonPlayer::first() { goToStep(0); }
void LessonPlayer::last() { goToStep(stepCount() - 1); }

void LessonPlayer::reset() {
    if (!lesson_) return;
    answers_.clear();
    emit answersCleared();
    const bool moved = currentStep_ != 0;
    currentStep_ = 0;
    showCurrentStep();
    if (moved) emit stepChanged(currentStep_);
}

void LessonPlayer::showCurrentStep() {
    stepBar_->setPosition(currentStep_, stepCount());
    if (!lesson_ || lesson_->steps.empty()) {
        delete scrollArea_->takeWidget();
        stepView_ = nullptr;
        return;
    }
    if (fitToWindow_) {
        fitCurrentStep();
    } else {
        buildStep(zoom_);
    }
}

void LessonPlayer::buildStep(double zoom) {
    const auto& step = lesson_->steps[static_cast<std::size_t>(currentStep_)];
    auto* page = new QWidget;
    auto* pageLayout = new QHBoxLayout(page);
    pageLayout->setContentsMargins(scaled(kPageMarginX, zoom), scaled(kPageMarginY, zoom),
                                   scaled(kPageMarginX, zoom), scaled(kPageMarginY, zoom));
    stepView_ = new StepView(step, simulators_, zoom, page);
    // The text column keeps its 100 % width when zoomed out: narrower, it would only grow taller.
    stepView_->setMaximumWidth(static_cast<int>(stepView_->fontMetrics().averageCharWidth() *
                                                kStepWidthCharacters / std::min(zoom, 1.0)));
    pageLayout->addStretch(0);
    pageLayout->addWidget(stepView_, 1);
    pageLayout->addStretch(0);

    const int stepIndex = currentStep_;
    for (std::size_t quizIndex = 0; quizIndex < stepView_->quizzes().size(); ++quizIndex) {
        const auto saved = answers_.find({stepIndex, static_cast<int>(quizIndex)});
        if (saved != answers_.end()) stepView_->quizzes()[quizIndex]->showAnswer(saved->second);
    }
    connect(stepView_, &StepView::quizAnswered, this,
            [this, stepIndex](int quizIndex, const std::vector<int>& selection, bool correct) {
                answers_[{stepIndex, quizIndex}] = selection;
                emit quizAnswered(stepIndex, quizIndex, selection, correct);
            });
    delete scrollArea_->takeWidget();
    scrollArea_->setWidget(page);
    scrollArea_->verticalScrollBar()->setValue(0);
}

QSize LessonPlayer::neededPageSize() const {
    const QWidget* page = scrollArea_->widget();
    if (page == nullptr) return {};
    // What QScrollArea itself weighs: the page's smallest size, and the height its text needs
    // at the width the view gives it.
    const QSize view = scrollArea_->maximumViewportSize();
    QSize needed = page->minimumSizeHint().expandedTo(page->minimumSize());
    if (page->hasHeightForWidth()) {
        needed.setHeight(std::max(needed.height(),
                                  page->heightForWidth(std::max(view.width(), needed.width()))));
    }
    return needed;
}

bool LessonPlayer::stepOverflows() const {
    const QSize view = scrollArea_->maximumViewportSize();
    const QSize needed = neededPageSize();
    return needed.height() > view.height() || needed.width() > view.width();
}

void LessonPlayer::fitCurrentStep() {
    refit_->stop();
    if (!lesson_ || lesson_->steps.empty()) return;
    // A hidden player has no size to fit to yet: it fits when shown.
    if (!isVisible()) {
        buildStep(1.0);
        setZoom(1.0, true);
        return;
    }
    // Largest first: a step that fits at 100 % is shown at 100 %.
    double zoom = 1.0;
    buildStep(zoom);
    for (int attempt = 0; attempt < kFitTries && zoom > kLeastFitZoom && stepOverflows();
         ++attempt) {
        const QSize view = scrollArea_->maximumViewportSize();
        const QSize needed = neededPageSize();
        const double byHeight = double(view.height()) / std::max(1, needed.height());
        const double byWidth = double(view.width()) / std::max(1, needed.width());
        // A little under the proportion, and at least a few percent each try, so that it ends.
        const double factor = std::clamp(std::min(byHeight, byWidth) * 0.98, 0.5, 0.95);
        zoom = std::max(kLeastFitZoom, zoom * factor);
        buildStep(zoom);
    }
    setZoom(zoom, true);
}

void LessonPlayer::setZoom(double zoom, bool fitToWindow) {
    const bool changed = zoom != zoom_ || fitToWindow != fitToWindow_;
    zoom_ = zoom;
    fitToWindow_ = fitToWindow;
    if (changed) emit zoomChanged(zoom_, fitToWindow_);
}

void LessonPlayer::zoomIn() {
    const auto larger = std::upper_bound(kZoomLevels.begin(), kZoomLevels.end(), zoom_ + 1e-9);
    setZoom(larger == kZoomLevels.end() ? kZoomLevels.back() : *larger, false);
    if (lesson_ && !lesson_->steps.empty()) buildStep(zoom_);
}

void LessonPlayer::zoomOut() {
    const auto smaller = std::lower_bound(kZoomLevels.begin(), kZoomLevels.end(), zoom_ - 1e-9);
    setZoom(smaller == kZoomLevels.begin() ? kZoomLevels.front() : *(smaller - 1), false);
    if (lesson_ && !lesson_->steps.empty()) buildStep(zoom_);
}

void LessonPlayer::fitToWindow() {
    setZoom(zoom_, true);
    fitCurrentStep();
}

void LessonPlayer::settle() {
    if (refit_->isActive()) fitCurrentStep();
}

void LessonPlayer::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (fitToWindow_ && stepView_ != nullptr && stepOverflows()) fitCurrentStep();
}

void LessonPlayer::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    // Only when the fit would change: a step that fits at 100 % and still fits is left as it
    // is, with whatever the student has done in its simulators.
    if (fitToWindow_ && stepView_ != nullptr && (zoom_ < 1.0 || stepOverflows())) {
        refit_->start();
    }
}

}  // namespace mlsyslab::widgets
