// Where RooflinePlot's labels go: after every layout, in pixels, each beside what it names.
#include <algorithm>

#include "matmul/LabelSpots.h"
#include "matmul/RooflinePlot.h"

namespace mlsyslab::widgets {

namespace {

// Between a label and its own line, and the least room between a label and anything else, in
// text lines: close enough to read as one, far enough that the line does not touch the text.
constexpr double kLabelGapLines = 0.25;
constexpr double kLabelClearanceLines = 0.15;
// How far apart the spots a label tries are, in text lines.
constexpr double kSpotStepLines = 0.5;
// A point's label may move this many rows up or down to make room for its neighbours', and a
// roof's label this many rows further off its roof, before its text is broken onto two lines.
constexpr int kPointLabelRows = 8;
constexpr int kLineLabelRows = 2;
// Where along its slope (in log space, from its left end to the ridge) a slope's label sits
// when nothing is in the way: near the middle, clear of the ridge's corner.
constexpr double kSlopeLabelShare = 0.45;
// A roof's peak label sits at the roof's right end when nothing is in the way.
constexpr double kPeakLabelShare = 1.0;

// The box `item` draws around `text`, padding included, measured as QCPItemText measures it.
QSizeF labelSize(const QCPItemText& item, const QString& text) {
    const QRect bounds =
        QFontMetrics(item.font())
            .boundingRect(0, 0, 0, 0, int(Qt::TextDontClip | item.textAlignment()), text);
    return {double(bounds.width() + item.padding().left() + item.padding().right()),
            double(bounds.height() + item.padding().top() + item.padding().bottom())};
}

// "matrix-vector\n15 GFLOPS, 30 GB/s" from "matrix-vector: 15 GFLOPS, 30 GB/s": what is named
// over its numbers, for a label with no room on one line; empty where there is no such break
// or the text has its lines already.
QString brokenOnce(const QString& text) {
    const qsizetype colon = text.indexOf(QStringLiteral(": "));
    if (colon < 0 || text.contains(QLatin1Char('\n'))) return {};
    return text.left(colon) + QLatin1Char('\n') + text.mid(colon + 2);
}

QPointF centreOf(const QPolygonF& outline) {
    QPointF sum;
    for (const QPointF& corner : outline) sum += corner;
    return outline.isEmpty() ? sum : sum / double(outline.size());
}

}  // namespace

QPointF RooflinePlot::pixelOf(double flopsPerByte, double gflops) const {
    return {xAxis->coordToPixel(flopsPerByte), yAxis->coordToPixel(gflops)};
}

LabelObstacles RooflinePlot::labelObstacles() const {
    LabelObstacles obstacles;
    const QRectF area = axisRect()->rect();
    obstacles.area = area;
    for (const DrawnRoof& roof : roofs_) {
        const auto& data = *roof.graph->data();
        for (auto point = data.constBegin(); point + 1 != data.constEnd(); ++point) {
            obstacles.lines.emplace_back(pixelOf(point->key, point->value),
                                         pixelOf((point + 1)->key, (point + 1)->value));
        }
    }
    for (const auto& workload : workloads_) {
        const double x = xAxis->coordToPixel(workload.flopsPerByte);
        obstacles.lines.emplace_back(x, area.top(), x, area.bottom());
    }
    if (ridgeLine_ != nullptr)
        obstacles.lines.emplace_back(ridgeLine_->start->pixelPosition(),
                                     ridgeLine_->end->pixelPosition());
    for (std::size_t index = 0; index < points_.size(); ++index) {
        const double size = pointGraphs_[index]->scatterStyle().size();
        const QPointF centre = pixelOf(points_[index].flopsPerByte, points_[index].gflops);
        obstacles.marks.emplace_back(centre - QPointF(size, size) / 2.0, QSizeF(size, size));
    }
    return obstacles;
}

void RooflinePlot::placeLabels() {
    const double lineHeight = fontMetrics().height();
    const double gap = lineHeight * kLabelGapLines;
    const double step = lineHeight * kSpotStepLines;
    const QRectF area = axisRect()->rect();
    // Labels of things in the right half of the plot go to their left first, so they stay in.
    auto towardsMiddle = [&area](double x) {
        return x > area.center().x() ? LabelSide::Left : LabelSide::Right;
    };

    // Each label tries its text as built first, at every spot, then broken onto one more line.
    // The order is the priority: roofs' labels have one short stretch of line to sit on, so
    // they choose first; points' labels next; the workloads' and the ridge's lines run the
    // plot's whole height and find room last.
    struct Candidate {
        QCPItemText* item;
        QString text;
    };
    std::vector<std::vector<Candidate>> candidates;
    std::vector<std::vector<LabelSpot>> spots;
    auto addLabel = [&](QCPItemText* item, const auto& spotsFor) {
        std::vector<Candidate> forms;
        std::vector<LabelSpot> formSpots;
        for (const QString& text : {labelTexts_.at(item), brokenOnce(labelTexts_.at(item))}) {
            if (text.isEmpty()) continue;
            const std::vector<LabelSpot> more = spotsFor(labelSize(*item, text));
            forms.insert(forms.end(), more.size(), Candidate{item, text});
            formSpots.insert(formSpots.end(), more.begin(), more.end());
        }
        candidates.push_back(std::move(forms));
        spots.push_back(std::move(formSpots));
    };
    for (const DrawnRoof& roof : roofs_) {
        const QLineF level(pixelOf(roof.ridge, roof.peakGflops),
                           pixelOf(roof.right, roof.peakGflops));
        addLabel(roof.peakText, [&](const QSizeF& size) {
            return spotsAlongLine(level, size, gap, step, kPeakLabelShare, kLineLabelRows);
        });
    }
    for (const DrawnRoof& roof : roofs_) {
        if (roof.slopeText == nullptr) continue;
        const double bandwidth = roof.peakGflops / roof.ridge;
        const QLineF slope(pixelOf(roof.left, roof.left * bandwidth),
                           pixelOf(roof.ridge, roof.peakGflops));
        addLabel(roof.slopeText, [&](const QSizeF& size) {
            return spotsAlongLine(slope, size, gap, step, kSlopeLabelShare, kLineLabelRows);
        });
    }
    for (std::size_t index = 0; index < points_.size(); ++index) {
        const QPointF point = pixelOf(points_[index].flopsPerByte, points_[index].gflops);
        const double markerRadius = pointGraphs_[index]->scatterStyle().size() / 2.0;
        addLabel(pointTexts_[index], [&](const QSizeF& size) {
            return spotsAroundPoint(point, size, markerRadius + gap, step, kPointLabelRows,
                                    towardsMiddle(point.x()));
        });
    }
    for (std::size_t index = 0; index < workloads_.size(); ++index) {
        // From the top down: the label reads as the line's heading.
        const double x = xAxis->coordToPixel(workloads_[index].flopsPerByte);
        addLabel(workloadTexts_[index], [&](const QSizeF& size) {
            return spotsBesideVerticalLine(QLineF(x, area.top(), x, area.bottom()), size, gap, step,
                                           towardsMiddle(x));
        });
    }
    if (ridgeText_ != nullptr && ridgeLine_ != nullptr) {
        // From the axis up: the label reads as the ridge's mark on the intensity axis.
        const QPointF top = ridgeLine_->start->pixelPosition();
        addLabel(ridgeText_, [&](const QSizeF& size) {
            return spotsBesideVerticalLine(QLineF(top.x(), area.bottom(), top.x(), top.y()), size,
                                           gap, step, LabelSide::Right);
        });
    }

    const std::vector<std::size_t> chosen =
        chooseLabelSpots(spots, labelObstacles(), std::max(1.0, lineHeight * kLabelClearanceLines));
    for (std::size_t index = 0; index < spots.size(); ++index) {
        if (spots[index].empty()) continue;
        const LabelSpot& spot = spots[index][chosen[index]];
        const Candidate& candidate = candidates[index][chosen[index]];
        QCPItemText& text = *candidate.item;
        text.setText(candidate.text);
        text.position->setType(QCPItemPosition::ptAbsolute);
        text.position->setCoords(centreOf(spot.outline));
        text.setPositionAlignment(Qt::AlignCenter);
        text.setRotation(spot.degrees);
    }
}

}  // namespace mlsyslab::widgets
