#pragma once

#include <QColor>
#include <QPalette>

namespace mlsyslab::widgets {

// The colours of the matmul-parallel views, the same in the matmul, the convolution and the
// attention: what the current step computes, what it reads, what is finished. Each has a shade
// for light palettes (presentation mode included) and one for dark palettes.
enum class ParallelRole {
    Active,   // the outputs (threads) this step works on: warm, it is where the eye goes
    Operand,  // the input cells this step reads
    Partial,  // an output some of whose terms are added
    Done,     // an output that is complete
    Padding,  // the zeros around a convolution's image
};

QColor parallelColor(ParallelRole role, const QPalette& palette);
// A fill that keeps dark text readable on light palettes and light text on dark ones.
QColor parallelFill(ParallelRole role, const QPalette& palette);

}  // namespace mlsyslab::widgets
