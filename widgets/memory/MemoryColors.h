#pragma once

#include <QColor>
#include <QPalette>

namespace mlsyslab::widgets {

// The colours every memory view shares, so a hit, a miss or "level 2" looks the same in the
// cache grid, the latency ladder, the probe curve and the tensor layout. Each comes in a shade
// for light backgrounds (presentation mode included) and one for dark backgrounds.
enum class MemoryRole {
    Hit,         // green: a line found where it was looked for
    Miss,        // red: a line that had to come from further away
    Dirty,       // a line written but not yet written back
    Evicted,     // the victim of a replacement
    Highlight,   // the element or line the current step is about
    Registers,   // one colour per level of the hierarchy, core outward
    L1,
    L2,
    L3,
    Dram,
    Storage,     // SSD
};

QColor memoryColor(MemoryRole role, const QPalette& palette);
// A pale fill of a role's colour, for cell backgrounds that must keep their text readable.
QColor memoryFill(MemoryRole role, const QPalette& palette);
// Black or white, whichever reads on `fill`: the text of a highlighted cell.
QColor inkOn(const QColor& fill);

}  // namespace mlsyslab::widgets
