#include <QtTest>
#include <algorithm>
#include <cmath>

#include "matmul/LabelPlacement.h"
#include "matmul/LabelSpots.h"

// Label placement as plain geometry, nothing painted: the spots each generator offers (beside a
// level roof, along a slope, beside a vertical line, around a point), and which spot the chooser
// takes when lines, marks and other labels are in the way.
using namespace mlsyslab::widgets;

namespace {

constexpr double kGap = 4.0;
constexpr double kStep = 10.0;
const QSizeF kLabel(100.0, 20.0);
const QRectF kArea(0.0, 0.0, 1000.0, 600.0);

double distanceToLine(const QPointF& point, const QLineF& line) {
    const QPointF along = line.p2() - line.p1();
    const QPointF offset = point - line.p1();
    return std::abs(along.x() * offset.y() - along.y() * offset.x()) / line.length();
}

// Which side of the (infinite) line a point lies on: +1 left of p1→p2 on screen, -1 right.
double sideOf(const QPointF& point, const QLineF& line) {
    const QPointF along = line.p2() - line.p1();
    const QPointF offset = point - line.p1();
    return along.x() * offset.y() - along.y() * offset.x() < 0.0 ? 1.0 : -1.0;
}

double nearestCornerDistance(const QPolygonF& outline, const QLineF& line) {
    double nearest = 1e9;
    for (const QPointF& corner : outline) nearest = std::min(nearest, distanceToLine(corner, line));
    return nearest;
}

LabelSpot levelSpot(const QRectF& box) {
    return {box.center(),
            QPolygonF({box.topLeft(), box.topRight(), box.bottomRight(), box.bottomLeft()}), 0.0};
}

}  // namespace

class TestLabelPlacement : public QObject {
    Q_OBJECT

private slots:
    // A flat roof from x 200 to 800 at y 300, the label preferred at its right end: above the
    // roof, flush with its right end, then further left to its left end, then hanging past its
    // ends (a third of the box still over it); then all of that below the roof; then a row
    // further off above and below.
    void alongALevelRoofAboveFromTheRightEndThenBelow() {
        const QLineF roof(200.0, 300.0, 800.0, 300.0);
        const std::vector<LabelSpot> spots =
            spotsAlongLine(roof, kLabel, kGap, kStep, 1.0, /*rows=*/1);
        QCOMPARE(spots.front().outline.boundingRect(),
                 QRectF(700.0, 300.0 - kGap - 20.0, 100.0, 20.0));
        QCOMPARE(spots.front().anchor, QPointF(750.0, 300.0));
        QCOMPARE(spots.front().degrees, 0.0);
        QCOMPARE(spots[1].outline.boundingRect().right(), 800.0 - kStep);
        // Within the roof: box right edges 800, 790, … 300 (51); hanging: 6 past either end.
        constexpr std::size_t kWithin = 51;
        constexpr std::size_t kSide = kWithin + 6 + 6;
        QCOMPARE(spots.size(), 4 * kSide);
        const std::vector<double> bottoms{300.0 - kGap, 300.0 + kGap + 20.0, 300.0 - kGap - kStep,
                                          300.0 + kGap + kStep + 20.0};
        for (std::size_t index = 0; index < spots.size(); ++index) {
            const QRectF box = spots[index].outline.boundingRect();
            QCOMPARE(box.bottom(), bottoms[index / kSide]);
            const bool within = box.left() >= 200.0 && box.right() <= 800.0;
            QCOMPARE(within, index % kSide < kWithin);
            QVERIFY(std::min(box.right(), 800.0) - std::max(box.left(), 200.0) >= 100.0 / 3.0);
            QCOMPARE(spots[index].anchor,
                     QPointF(std::clamp(box.center().x(), 200.0, 800.0), 300.0));
        }
    }

    // A slope rising to the right: the box is turned with it, lies kGap off it on its upper
    // left first, and its first position is the preferred share of the way along.
    void alongASlopeTurnedWithItAboveFirst() {
        const QLineF slope(100.0, 500.0, 700.0, 200.0);
        const std::vector<LabelSpot> spots = spotsAlongLine(slope, kLabel, kGap, kStep, 0.5);
        QVERIFY(!spots.empty());
        const double expectedDegrees = std::atan2(-300.0, 600.0) * 180.0 / M_PI;
        const std::size_t half = spots.size() / 2;
        QVERIFY(std::abs(spots.front().anchor.x() - 400.0) < 1e-6);
        for (std::size_t index = 0; index < spots.size(); ++index) {
            const LabelSpot& spot = spots[index];
            QVERIFY(std::abs(spot.degrees - expectedDegrees) < 1e-9);
            QVERIFY(distanceToLine(spot.anchor, slope) < 1e-6);
            QVERIFY(std::abs(nearestCornerDistance(spot.outline, slope) - kGap) < 1e-6);
            const double expectedSide = index < half ? 1.0 : -1.0;  // upper left, then lower right
            for (const QPointF& corner : spot.outline)
                QCOMPARE(sideOf(corner, slope), expectedSide);
        }
    }

