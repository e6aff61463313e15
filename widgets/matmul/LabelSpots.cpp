#include "matmul/LabelSpots.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace mlsyslab::widgets {

namespace {

// The least share of a label's width that must lie over its own line.
constexpr double kLeastShareOverLine = 1.0 / 3.0;

// A box of `size` centred on `centre`, its width along `along` (a unit vector) and its height
// along `up` (the unit normal towards the top of the text).
QPolygonF boxAround(const QPointF& centre, const QSizeF& size, const QPointF& along,
                    const QPointF& up) {
    const QPointF halfWidth = along * (size.width() / 2.0);
    const QPointF halfHeight = up * (size.height() / 2.0);
    return QPolygonF({centre - halfWidth + halfHeight, centre + halfWidth + halfHeight,
                      centre + halfWidth - halfHeight, centre - halfWidth - halfHeight});
}

QPolygonF levelBox(const QPointF& centre, const QSizeF& size) {
    return boxAround(centre, size, QPointF(1.0, 0.0), QPointF(0.0, -1.0));
}

// Positions from `first` to `last` (either order), starting at `preferred` and going outwards
// in steps, alternating sides: the nearest to the preferred position come first.
std::vector<double> positionsOutwardFrom(double preferred, double first, double last, double step) {
    const double low = std::min(first, last);
    const double high = std::max(first, last);
    preferred = std::clamp(preferred, low, high);
    std::vector<double> positions{preferred};
    if (step <= 0.0) return positions;
    for (int count = 1;; ++count) {
        const double before = preferred - count * step;
        const double after = preferred + count * step;
        if (before < low && after > high) break;
        if (after <= high) positions.push_back(after);
        if (before >= low) positions.push_back(before);
    }
    return positions;
}

// Heights from `first` towards `last` in steps, in that order.
std::vector<double> positionsFrom(double first, double last, double step) {
    std::vector<double> positions{first};
    if (step <= 0.0) return positions;
    const double direction = last >= first ? 1.0 : -1.0;
    for (double at = first + direction * step; (last - at) * direction >= 0.0;
         at += direction * step)
        positions.push_back(at);
    return positions;
}

double sideSign(LabelSide side) { return side == LabelSide::Right ? 1.0 : -1.0; }

LabelSide otherSide(LabelSide side) {
    return side == LabelSide::Right ? LabelSide::Left : LabelSide::Right;
}

}  // namespace

std::vector<LabelSpot> spotsAlongLine(const QLineF& line, const QSizeF& size, double gapPixels,
                                      double stepPixels, double preferredShare, int rows) {
    std::vector<LabelSpot> spots;
    // Read left to right whichever way the line was given.
    const QLineF readable = line.p2().x() < line.p1().x() ? QLineF(line.p2(), line.p1()) : line;
    const double length = readable.length();
    if (length <= 0.0) return spots;
    const QPointF along = (readable.p2() - readable.p1()) / length;
    const QPointF up(along.y(), -along.x());  // towards the top of the screen for level text
    const double degrees = std::atan2(along.y(), along.x()) * 180.0 / std::numbers::pi;
    // The box's centre, along the line. Best where the box lies within the line (or, where the
    // line is shorter than the box, covers all of it); failing that, anywhere that keeps a
    // third of the box over the line: a GPU's tensor-core roof is a short stretch at the plot's
    // right edge, and its label may have to hang over the empty corner left of it.
    const double halfWidth = size.width() / 2.0;
    const double bestFirst = halfWidth;
    const double bestLast = length - halfWidth;
    const double overlap = std::min(length, size.width() * kLeastShareOverLine);
    const double bestLow = std::min(bestFirst, bestLast);
    const double bestHigh = std::max(bestFirst, bestLast);
    std::vector<double> positions = positionsOutwardFrom(
        std::clamp(bestFirst + preferredShare * (bestLast - bestFirst), bestLow, bestHigh),
        overlap - halfWidth, length - overlap + halfWidth, stepPixels);
    std::stable_partition(positions.begin(), positions.end(), [=](double position) {
        return position >= bestLow - 1e-9 && position <= bestHigh + 1e-9;
    });
    for (int row = 0; row <= rows; ++row) {
        const double offset = gapPixels + row * stepPixels + size.height() / 2.0;
        for (const double side : {1.0, -1.0}) {
            for (const double position : positions) {
                const QPointF centreOnLine = readable.p1() + along * position;
                const QPointF anchor = readable.p1() + along * std::clamp(position, 0.0, length);
                const QPointF centre = centreOnLine + up * (side * offset);
                spots.push_back({anchor, boxAround(centre, size, along, up), degrees});
            }
        }
    }
    return spots;
}

std::vector<LabelSpot> spotsBesideVerticalLine(const QLineF& line, const QSizeF& size,
                                               double gapPixels, double stepPixels,
                                               LabelSide firstSide) {
    std::vector<LabelSpot> spots;
    const double x = line.p1().x();
    const double halfHeight = size.height() / 2.0;
    const double direction = line.p2().y() >= line.p1().y() ? 1.0 : -1.0;
    const double first = line.p1().y() + direction * halfHeight;
    const double last = line.p2().y() - direction * halfHeight;
    const std::vector<double> heights =
        std::abs(line.dy()) <= size.height()
            ? std::vector<double>{(line.p1().y() + line.p2().y()) / 2.0}
            : positionsFrom(first, last, stepPixels);
    for (const LabelSide side : {firstSide, otherSide(firstSide)}) {
        const double offset = sideSign(side) * (gapPixels + size.width() / 2.0);
        for (const double y : heights)
            spots.push_back({QPointF(x, y), levelBox(QPointF(x + offset, y), size), 0.0});
    }
    return spots;
}

std::vector<LabelSpot> spotsAroundPoint(const QPointF& point, const QSizeF& size, double gapPixels,
                                        double stepPixels, int rows, LabelSide firstSide) {
    std::vector<LabelSpot> spots;
    const double besideOffset = gapPixels + size.width() / 2.0;
    const double firstX = point.x() + sideSign(firstSide) * besideOffset;
    const double otherX = point.x() - sideSign(firstSide) * besideOffset;
    for (int row = 0; row <= rows; ++row) {
        for (const double rowSign :
             row == 0 ? std::vector<double>{0.0} : std::vector<double>{-1.0, 1.0}) {
            const double y = point.y() + rowSign * row * stepPixels;
            spots.push_back({point, levelBox(QPointF(firstX, y), size), 0.0});
            spots.push_back({point, levelBox(QPointF(otherX, y), size), 0.0});
            // Off the beside positions, a row up or down may also slide across over the point
            // (its own marker rules out the rows too close to it): room where lines or the
            // plot's edge hem the point in at its sides.
            if (row == 0) continue;
            const double direction = otherX > firstX ? 1.0 : -1.0;
            for (double x = firstX + direction * stepPixels;
                 stepPixels > 0.0 && (otherX - x) * direction > 0.0; x += direction * stepPixels)
                spots.push_back({point, levelBox(QPointF(x, y), size), 0.0});
        }
    }
    return spots;
}

}  // namespace mlsyslab::widgets
