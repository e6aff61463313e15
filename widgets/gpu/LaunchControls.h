#pragma once

#include <QWidget>

#include "gpu/lesson/CudaLaunchKind.h"

class QCheckBox;
class QComboBox;
class QSpinBox;

namespace mlsyslab::widgets {

// The knobs of the `cuda-launch` simulator: the device, the matrix's Nx × Ny, threadsPerBlock
// (x, y) and numBlocks (x, y). With "covers the matrix" ticked (the default), numBlocks follows
// ((Nx + bx - 1) / bx, (Ny + by - 1) / by) as the seed computes it; unticked, it is set by hand.
// Every change says launchChanged with the new state.
// Child object names: device (QComboBox, the device id as item data), nx, ny, blockX, blockY,
// gridX, gridY (QSpinBox), coverMatrix (QCheckBox).
class LaunchControls : public QWidget {
    Q_OBJECT
public:
    explicit LaunchControls(QWidget* parent = nullptr);

    void setState(const lesson::kinds::CudaLaunchState& state);
    // The launch the knobs describe (the selection is the caller's: it stays at 0, 0).
    lesson::kinds::CudaLaunchState state() const;

signals:
    void launchChanged();

private:
    void knobChanged();
    void showCoveringGrid();

    QComboBox* device_;
    QSpinBox* columns_;
    QSpinBox* rows_;
    QSpinBox* blockX_;
    QSpinBox* blockY_;
    QCheckBox* coverMatrix_;
    QSpinBox* gridX_;
    QSpinBox* gridY_;
    bool updating_ = false;
};

}  // namespace mlsyslab::widgets