    // A line given right to left reads left to right all the same.
    void aLineGivenBackwardsStillReadsLeftToRight() {
        const QLineF forwards(100.0, 500.0, 700.0, 200.0);
        const std::vector<LabelSpot> spots =
            spotsAlongLine(QLineF(forwards.p2(), forwards.p1()), kLabel, kGap, kStep, 0.5);
        QVERIFY(spots.front().degrees > -90.0 && spots.front().degrees < 90.0);
    }

    // A roof shorter than its label: the box covers all of it, flush with its right end first
    // (hanging past its left end); then it slides, keeping at least a third of itself over the
    // roof; the anchor is the roof's point nearest the box's middle.
    void aShortRoofKeepsAThirdOfItsLabel() {
        const QLineF roof(300.0, 100.0, 360.0, 100.0);
        const std::vector<LabelSpot> spots = spotsAlongLine(roof, kLabel, kGap, kStep, 1.0);
        QCOMPARE(spots.front().outline.boundingRect(),
                 QRectF(260.0, 100.0 - kGap - 20.0, 100.0, 20.0));
        QCOMPARE(spots.front().anchor, QPointF(310.0, 100.0));
        bool hangsPastTheRightEnd = false;
        for (const LabelSpot& spot : spots) {
            const QRectF box = spot.outline.boundingRect();
            const double over = std::min(box.right(), 360.0) - std::max(box.left(), 300.0);
            QVERIFY(over >= 100.0 / 3.0 - 1e-9);
            QCOMPARE(spot.anchor.x(), std::clamp(box.center().x(), 300.0, 360.0));
            hangsPastTheRightEnd = hangsPastTheRightEnd || box.left() > 300.0;
        }
        QVERIFY(hangsPastTheRightEnd);
    }

    // Beside a vertical line from the top down: on the first side at every height, flush
    // against the line but kGap off it, then the other side.
    void besideAVerticalLineFromTheFirstEndThenTheOtherSide() {
        const QLineF line(500.0, 0.0, 500.0, 600.0);
        const std::vector<LabelSpot> spots =
            spotsBesideVerticalLine(line, kLabel, kGap, kStep, LabelSide::Right);
        const std::size_t half = spots.size() / 2;
        QCOMPARE(spots.front().outline.boundingRect().top(), 0.0);
        QCOMPARE(spots[1].outline.boundingRect().top(), kStep);
        QCOMPARE(spots[half - 1].outline.boundingRect().bottom(), 600.0);
        for (std::size_t index = 0; index < spots.size(); ++index) {
            const QRectF box = spots[index].outline.boundingRect();
            QCOMPARE(spots[index].anchor.x(), 500.0);
            QCOMPARE(spots[index].anchor.y(), box.center().y());
            if (index < half) {
                QCOMPARE(box.left(), 500.0 + kGap);
            } else {
                QCOMPARE(box.right(), 500.0 - kGap);
            }
        }
    }

    // Around a point: its height on the first side, then the other; then a row up, from the
    // first side across to the other, then a row down; the anchor is always the point.
    void aroundAPointAtItsHeightFirst() {
        const QPointF point(400.0, 300.0);
        const std::vector<LabelSpot> spots =
            spotsAroundPoint(point, kLabel, kGap, kStep, 2, LabelSide::Left);
        // A row: the two sides and the ten steps between them (from 346 to 454, 10 apart).
        constexpr std::size_t kRow = 2 + 10;
        QCOMPARE(spots.size(), 2 + 4 * kRow);
        QCOMPARE(spots[0].outline.boundingRect(), QRectF(400.0 - kGap - 100.0, 290.0, 100.0, 20.0));
        QCOMPARE(spots[1].outline.boundingRect(), QRectF(400.0 + kGap, 290.0, 100.0, 20.0));
        const std::vector<double> rowCentres{300.0 - kStep, 300.0 + kStep, 300.0 - 2 * kStep,
                                             300.0 + 2 * kStep};
        for (std::size_t row = 0; row < rowCentres.size(); ++row) {
            double previousX = 0.0;
            for (std::size_t index = 0; index < kRow; ++index) {
                const QRectF box = spots[2 + row * kRow + index].outline.boundingRect();
                QCOMPARE(box.center().y(), rowCentres[row]);
                if (index == 0) QCOMPARE(box.right(), 400.0 - kGap);
                if (index == 1) QCOMPARE(box.left(), 400.0 + kGap);
                if (index >= 2) {
                    QVERIFY(box.right() > 400.0 - kGap && box.left() < 400.0 + kGap);
                    QVERIFY(box.center().x() > previousX);  // from the first side across
                }
                previousX = box.center().x();
                if (index == 1) previousX = 0.0;
            }
        }
        for (const LabelSpot& spot : spots) QCOMPARE(spot.anchor, point);
    }

