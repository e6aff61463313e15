#pragma once

#include <QString>
#include <QWidget>

#include "matmul/MatmulParallelParts.h"

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
    // What the step controls' label says: "start · 3 steps", "step 2 of 3".
    QString stepLabel(int step, int count) const;

signals:
    // The run was made again (another mode, another option): the number of steps may differ.
    void runChanged();

protected:
    // Applies the page's font to scaledFonts_ whenever it changes (presentation mode).
    void changeEvent(QEvent* event) override;

    // The page's widgets drawn larger than its text, registered by each page.
    ScaledFonts scaledFonts_;
};

}  // namespace mlsyslab::widgets
