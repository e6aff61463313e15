#pragma once

#include <QPalette>
#include <QRect>
#include <cstdint>

#include "gpu/WarpLanes.h"

class QPainter;

namespace mlsyslab::widgets {

// A warp's 32 lanes drawn as a row of small cells, lane 0 at the left: lanes in the mask in the
// active colour, the others in the idle colour (GpuColors.h), lanes that are no thread at all
// (past the end of a partial warp) as empty outlines. The trace and the SIMT stack use it, so a
// mask looks the same wherever it appears.
void paintLaneCells(QPainter& painter, const QRect& area, std::uint32_t activeMask,
                    std::uint32_t existingMask, const QPalette& palette);

// "0x5555_5555": the mask in hex, lane 31 first, with a separator between the halves so that
// the 8 digits read.
QString laneMaskHex(std::uint32_t mask);
// "1, 3, 5, …, 31": the lanes in a mask, or ranges "0–15" where they run on.
QString laneList(std::uint32_t mask);
int laneCount(std::uint32_t mask);

}  // namespace mlsyslab::widgets
