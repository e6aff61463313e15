#pragma once

#include "gpu/Coalescing.h"

// The coalescing view's proportions and fills, shared by its two source files
// (CoalescingView.cpp: lanes, arrows, hovering; CoalescingViewStrip.cpp: the memory strip).
namespace mlsyslab::widgets::coalescing_view {

inline constexpr int kSectorsPerLine = int(gpu::kCacheLineBytes / gpu::kSectorBytes);
// Heights in line heights of the widget's font.
inline constexpr double kLaneHeightLines = 1.8;
inline constexpr double kArrowSpaceLines = 5.0;
inline constexpr double kStripHeightLines = 3.4;
inline constexpr double kSectorLabelLines = 1.0;
inline constexpr double kLabelHeightLines = 1.3;
inline constexpr double kLegendHeightLines = 1.5;
inline constexpr double kGapWidthLines = 2.0;
inline constexpr double kSmallFontScale = 0.8;

}  // namespace mlsyslab::widgets::coalescing_view
