#pragma once

#include <QFrame>

class QLabel;
class QPushButton;

namespace mlsyslab::app {

// The note above a lesson that reopened where the student left off: "Resumed at step 4 of 7",
// with Start over (step 1; quiz answers stay, unlike the step bar's Reset) and a close button.
// A bar rather than a dialog, so it never stands between the class and the lesson; it goes away
// as soon as the lesson moves to another step.
class ResumeBar : public QFrame {
    Q_OBJECT
public:
    explicit ResumeBar(QWidget* parent = nullptr);

    // Steps count from 0, as the player counts them.
    void showResumed(int stepIndex, int stepCount);

signals:
    void startOverRequested();

private:
    QLabel* message_;
    QPushButton* startOver_;
    QPushButton* dismiss_;
};

}  // namespace mlsyslab::app
