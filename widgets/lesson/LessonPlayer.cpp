#include "lesson/LessonPlayer.h"

#include <QHBoxLayout>
#include <QScrollArea>
#include <QScrollBar>
#include <QShortcut>
#include <QVBoxLayout>
#include <algorithm>

#include "common/StepBar.h"
#include "lesson/QuizWidget.h"
#include "lesson/StepView.h"

namespace mlsyslab::widgets {

namespace {

// Lines much longer than this are hard to follow; wider windows get margins instead. Wide
// enough for a simulator beside its readings.
constexpr int kStepWidthCharacters = 120;

}  // namespace

LessonPlayer::LessonPlayer(const SimWidgetRegistry& simulators, QWidget* parent)
    : QWidget(parent),
      simulators_(simulators),
      scrollArea_(new QScrollArea(this)),
      stepBar_(new StepBar(this)) {
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
    const auto& step = lesson_->steps[static_cast<std::size_t>(currentStep_)];
    auto* page = new QWidget;
    auto* pageLayout = new QHBoxLayout(page);
    pageLayout->setContentsMargins(32, 24, 32, 24);
    stepView_ = new StepView(step, simulators_, page);
    stepView_->setMaximumWidth(stepView_->fontMetrics().averageCharWidth() * kStepWidthCharacters);
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

}  // namespace mlsyslab::widgets
