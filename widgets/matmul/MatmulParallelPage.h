#pragma once

#include <QString>
#include <QWidget>

namespace mlsyslab::widgets {

// One view of the matmul-parallel simulator (the matmul, the convolution, the attention): it
// holds its own run and shows one step of it at a time, as the simulator's step controls say.
class MatmulParallelPage : public QWidget {
    Q_OBJECT
public:
    using QWidget::QWidget;

    virtual int stepCount() const = 0;
    virtual int currentStep() const = 0;
    virtual void showStep(int step) = 0;
    // What the step controls' label says, e.g. "step 2 of 3 · all 6 threads at once".
    virtual QString stepLabel(int step, int count) const = 0;

signals:
    // The run was made again (another mode, another option): the number of steps may differ.
    void runChanged();
};

}  // namespace mlsyslab::widgets
