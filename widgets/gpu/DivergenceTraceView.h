#pragma once

#include <QAbstractScrollArea>
#include <memory>

#include "gpu/DivergenceTrace.h"
#include "gpu/KernelProgram.h"

namespace mlsyslab::widgets {

// Every instruction a warp issued, top to bottom in the order it issued them (its number, CUDA
// line and operation; the whole instruction in the tooltip), each with the lanes that ran it as
// a row of 32 small cells: a divergent branch shows as one block of rows
// with some lanes lit, then another with the others, the two paths one after the other. The
// current instruction is highlighted and kept in view; those still to come are faded. A click
// on a row selects that step.
class DivergenceTraceView : public QAbstractScrollArea {
    Q_OBJECT
public:
    explicit DivergenceTraceView(QWidget* parent = nullptr);

    void setTrace(std::shared_ptr<const gpu::DivergenceTrace> trace,
                  std::shared_ptr<const gpu::KernelProgram> kernel);
    void setCurrentStep(int step);
    int currentStep() const { return current_; }
    // Where a step's row is, in viewport coordinates.
    QRect rowRect(int step) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void stepClicked(int step);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void changeEvent(QEvent* event) override;
    void scrollContentsBy(int dx, int dy) override;
    bool viewportEvent(QEvent* event) override;

private:
    int sourceLineOf(int pc) const;
    QString operationOf(int pc) const;
    int rowHeight() const;
    int laneCellsWidth() const;
    QFont codeFont() const;
    void updateScrollBar();
    void scrollToCurrent();

    std::shared_ptr<const gpu::DivergenceTrace> trace_;
    std::shared_ptr<const gpu::KernelProgram> kernel_;
    int current_ = 0;
};

}  // namespace mlsyslab::widgets
