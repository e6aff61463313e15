#include "logic/WireGeometry.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace mlsyslab::widgets {

namespace {

constexpr double kTolerance = 1e-6;

bool near(double first, double second) { return std::abs(first - second) < kTolerance; }

bool samePoint(QPointF first, QPointF second) {
    return near(first.x(), second.x()) && near(first.y(), second.y());
}

// A run along one line: at `position` across it, from `from` to `to` along it.
struct Run {
    double position;
    double from;
    double to;
};

std::vector<Run> mergeRuns(std::vector<Run> runs) {
    // Positions that differ by rounding noise are one line: group them before ordering along.
    std::sort(runs.begin(), runs.end(),
              [](const Run& left, const Run& right) { return left.position < right.position; });
    for (std::size_t index = 1; index < runs.size(); ++index) {
        if (near(runs[index].position, runs[index - 1].position)) {
            runs[index].position = runs[index - 1].position;
        }
    }
    std::sort(runs.begin(), runs.end(), [](const Run& left, const Run& right) {
        return std::pair(left.position, left.from) < std::pair(right.position, right.from);
    });
    std::vector<Run> merged;
    for (const Run& run : runs) {
        if (!merged.empty() && merged.back().position == run.position &&
            run.from <= merged.back().to + kTolerance) {
            merged.back().to = std::max(merged.back().to, run.to);
        } else {
            merged.push_back(run);
        }
    }
    return merged;
}

}  // namespace

bool segmentContains(const QLineF& segment, QPointF point) {
    const double left = std::min(segment.x1(), segment.x2());
    const double right = std::max(segment.x1(), segment.x2());
    const double top = std::min(segment.y1(), segment.y2());
    const double bottom = std::max(segment.y1(), segment.y2());
    if (point.x() < left - kTolerance || point.x() > right + kTolerance) return false;
    if (point.y() < top - kTolerance || point.y() > bottom + kTolerance) return false;
    // Horizontal and vertical segments only: the box test is the whole test.
    return true;
}

std::vector<QLineF> mergeWireSegments(const std::vector<QLineF>& segments) {
    std::vector<Run> horizontal;
    std::vector<Run> vertical;
    for (const QLineF& segment : segments) {
        if (near(segment.y1(), segment.y2())) {
            horizontal.push_back({segment.y1(), std::min(segment.x1(), segment.x2()),
                                  std::max(segment.x1(), segment.x2())});
        } else {
            vertical.push_back({segment.x1(), std::min(segment.y1(), segment.y2()),
                                std::max(segment.y1(), segment.y2())});
        }
    }
    std::vector<QLineF> merged;
    for (const Run& run : mergeRuns(std::move(horizontal))) {
        merged.emplace_back(run.from, run.position, run.to, run.position);
    }
    for (const Run& run : mergeRuns(std::move(vertical))) {
        merged.emplace_back(run.position, run.from, run.position, run.to);
    }
    return merged;
}

std::vector<QPointF> findWireJunctions(const std::vector<QLineF>& segments) {
    // Where a branch can be: the ends of segments, and where the wire crosses itself.
    std::vector<QPointF> candidates;
    for (const QLineF& segment : segments) {
        candidates.push_back(segment.p1());
        candidates.push_back(segment.p2());
        if (!near(segment.y1(), segment.y2())) continue;
        for (const QLineF& other : segments) {
            const QPointF meeting(other.x1(), segment.y1());
            if (near(other.x1(), other.x2()) && segmentContains(segment, meeting) &&
                segmentContains(other, meeting)) {
                candidates.push_back(meeting);
            }
        }
    }
    std::vector<QPointF> junctions;
    for (const QPointF candidate : candidates) {
        // An end counts once, a segment passing through counts twice (in and out).
        int ways = 0;
        for (const QLineF& segment : segments) {
            if (samePoint(segment.p1(), candidate) || samePoint(segment.p2(), candidate)) {
                ++ways;
            } else if (segmentContains(segment, candidate)) {
                ways += 2;
            }
        }
        const bool known = std::any_of(junctions.begin(), junctions.end(),
                                       [&](QPointF point) { return samePoint(point, candidate); });
        if (ways >= 3 && !known) junctions.push_back(candidate);
    }
    return junctions;
}

}  // namespace mlsyslab::widgets
