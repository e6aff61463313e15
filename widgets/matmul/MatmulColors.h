#pragma once

#include <QColor>
#include <QPalette>
#include <string_view>

namespace mlsyslab::widgets {

// One colour per rung of the matmul ladder, the same in the benchmark plot, its table and the
// roofline, so "simd" is the same green everywhere. CPU rungs are blues to greens, getting
// deeper as they get faster; OpenBLAS is black-ish (the reference); the GPU rungs are warm.
// Each has a shade for light backgrounds (presentation mode included) and one for dark ones.
QColor backendColor(std::string_view backend, const QPalette& palette);

}  // namespace mlsyslab::widgets
