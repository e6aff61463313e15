#pragma once

#include <QWidget>

#include "gpu/lesson/OccupancyKind.h"

class QComboBox;
class QSpinBox;

namespace mlsyslab::widgets {

// The occupancy calculator's inputs: the device (the built-in ones), threads per block,
// registers per thread and dynamic shared memory per block (in bytes).
//
// Child object names (tests rely on them): deviceChooser (QComboBox), blockSizeBox,
// registersBox, sharedMemoryBox (QSpinBox).
class OccupancyControls : public QWidget {
    Q_OBJECT
public:
    explicit OccupancyControls(const lesson::kinds::OccupancyState& initial,
                               QWidget* parent = nullptr);

    const lesson::kinds::OccupancyState& state() const { return state_; }

public slots:
    // From a click on a curve: the value, snapped to what the box takes.
    void setBlockSize(int threads);
    void setRegisters(int registers);
    void setSharedBytes(int bytes);

signals:
    // The student changed something: state() is the new input.
    void edited();

private:
    void showState();

    lesson::kinds::OccupancyState state_;
    QComboBox* deviceChooser_ = nullptr;
    QSpinBox* blockSizeBox_ = nullptr;
    QSpinBox* registersBox_ = nullptr;
    QSpinBox* sharedMemoryBox_ = nullptr;
};

}  // namespace mlsyslab::widgets
