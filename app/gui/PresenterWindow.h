#pragma once

#include <QElapsedTimer>
#include <QWidget>

#include "lesson/Lesson.h"

class QLabel;
class QTimer;

namespace mlsyslab::widgets {
class MarkdownView;
}

namespace mlsyslab::app {

// The presenter view: for the instructor's own screen while the lesson is projected. It shows
// the current step's speaker notes (the lesson's "Note:" paragraphs), what comes next, and the
// time since the view was opened. It opens on a second screen when there is one.
// Child object names: presenterPosition, presenterNotes, presenterNext, presenterClock.
class PresenterWindow : public QWidget {
    Q_OBJECT
public:
    explicit PresenterWindow(QWidget* parent = nullptr);

    void showStep(const lesson::Lesson& lesson, int stepIndex);
    void clear();
    // Puts the window on a screen other than the main window's, if the machine has one.
    void placeAwayFrom(const QWidget* mainWindow);

signals:
    void nextRequested();
    void previousRequested();

protected:
    void showEvent(QShowEvent* event) override;

private:
    void updateClock();

    QLabel* position_;
    widgets::MarkdownView* notes_;
    QLabel* next_;
    QLabel* clock_;
    QTimer* clockTimer_;
    QElapsedTimer elapsed_;
};

}  // namespace mlsyslab::app
