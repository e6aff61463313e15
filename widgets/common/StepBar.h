#pragma once

#include <QWidget>

class QLabel;
class QPushButton;

namespace mlsyslab::widgets {

// ◀ Previous · Step k / n · Next ▶ · Reset. It shows a position and asks for moves; whoever
// owns the steps decides (the bar holds no step state of its own besides what it shows).
// Child object names: previousButton, stepLabel, nextButton, resetButton.
class StepBar : public QWidget {
    Q_OBJECT
public:
    explicit StepBar(QWidget* parent = nullptr);

    // index counts from 0; shows "Step index+1 / count" and enables the buttons that can move.
    void setPosition(int index, int count);

signals:
    void previousRequested();
    void nextRequested();
    void resetRequested();

private:
    QPushButton* previousButton_;
    QLabel* stepLabel_;
    QPushButton* nextButton_;
    QPushButton* resetButton_;
};

}  // namespace mlsyslab::widgets
