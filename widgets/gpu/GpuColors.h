#pragma once

#include <QColor>
#include <QPalette>

#include "gpu/WarpSimulator.h"

namespace mlsyslab::widgets {

// The colours every GPU view shares, so "SM 3", "waiting on memory" or "lane idle" looks the
// same in the launch grid, the hierarchy, the warp timeline and the divergence view. Each has a
// shade for light backgrounds (presentation mode included) and one for dark ones.

// A distinct hue per SM (cycling after twelve): blocks coloured by the SM they land on.
QColor smColor(int sm, const QPalette& palette);
// A warp's state in one cycle: issued, ready but not picked, waiting on a register (memory),
// at a barrier, pipeline busy, finished.
QColor warpStatusColor(gpu::WarpStatus status, const QPalette& palette);
// Lanes that run the current path, and lanes masked off by divergence.
QColor activeLaneColor(const QPalette& palette);
QColor idleLaneColor(const QPalette& palette);

}  // namespace mlsyslab::widgets
