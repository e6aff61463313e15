#pragma once

#include <QWidget>
#include <cstdint>
#include <memory>

#include "lesson/Lesson.h"
#include "memory/lesson/TensorLayoutKind.h"
#include "memory/TensorWorkspace.h"

namespace mlsyslab::widgets {

// The `tensor-layout` simulator: a tensor's logical grid (TensorGridView) above its storage in
// memory (MemoryStripView), with what PyTorch says about it (TensorLayoutReadouts), the
// PyTorch code that made it, and the address formula of the selected element:
//   t[1, 2] → offset 0 + 1·4 + 2·1 = 6 → address 0x1000 + 6·4 = 0x1018
// Clicking a cell selects it; the step controls walk the elements in logical order, as a loop
// over the tensor reads them, and the storage strip draws each move: a unit step or a jump.
// When the lesson allows it, TensorOperationBar applies transpose, permute, slice, view and
// contiguous(); a refused operation shows PyTorch's message and changes nothing. A copy made by
// contiguous() appears as a second storage strip.
//
// Child object names (tests rely on them): operationBar (TensorOperationBar, with its own
// names; absent when the lesson is not editable), expression (QLabel), grid (TensorGridView),
// readouts (TensorLayoutReadouts), formula (QLabel), storageTitle and storageStrip (the
// original storage), copyTitle and copyStrip (the storage the tensor reads, when a copy),
// stepControls (StepControls), moveNote and traversalNote (QLabels).
class TensorLayoutWidget : public QWidget {
    Q_OBJECT
public:
    explicit TensorLayoutWidget(const lesson::kinds::TensorLayoutState& initial,
                                QWidget* parent = nullptr);
    ~TensorLayoutWidget() override;

    const memory::TensorWorkspace& workspace() const;
    // The logical position of the selected element (the traversal's position).
    std::int64_t currentPosition() const;

public slots:
    // Applies an operation; false (with the message shown) when it is refused.
    bool applyOperation(const mlsyslab::memory::TensorOperation& operation);
    void resetTensor();
    void selectPosition(qint64 position);

signals:
    void tensorChanged();

protected:
    void keyPressEvent(QKeyEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void rebuild(std::int64_t position);  // the tensor changed: every view again
    void showPosition(int position);
    void applyFonts();
    void arrangeMiddle();
    void fitFormula();

    struct Parts;
    std::unique_ptr<Parts> parts_;
};

}  // namespace mlsyslab::widgets
