#pragma once

#include <QColor>
#include <QPalette>

namespace mlsyslab::widgets {

// The colours every pane of the pyvm simulator shares, so "running now" and "just changed" look
// the same in the source, the bytecode, the stack and the frames. Each comes in a shade for light
// backgrounds (presentation mode included) and one for dark backgrounds.
enum class PyVmRole {
    CurrentLine,       // the band behind the running line and the running instruction
    CurrentSpan,       // the underline under the running expression
    Changed,           // a stack value or variable that changed in the step shown
    JumpArrow,         // a jump's arrow to its target
    FrameBorder,       // a frame's box
    RunningFrame,      // the running frame's box
    Keyword,           // syntax colours
    Builtin,
    String,
    Number,
    Comment,
};

QColor pyVmColor(PyVmRole role, const QPalette& palette);
// Text that is there but means "nothing" (a NULL on the stack, a gutter's line numbers).
QColor quietTextColor(const QPalette& palette);

}  // namespace mlsyslab::widgets
