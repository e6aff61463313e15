#pragma once

#include <QComboBox>
#include <string>

namespace mlsyslab::widgets {

// A combo box of the built-in kernels (matrixAdd, vectorAdd, ...), `current` selected: the
// kernel menu of the simulators that run the warp scheduler.
QComboBox* makeKernelChooser(const std::string& current, QWidget* parent);

}  // namespace mlsyslab::widgets
