#pragma once

#include <QWidget>
#include <vector>

#include "lesson/Lesson.h"

class QVBoxLayout;

namespace mlsyslab::widgets {

class QuizWidget;
class SimWidgetRegistry;

// One lesson step, drawn from that step alone (DESIGN.md §2): its Markdown, its simulators
// (built by the registry) and its quizzes, top to bottom in file order, with every font at
// `zoom` times its reading size (View › Zoom; LessonPlayer fits the step to the window).
class StepView : public QWidget {
    Q_OBJECT
public:
    StepView(const lesson::Step& step, const SimWidgetRegistry& simulators, double zoom = 1.0,
             QWidget* parent = nullptr);

    // The step's quizzes in file order.
    const std::vector<QuizWidget*>& quizzes() const { return quizzes_; }

signals:
    // quizIndex counts the step's quizzes from 0.
    void quizAnswered(int quizIndex, const std::vector<int>& selection, bool correct);

private:
    void addMarkdown(const lesson::MarkdownBlock& block, QVBoxLayout* layout);
    void addSimulator(const lesson::SimBlock& block, const SimWidgetRegistry& simulators,
                      QVBoxLayout* layout);
    void addQuiz(const lesson::Quiz& quiz, QVBoxLayout* layout);

    std::vector<QuizWidget*> quizzes_;
};

}  // namespace mlsyslab::widgets
