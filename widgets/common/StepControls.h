#pragma once

#include <QString>
#include <QWidget>

#include <functional>

class QLabel;
class QPushButton;
class QSlider;
class QTimer;

namespace mlsyslab::widgets {

// A simulator's own stepping controls (DESIGN.md §5): Reset · ◀ Back · Step ▶ · Run/Pause and
// a scrubber, keyboard first (Right/Left step, Space runs or pauses, Home resets, End jumps to
// the last position) while the controls have focus. It holds a position among `count`
// snapshots and says when it moves; the simulator renders snapshot `position` alone.
// Child object names: resetButton, backButton, stepButton, runButton, scrubber, positionLabel.
class StepControls : public QWidget {
    Q_OBJECT
public:
    explicit StepControls(QWidget* parent = nullptr);

    // Positions 0..count-1 (count 0 disables everything). Keeps the position if it still
    // exists, else moves to the last one; stops a run.
    void setCount(int count);
    int count() const { return count_; }
    int position() const { return position_; }

    // What the label says at a position, e.g. "t = 3 / 8" (the default is "Step k / n").
    void setLabelText(std::function<QString(int position, int count)> labelText);
    // Milliseconds between steps while running.
    void setRunInterval(int milliseconds);
    bool isRunning() const;

public slots:
    void setPosition(int position);
    void stepForward();
    void stepBack();
    void reset();
    void toggleRun();
    // The stepping keys (Right, Left, Space, Home, End), for a simulator that wants them to step
    // wherever the focus is inside it. True when `key` was one of them and was acted on.
    bool handleStepKey(int key);

signals:
    void positionChanged(int position);

protected:
    void keyPressEvent(QKeyEvent* event) override;

private:
    void refresh();

    int count_ = 0;
    int position_ = 0;
    std::function<QString(int, int)> labelText_;
    QPushButton* resetButton_;
    QPushButton* backButton_;
    QPushButton* stepButton_;
    QPushButton* runButton_;
    QSlider* scrubber_;
    QLabel* positionLabel_;
    QTimer* runTimer_;
};

}  // namespace mlsyslab::widgets
