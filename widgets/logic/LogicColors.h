#pragma once

#include <QColor>
#include <QPalette>

namespace mlsyslab::widgets {

// The colours every logic view shares, so a 1 looks the same on a gate's wire, in the adder's
// carry chain and in a timing diagram. No palette role means "logic 1", so each colour comes in
// a dark shade for light backgrounds (presentation mode included) and a light one for dark
// backgrounds, each keeping at least 4.5:1 contrast with the window (WCAG AA).

enum class WireState {
    Low,      // 0
    High,     // 1
    Changed,  // changed in the time step shown (drawn over its 0 or 1 colour as a halo)
};

QColor wireColor(WireState state, const QPalette& palette);
QColor wireColor(bool value, const QPalette& palette);
// The critical (longest-delay) path, drawn under the wires so their values stay readable.
QColor criticalPathColor(const QPalette& palette);

}  // namespace mlsyslab::widgets
