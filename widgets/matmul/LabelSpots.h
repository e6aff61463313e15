#pragma once

#include <QLineF>
#include <QSizeF>
#include <vector>

#include "matmul/LabelPlacement.h"

namespace mlsyslab::widgets {

// The spots a label may take, best first, each anchored to what the label names: along its
// own roof, beside its own vertical marker, around its own point. All in pixels; chooseLabelSpots
// (LabelPlacement.h) picks among them.

enum class LabelSide { Left, Right };

// Lying along `line` and turned with it (level on a flat roof, tilted on a slope), `gapPixels`
// off it: above the line at every position first, from `preferredShare` of the way along (0 =
// flush with its left end, 1 = flush with its right end) outwards in steps of `stepPixels`,
// then below it at the same positions; then the same a step further off, up to `rows` steps.
// The box lies within the line's length where it can (or covers all of a line shorter than
// itself), and at least a third of it always lies over the line; the anchor is the line's point
// nearest the box's middle.
std::vector<LabelSpot> spotsAlongLine(const QLineF& line, const QSizeF& size, double gapPixels,
                                      double stepPixels, double preferredShare, int rows = 0);

// Level, beside a vertical line, `gapPixels` off it: on `firstSide` at every height from the
// line's first end towards its second in steps of `stepPixels`, then on the other side. The
// box stays within the line's height.
std::vector<LabelSpot> spotsBesideVerticalLine(const QLineF& line, const QSizeF& size,
                                               double gapPixels, double stepPixels,
                                               LabelSide firstSide);

// Level, beside a point, `gapPixels` from it: at its height on `firstSide`, then on the other;
// then a row above and a row below, on both sides and at steps across between them, and so on
// up to `rows` rows away. The anchor is the point.
std::vector<LabelSpot> spotsAroundPoint(const QPointF& point, const QSizeF& size, double gapPixels,
                                        double stepPixels, int rows, LabelSide firstSide);

}  // namespace mlsyslab::widgets
