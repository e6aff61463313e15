#pragma once

#include <QLineF>
#include <QPolygonF>
#include <QRectF>
#include <vector>

namespace mlsyslab::widgets {

// Where a plot's labels go, decided in pixel space before anything is painted, so a test can
// check the choice with plain geometry. Each label offers spots, best first (LabelSpots.h makes
// them: beside its own line, along its own roof, around its own point); the first spot that
// touches no drawn line, no point marker and no label placed before it wins. A label whose
// every spot collides takes the one with the fewest collisions: it is still beside its own
// line, only less clear.
struct LabelSpot {
    QPointF anchor;        // on the line or at the point the label names
    QPolygonF outline;     // the label's box at this spot, four corners (turned along a slope)
    double degrees = 0.0;  // the box's rotation: 0 reads left to right
};

struct LabelObstacles {
    QRectF area;                // labels stay inside: the plot's axis rectangle
    std::vector<QLineF> lines;  // every drawn segment: roofs, slopes, vertical markers
    std::vector<QRectF> marks;  // measured points' markers
};

// How many of the lines, marks and placed labels come closer to `outline` than
// `clearancePixels`, plus one if `outline` leaves the area.
int collisionCount(const QPolygonF& outline, const LabelObstacles& obstacles,
                   const std::vector<QPolygonF>& placed, double clearancePixels);

// One spot per label, chosen in the labels' order (earlier labels get the better spots): an
// index into each label's spots; a label without spots gets none and blocks nothing.
std::vector<std::size_t> chooseLabelSpots(const std::vector<std::vector<LabelSpot>>& spotsPerLabel,
                                          const LabelObstacles& obstacles, double clearancePixels);

// The shortest distance between a segment and a convex outline; 0 where they touch or cross.
double distanceToOutline(const QLineF& segment, const QPolygonF& outline);

}  // namespace mlsyslab::widgets
