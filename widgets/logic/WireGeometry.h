#pragma once

#include <QLineF>
#include <QPointF>
#include <vector>

namespace mlsyslab::widgets {

// Wires drawn as horizontal and vertical segments (CircuitLayout.h).

// The same wire with touching or overlapping collinear segments joined into one, so a wire is
// drawn once and its branch points can be found. Horizontal segments first (top to bottom,
// left to right), then vertical ones (left to right, top to bottom); each from its smaller
// end.
std::vector<QLineF> mergeWireSegments(const std::vector<QLineF>& segments);

// Where a wire meets itself three or four ways (a T or a cross of the same wire): the points
// drawn with a dot, as in schematics. A corner or a plain end is not a junction. The segments
// must be merged.
std::vector<QPointF> findWireJunctions(const std::vector<QLineF>& segments);

// Whether the point lies on the segment, ends included.
bool segmentContains(const QLineF& segment, QPointF point);

}  // namespace mlsyslab::widgets
