#pragma once

#include <QColor>

namespace mlsyslab::widgets {

// `share` (0 to 1) of `tint` over `base`, opaque: pale tints of a colour on light palettes and
// deep ones on dark palettes, so text on them keeps its contrast.
QColor mixedColor(const QColor& base, const QColor& tint, double share);

}  // namespace mlsyslab::widgets
