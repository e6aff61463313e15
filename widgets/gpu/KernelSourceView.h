#pragma once

#include <QPlainTextEdit>

#include "gpu/KernelProgram.h"

namespace mlsyslab::widgets {

// A kernel's CUDA source, numbered from 1, in the fixed-width font at the size of the widget's
// own font (so presentation mode enlarges it too), with one line highlighted and kept in view.
// Read-only; the keyboard stays with the step controls.
class KernelSourceView : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit KernelSourceView(QWidget* parent = nullptr);

    void showKernel(const gpu::KernelProgram& kernel);
    void clearKernel();
    // 0-based, as gpu::Instruction::sourceLine; -1 highlights nothing.
    void highlightLine(int line);
    int highlightedLine() const { return highlightedLine_; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void applyFont();

    int highlightedLine_ = -1;
};

}  // namespace mlsyslab::widgets
