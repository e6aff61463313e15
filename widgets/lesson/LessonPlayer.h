#pragma once

#include <QWidget>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "lesson/Lesson.h"

class QScrollArea;

namespace mlsyslab::widgets {

class SimWidgetRegistry;
class StepBar;
class StepView;

// Plays a lesson one step at a time: the current step's view above the step bar, with the
// keyboard moves of DESIGN.md §5 (Right/Left, PageDown/PageUp, Home, End) while focus
// is anywhere inside it. Moving to a step rebuilds its view from the lesson alone, so back,
// forward and reset can never show a stale state; quiz answers are kept across moves.
class LessonPlayer : public QWidget {
    Q_OBJECT
public:
    using QuizKey = std::pair<int, int>;  // (step index, quiz index within the step)
    using QuizAnswers = std::map<QuizKey, std::vector<int>>;

    explicit LessonPlayer(const SimWidgetRegistry& simulators, QWidget* parent = nullptr);

    // Shows the lesson at startStep (clamped to its steps), with these answers already given.
    void setLesson(lesson::Lesson lesson, int startStep = 0, QuizAnswers answers = {});
    const std::optional<lesson::Lesson>& lesson() const { return lesson_; }

    int currentStep() const { return currentStep_; }
    int stepCount() const;
    StepView* stepView() const { return stepView_; }
    StepBar* stepBar() const { return stepBar_; }

public slots:
    void goToStep(int index);
    void next();
    void previous();
    void first();
    void last();
    // The first step, with simulators and quizzes as new.
    void reset();

signals:
    void stepChanged(int index);
    void quizAnswered(int stepIndex, int quizIndex, const std::vector<int>& selection, bool correct);
    // After reset(): the answers of this lesson were cleared.
    void answersCleared();

private:
    void showCurrentStep();
    void addShortcut(QKeySequence key, void (LessonPlayer::*slot)());

    const SimWidgetRegistry& simulators_;
    std::optional<lesson::Lesson> lesson_;
    QuizAnswers answers_;
    int currentStep_ = 0;
    QScrollArea* scrollArea_;
    StepView* stepView_ = nullptr;
    StepBar* stepBar_;
};

}  // namespace mlsyslab::widgets
