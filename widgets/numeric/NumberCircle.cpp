#include "numeric/NumberCircle.h"

#include <QFontDatabase>
#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <vector>

#include "common/DisplayStyle.h"
#include "numeric/CircleCanvas.h"
#include "numeric/CircleLabels.h"

namespace mlsyslab::widgets {

namespace {

using circle::angleOf;
using circle::Canvas;
using circle::pointAt;
using circle::stepDegrees;
using numeric::BitPattern;

// Sizes in line heights of the widget's font, so presentation mode scales the whole drawing.
constexpr double kMinimumSideInLines = 18.0;  // about 260 px at a desk
constexpr double kPreferredSideInLines = 26.0;
constexpr double kLabelScale = 1.15;            // values round the circle, a little above body text
constexpr double kWalkInsetInLines = 1.0;       // the walk's arrow runs inside the circle
constexpr double kBoundaryInsideInLines = 2.3;  // the boundary line reaches past the arrow

// Where the reading jumps: half a step before the format's lowest pattern, between it and the
// largest one.
double boundaryAngle(numeric::IntegerFormat format) {
    return angleOf(numeric::lowestPattern(format)) - stepDegrees(format.width) / 2;
}

// The boundary's name sits inside the circle, beyond the inner end of its line.
QRectF boundaryNameBox(const Canvas& canvas, double angle, const QFont& font) {
    const QSizeF size(QFontMetricsF(font).horizontalAdvance(NumberCircle::tr("overflow boundary")) +
                          canvas.line / 2,
                      QFontMetricsF(font).height());
    QRectF box(QPointF(), size);
    box.moveCenter(pointAt(canvas.centre,
                           canvas.radius - canvas.line * (kBoundaryInsideInLines + 0.2) -
                               circle::radialReach(size, angle),
                           angle));
    return box;
}

// The thick line where the reading jumps. Returns where the labels outside must keep clear:
// the line's continuation, which keeps the two boundary labels apart.
QRectF drawBoundaryLine(Canvas& canvas, double angle) {
    const QPointF inner =
        pointAt(canvas.centre, canvas.radius - canvas.line * kBoundaryInsideInLines, angle);
    const QPointF outer = pointAt(canvas.centre, canvas.radius + canvas.line * 0.6, angle);
    canvas.painter.setPen(
        QPen(canvas.alarm, std::max(4.0, canvas.line / 3.5), Qt::SolidLine, Qt::FlatCap));
    canvas.painter.drawLine(inner, outer);
    const QPointF labelsEnd = pointAt(canvas.centre, canvas.radius + canvas.line * 3, angle);
    const double margin = canvas.line * 0.3;
    return QRectF(outer, labelsEnd).normalized().adjusted(-margin, -margin, margin, margin);
}

// Drawn after the walk, on a patch of background, so an arrow passing behind leaves it legible.
void drawBoundaryName(Canvas& canvas, double angle) {
    QFont font = canvas.valueFont;
    font.setBold(true);
    const QRectF box = boundaryNameBox(canvas, angle, font);
    canvas.painter.setPen(Qt::NoPen);
    canvas.painter.setBrush(canvas.paper);
    canvas.painter.drawRoundedRect(box, canvas.line / 4, canvas.line / 4);
    canvas.painter.setFont(font);
    canvas.painter.setPen(canvas.alarm);
    canvas.painter.drawText(box, Qt::AlignCenter, NumberCircle::tr("overflow boundary"));
}

// The walk from A (from 0 for negate) to the result: an arrow inside the circle.
void drawWalk(Canvas& canvas, const numeric::CircleWalk& walk, bool crossesBoundary,
              bool startsAtA) {
    if (walk.steps == 0) return;
    QPainter& painter = canvas.painter;
    const double walkRadius = canvas.radius - canvas.line * kWalkInsetInLines;
    const double startAngle = angleOf(walk.from);
    const double sweep = static_cast<double>(walk.steps) * stepDegrees(walk.from.width()) *
                         (walk.clockwise ? 1 : -1);
    const QColor color = crossesBoundary ? canvas.alarm : canvas.resultColor;
    const double penWidth = std::max(3.0, canvas.line / 4.5);
    const QRectF arcBox(canvas.centre - QPointF(walkRadius, walkRadius),
                        QSizeF(2 * walkRadius, 2 * walkRadius));
    QPainterPath arc;
    // Qt measures angles counterclockwise from 3 o'clock; ours run clockwise from 12.
    arc.arcMoveTo(arcBox, 90 - startAngle);
    arc.arcTo(arcBox, 90 - startAngle, -sweep);
    painter.setPen(QPen(color, penWidth, Qt::SolidLine, Qt::RoundCap));
    painter.setBrush(Qt::NoBrush);
    painter.drawPath(arc);
    if (!startsAtA) {
        // Negate starts from 0, not from A: mark where.
        painter.setBrush(canvas.paper);
        painter.drawEllipse(pointAt(canvas.centre, walkRadius, startAngle), penWidth, penWidth);
    }

    const double endAngle = startAngle + sweep;
    const QPointF tip = pointAt(canvas.centre, walkRadius, endAngle);
    const QPointF forward = circle::clockwiseTangent(endAngle) * (walk.clockwise ? 1.0 : -1.0);
    const QPointF across(-forward.y(), forward.x());
    const double length = canvas.line * 1.1;
    QPolygonF head;
    head << tip + forward * (length * 0.4)
         << tip - forward * (length * 0.6) + across * (length * 0.45)
         << tip - forward * (length * 0.6) - across * (length * 0.45);
    // A thin outline in the background colour sets the head off the boundary line it may cross.
    painter.setPen(QPen(canvas.paper, 1.5));
    painter.setBrush(color);
    painter.drawPolygon(head);
}

// A as a ring, the result as a filled dot: both stay visible when they coincide.
void drawDots(Canvas& canvas, const NumberCircle::Contents& contents) {
    QPainter& painter = canvas.painter;
    const QPointF a = pointAt(canvas.centre, canvas.radius, angleOf(contents.a));
    painter.setPen(QPen(canvas.ink, canvas.line / 6));
    painter.setBrush(canvas.paper);
    painter.drawEllipse(a, canvas.line * 0.5, canvas.line * 0.5);
    const QPointF result = pointAt(canvas.centre, canvas.radius, angleOf(contents.result));
    painter.setPen(QPen(canvas.paper, canvas.line / 10));
    painter.setBrush(canvas.resultColor);
    painter.drawEllipse(result, canvas.line * 0.34, canvas.line * 0.34);
}

// Which dot is which, in the middle, moved a little away from the boundary's name.
void drawLegend(Canvas& canvas, const NumberCircle::Contents& contents, double boundary) {
    QPainter& painter = canvas.painter;
    QFont font = canvas.valueFont;
    font.setBold(true);
    const double widest = std::max(QFontMetricsF(font).horizontalAdvance(contents.aLegend),
                                   QFontMetricsF(font).horizontalAdvance(contents.resultLegend)) +
                          QFontMetricsF(font).height();
    // Values too long for the middle (64 bits) leave the names: the labels have the values.
    const bool withValues = widest <= canvas.radius * 1.5;
    painter.setFont(font);
    const QFontMetricsF metrics(font);
    const double rowHeight = metrics.height() * 1.25;
    // The boundary is at the top (unsigned) or the bottom (signed): go the other way.
    const double awayFromBoundary = std::cos(qDegreesToRadians(boundary)) > 0 ? 1.0 : -1.0;
    double middle = canvas.centre.y() - rowHeight / 2 + awayFromBoundary * canvas.line;
    for (const bool isResult : {false, true}) {
        const QString& text = withValues ? (isResult ? contents.resultLegend : contents.aLegend)
                                         : (isResult ? contents.resultName : contents.aName);
        const double left =
            canvas.centre.x() - (metrics.horizontalAdvance(text) + metrics.height()) / 2;
        const QPointF dot(left + metrics.height() * 0.3, middle);
        if (isResult) {
            painter.setPen(Qt::NoPen);
            painter.setBrush(canvas.resultColor);
            painter.drawEllipse(dot, metrics.height() * 0.22, metrics.height() * 0.22);
        } else {
            painter.setPen(QPen(canvas.ink, canvas.line / 6));
            painter.setBrush(canvas.paper);
            painter.drawEllipse(dot, metrics.height() * 0.28, metrics.height() * 0.28);
        }
        painter.setPen(canvas.ink);
        painter.drawText(QRectF(left + metrics.height(), middle - rowHeight / 2,
                                metrics.horizontalAdvance(text) + 2, rowHeight),
                         Qt::AlignLeft | Qt::AlignVCenter, text);
        middle += rowHeight;
    }
}

}  // namespace

NumberCircle::NumberCircle(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    setToolTip(
        tr("Every bit pattern of the register on a circle, 0 at the top, counting up "
           "clockwise. The red line is where the reading jumps from the largest value to "
           "the smallest: a walk that crosses it has overflowed."));
}

void NumberCircle::setContents(const Contents& contents) {
    contents_ = contents;
    update();
}

bool NumberCircle::walkCrossesBoundary() const {
    return contents_.walk &&
           numeric::crossesWrapBoundary(*contents_.walk, contents_.format.signedness);
}

QSize NumberCircle::sizeHint() const {
    const int side = qRound(fontMetrics().height() * kPreferredSideInLines);
    return {side, side};
}

QSize NumberCircle::minimumSizeHint() const {
    const int side = qRound(fontMetrics().height() * kMinimumSideInLines);
    return {side, side};
}

void NumberCircle::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QPalette& colors = palette();
    QFont bitsFont = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    bitsFont.setPointSizeF(font().pointSizeF() > 0 ? font().pointSizeF() : 9.0);
    Canvas canvas{painter,
                  QRectF(rect()),
                  QRectF(rect()).center(),
                  0,
                  static_cast<double>(fontMetrics().height()),
                  scaledFont(font(), kLabelScale),
                  bitsFont,
                  colors.color(QPalette::WindowText),
                  colors.color(QPalette::Window),
                  colors.color(QPalette::Highlight),
                  errorColor(colors)};
    canvas.radius = circle::radiusForLabels(canvas, contents_);
    if (canvas.radius < canvas.line * 3) return;  // too small to mean anything

    painter.setPen(QPen(canvas.ink, std::max(1.5, canvas.line / 8)));
    painter.setBrush(Qt::NoBrush);
    painter.drawEllipse(canvas.centre, canvas.radius, canvas.radius);
    const double boundary = boundaryAngle(contents_.format);
    circle::drawTicks(canvas, contents_, {drawBoundaryLine(canvas, boundary)});
    if (contents_.walk) {
        drawWalk(canvas, *contents_.walk, walkCrossesBoundary(),
                 contents_.walk->from == contents_.a);
    }
    drawDots(canvas, contents_);
    drawBoundaryName(canvas, boundary);
    drawLegend(canvas, contents_, boundary);
}

}  // namespace mlsyslab::widgets