    void distanceToOutline_data() {
        QTest::addColumn<QLineF>("segment");
        QTest::addColumn<double>("distance");
        // The box from (100, 100) to (200, 140).
        QTest::newRow("crossing") << QLineF(50.0, 120.0, 250.0, 120.0) << 0.0;
        QTest::newRow("inside") << QLineF(120.0, 110.0, 130.0, 115.0) << 0.0;
        QTest::newRow("touching a corner") << QLineF(200.0, 140.0, 300.0, 300.0) << 0.0;
        QTest::newRow("above") << QLineF(0.0, 90.0, 400.0, 90.0) << 10.0;
        QTest::newRow("off a corner") << QLineF(203.0, 144.0, 300.0, 144.0) << 5.0;
    }

    void distanceToOutline() {
        QFETCH(QLineF, segment);
        QFETCH(double, distance);
        const QPolygonF box(QRectF(100.0, 100.0, 100.0, 40.0));
        QVERIFY2(std::abs(mlsyslab::widgets::distanceToOutline(segment, box) - distance) < 1e-9,
                 qPrintable(QString::number(mlsyslab::widgets::distanceToOutline(segment, box))));
    }

    // The first spot that touches nothing wins; a line, a mark or a placed label within the
    // clearance rules a spot out, and so does leaving the area.
    void theFirstClearSpotWins() {
        const std::vector<LabelSpot> spots{
            levelSpot(QRectF(900.0, 10.0, 200.0, 20.0)),  // past the area's right edge
            levelSpot(QRectF(100.0, 10.0, 100.0, 20.0)),  // crossed by the line at x 150
            levelSpot(QRectF(300.0, 10.0, 100.0, 20.0)),  // over the mark
            levelSpot(QRectF(500.0, 10.0, 100.0, 20.0)),  // 1 px from the line at x 601
            levelSpot(QRectF(700.0, 10.0, 100.0, 20.0)),  // clear
        };
        LabelObstacles obstacles;
        obstacles.area = kArea;
        obstacles.lines = {QLineF(150.0, 0.0, 150.0, 600.0), QLineF(601.0, 0.0, 601.0, 600.0)};
        obstacles.marks = {QRectF(345.0, 15.0, 10.0, 10.0)};
        const std::vector<std::size_t> chosen = chooseLabelSpots({spots}, obstacles, 2.0);
        QCOMPARE(chosen, std::vector<std::size_t>{4});
        QCOMPARE(collisionCount(spots[0].outline, obstacles, {}, 2.0), 1);
        QCOMPARE(collisionCount(spots[3].outline, obstacles, {}, 2.0), 1);
        QCOMPARE(collisionCount(spots[3].outline, obstacles, {}, 0.5), 0);
    }

    // Labels choose in order: the second keeps clear of the first's box.
    void laterLabelsKeepClearOfEarlierOnes() {
        const LabelSpot shared = levelSpot(QRectF(100.0, 100.0, 100.0, 20.0));
        const LabelSpot below = levelSpot(QRectF(100.0, 125.0, 100.0, 20.0));
        LabelObstacles obstacles;
        obstacles.area = kArea;
        const std::vector<std::size_t> chosen =
            chooseLabelSpots({{shared}, {shared, below}}, obstacles, 2.0);
        QCOMPARE(chosen, (std::vector<std::size_t>{0, 1}));
    }

    // Where every spot collides, the one with the fewest collisions; a label without spots
    // takes none and blocks nothing.
    void withNoClearSpotTheLeastCrowded() {
        LabelObstacles obstacles;
        obstacles.area = kArea;
        obstacles.lines = {QLineF(150.0, 0.0, 150.0, 600.0), QLineF(160.0, 0.0, 160.0, 600.0),
                           QLineF(450.0, 0.0, 450.0, 600.0)};
        const std::vector<LabelSpot> spots{levelSpot(QRectF(100.0, 10.0, 100.0, 20.0)),
                                           levelSpot(QRectF(400.0, 10.0, 100.0, 20.0))};
        const std::vector<std::size_t> chosen = chooseLabelSpots({{}, spots}, obstacles, 2.0);
        QCOMPARE(chosen, (std::vector<std::size_t>{0, 1}));
    }
};

QTEST_MAIN(TestLabelPlacement)
#include "tst_label_placement.moc"
