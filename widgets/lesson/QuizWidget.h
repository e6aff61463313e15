#pragma once

#include <QWidget>
#include <vector>

#include "lesson/Lesson.h"

class QAbstractButton;
class QLabel;
class QPushButton;

namespace mlsyslab::widgets {

// One quiz question with immediate feedback: a single-choice quiz is answered by picking a
// choice, a multi-choice one by ticking choices and pressing "Check". After an answer each
// choice is marked right or wrong and the explanation appears; the student may try again.
// Child object names: question, choice0.., checkButton (multi only), feedback, explanation.
class MarkdownView;

class QuizWidget : public QWidget {
    Q_OBJECT
public:
    explicit QuizWidget(const lesson::Quiz& quiz, QWidget* parent = nullptr);

    // Indices of the ticked choices, ascending.
    std::vector<int> selection() const;
    bool isAnswered() const { return answered_; }
    bool isAnsweredCorrectly() const;

    // Ticks these choices and shows the feedback, as if the student had answered so (restoring
    // saved progress). Indices out of range are ignored.
    void showAnswer(const std::vector<int>& selection);

signals:
    void answered(const std::vector<int>& selection, bool correct);

private:
    void submit();
    void showFeedback();

    lesson::Quiz quiz_;
    std::vector<QAbstractButton*> choiceButtons_;
    QPushButton* checkButton_ = nullptr;
    QLabel* feedback_;
    MarkdownView* explanation_;
    bool answered_ = false;
};

// Inline Markdown reduced to plain text for a button label: `code`, **bold**, *em* markers go.
QString plainInlineText(const std::string& markdown);

}  // namespace mlsyslab::widgets
