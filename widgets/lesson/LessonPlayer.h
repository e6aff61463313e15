#pragma once

#include <QWidget>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "lesson/Lesson.h"

class QScrollArea;
class QTimer;

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

    // The step is drawn at zoom times its reading size. Fitting to the window (the default)
    // chooses the largest zoom, at most 100 %, at which the step needs no scrolling.
    double zoom() const { return zoom_; }
    bool fitsToWindow() const { return fitToWindow_; }
    // Whether the step shown needs scrolling: its content is taller or wider than the view.
    bool stepOverflows() const;
    // The smallest zoom fitting goes down to; below it a step scrolls rather than shrink further.
    static constexpr double kLeastFitZoom = 0.8;

public slots:
    void goToStep(int index);
    void next();
    void previous();
    void first();
    void last();
    // The first step, with simulators and quizzes as new.
    void reset();
    // One zoom level larger or smaller (10 % apart near 100 %); both stop fitting to the window.
    void zoomIn();
    void zoomOut();
    // Fits every step to the window from now on, and the current one at once.
    void fitToWindow();
    // Fits now a step a resize has made too large or too small, rather than once the resize
    // has settled: for screenshots and tests, which do not wait.
    void settle();

signals:
    void stepChanged(int index);
    void quizAnswered(int stepIndex, int quizIndex, const std::vector<int>& selection, bool correct);
    // After reset(): the answers of this lesson were cleared.
    void answersCleared();
    void zoomChanged(double zoom, bool fitsToWindow);

protected:
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void showCurrentStep();
    void buildStep(double zoom);
    // The size the shown step's page needs to be seen without scrolling.
    QSize neededPageSize() const;
    void fitCurrentStep();
    void setZoom(double zoom, bool fitToWindow);
    void addShortcut(QKeySequence key, void (LessonPlayer::*slot)());

    const SimWidgetRegistry& simulators_;
    std::optional<lesson::Lesson> lesson_;
    QuizAnswers answers_;
    int currentStep_ = 0;
    QScrollArea* scrollArea_;
    StepView* stepView_ = nullptr;
    StepBar* stepBar_;
    double zoom_ = 1.0;
    bool fitToWindow_ = true;
    QTimer* refit_;  // a resize fits the step again once the window stops changing size
};

}  // namespace mlsyslab::widgets
