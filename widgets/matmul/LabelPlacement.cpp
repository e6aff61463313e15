#include "matmul/LabelPlacement.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace mlsyslab::widgets {

namespace {

double distanceToPoint(const QLineF& segment, const QPointF& point) {
    const QPointF along = segment.p2() - segment.p1();
    const double lengthSquared = QPointF::dotProduct(along, along);
    double share = 0.0;
    if (lengthSquared > 0.0)
        share =
            std::clamp(QPointF::dotProduct(point - segment.p1(), along) / lengthSquared, 0.0, 1.0);
    const QPointF nearest = segment.p1() + along * share;
    return std::hypot(point.x() - nearest.x(), point.y() - nearest.y());
}

double distanceBetween(const QLineF& first, const QLineF& second) {
    if (first.intersects(second, nullptr) == QLineF::BoundedIntersection) return 0.0;
    return std::min({distanceToPoint(first, second.p1()), distanceToPoint(first, second.p2()),
                     distanceToPoint(second, first.p1()), distanceToPoint(second, first.p2())});
}

QLineF edgeOf(const QPolygonF& outline, qsizetype index) {
    return {outline[index], outline[(index + 1) % outline.size()]};
}

// Whether two boxes come within `margin` of each other: the cheap test that rules out most
// pairs before the exact one. A vertical or level segment's box has no width or height, which
// QRectF::intersects would never count.
bool boxesNear(const QRectF& first, const QRectF& second, double margin) {
    return first.left() <= second.right() + margin && second.left() <= first.right() + margin &&
           first.top() <= second.bottom() + margin && second.top() <= first.bottom() + margin;
}

QRectF boxOf(const QLineF& segment) { return QRectF(segment.p1(), segment.p2()).normalized(); }

bool inside(const QPolygonF& outline, const QPointF& point) {
    return outline.containsPoint(point, Qt::OddEvenFill);
}

double distanceBetween(const QPolygonF& first, const QPolygonF& second) {
    for (const QPointF& corner : first)
        if (inside(second, corner)) return 0.0;
    for (const QPointF& corner : second)
        if (inside(first, corner)) return 0.0;
    double nearest = std::numeric_limits<double>::infinity();
    for (qsizetype index = 0; index < first.size(); ++index)
        nearest = std::min(nearest, distanceToOutline(edgeOf(first, index), second));
    return nearest;
}

bool withinArea(const QPolygonF& outline, const QRectF& area) {
    // Half a pixel of slack: corners are rounded to whole pixels when drawn.
    const QRectF slack = area.adjusted(-0.5, -0.5, 0.5, 0.5);
    return std::all_of(outline.begin(), outline.end(),
                       [&slack](const QPointF& corner) { return slack.contains(corner); });
}

// collisionCount, but it stops counting at `enough`: the chooser needs no more once a spot is
// no better than one it has.
int collisionsUpTo(const QPolygonF& outline, const LabelObstacles& obstacles,
                   const std::vector<QPolygonF>& placed, double clearancePixels, int enough) {
    int collisions = withinArea(outline, obstacles.area) ? 0 : 1;
    const QRectF bounds = outline.boundingRect();
    for (const QLineF& line : obstacles.lines) {
        if (collisions >= enough) return collisions;
        if (boxesNear(bounds, boxOf(line), clearancePixels) &&
            distanceToOutline(line, outline) < clearancePixels)
            ++collisions;
    }
    for (const QRectF& mark : obstacles.marks) {
        if (collisions >= enough) return collisions;
        if (boxesNear(bounds, mark, clearancePixels) &&
            distanceBetween(QPolygonF(mark), outline) < clearancePixels)
            ++collisions;
    }
    for (const QPolygonF& other : placed) {
        if (collisions >= enough) return collisions;
        if (boxesNear(bounds, other.boundingRect(), clearancePixels) &&
            distanceBetween(other, outline) < clearancePixels)
            ++collisions;
    }
    return collisions;
}

}  // namespace

double distanceToOutline(const QLineF& segment, const QPolygonF& outline) {
    if (inside(outline, segment.p1()) || inside(outline, segment.p2())) return 0.0;
    double nearest = std::numeric_limits<double>::infinity();
    for (qsizetype index = 0; index < outline.size(); ++index)
        nearest = std::min(nearest, distanceBetween(segment, edgeOf(outline, index)));
    return nearest;
}

int collisionCount(const QPolygonF& outline, const LabelObstacles& obstacles,
                   const std::vector<QPolygonF>& placed, double clearancePixels) {
    return collisionsUpTo(outline, obstacles, placed, clearancePixels,
                          std::numeric_limits<int>::max());
}

std::vector<std::size_t> chooseLabelSpots(const std::vector<std::vector<LabelSpot>>& spotsPerLabel,
                                          const LabelObstacles& obstacles, double clearancePixels) {
    std::vector<std::size_t> chosen;
    std::vector<QPolygonF> placed;
    for (const std::vector<LabelSpot>& spots : spotsPerLabel) {
        std::size_t best = 0;
        int fewest = std::numeric_limits<int>::max();
        for (std::size_t index = 0; index < spots.size() && fewest > 0; ++index) {
            const int collisions =
                collisionsUpTo(spots[index].outline, obstacles, placed, clearancePixels, fewest);
            if (collisions < fewest) {
                fewest = collisions;
                best = index;
            }
        }
        chosen.push_back(best);
        if (!spots.empty()) placed.push_back(spots[best].outline);
    }
    return chosen;
}

}  // namespace mlsyslab::widgets
