#pragma once

#include <QWidget>
#include <cstdint>
#include <vector>

#include "memory/TensorOperation.h"

class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace mlsyslab::widgets {

// The operations a student may apply to the tensor, as buttons: Transpose (the last two
// dimensions), Permute (3-d and up: the last dimension moves first), contiguous(), Reset tensor, a
// view with a shape typed as "4, 3" (one size may be -1), and a slice along one dimension with
// start, stop and step. It only asks; the simulator applies and reports back with showError.
// Child object names: transposeButton, permuteButton, contiguousButton, resetTensorButton,
// viewEdit, viewButton, sliceDim, sliceStart, sliceStop, sliceStep, sliceButton,
// operationError (QLabel, in the error colour; hidden when there is nothing to say).
class TensorOperationBar : public QWidget {
    Q_OBJECT
public:
    explicit TensorOperationBar(QWidget* parent = nullptr);

    // The tensor the buttons act on now: enables what makes sense for its rank and sets the
    // slice controls' ranges.
    void setShape(const std::vector<std::int64_t>& shape);
    void showError(const QString& message);  // an empty message hides the error line
    QString errorText() const;

signals:
    void operationRequested(const mlsyslab::memory::TensorOperation& operation);
    void resetRequested();

private:
    void requestView();
    void requestSlice();
    void refreshSliceRanges();

    std::vector<std::int64_t> shape_;
    QPushButton* transposeButton_;
    QPushButton* permuteButton_;
    QPushButton* contiguousButton_;
    QPushButton* resetButton_;
    QLineEdit* viewEdit_;
    QPushButton* viewButton_;
    QSpinBox* sliceDim_;
    QSpinBox* sliceStart_;
    QSpinBox* sliceStop_;
    QSpinBox* sliceStep_;
    QPushButton* sliceButton_;
    QLabel* error_;
};

}  // namespace mlsyslab::widgets
