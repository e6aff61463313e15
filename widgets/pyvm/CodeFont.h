#pragma once

#include <QFont>

namespace mlsyslab::widgets {

// The monospace font for code, stack values and output at the size of `textFont` (the widget's
// own font, which presentation mode has already scaled), so columns line up as in a terminal and
// code grows with the lesson's text.
QFont codeFont(const QFont& textFont);

}  // namespace mlsyslab::widgets
