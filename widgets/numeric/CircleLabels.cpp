#include "numeric/CircleLabels.h"

#include <QFontMetricsF>
#include <algorithm>
#include <cstdint>

#include "numeric/IntegerText.h"

namespace mlsyslab::widgets::circle {

namespace {

using numeric::BitPattern;

// Up to 4 bits every pattern gets a label with its bits; wider, labels give the value alone
// (the column beside the circle has the bits).
constexpr int kLabelEveryPatternUpTo = 4;
// Room kept beside the circle for a label this many digits wide; a longer one (a 64-bit value)
// is pulled back inside the widget instead of shrinking the circle for everyone.
constexpr int kReservedLabelDigits = 6;
// A label that would cover another moves along the circle in steps of this many degrees.
constexpr double kLabelShiftDegrees = 2.0;
constexpr int kMaxLabelShifts = 60;

enum class Role { Landmark, A, Result };

// One labelled tick. `side` says where its label goes when it cannot sit centred on the tick:
// -1 towards smaller patterns, +1 towards larger ones (the two sides of the boundary).
struct Tick {
    BitPattern pattern;
    Role role = Role::Landmark;
    int side = 0;
};

void addTick(std::vector<Tick>& ticks, const BitPattern& pattern, Role role, int side) {
    for (Tick& tick : ticks) {
        if (tick.pattern != pattern) continue;
        // One label per pattern; the result outranks A, which outranks a landmark.
        if (role > tick.role) tick.role = role;
        if (tick.side == 0) tick.side = side;
        return;
    }
    ticks.push_back({pattern, role, side});
}

std::vector<Tick> ticksFor(const NumberCircle::Contents& contents) {
    const int width = contents.format.width;
    std::vector<Tick> ticks;
    const BitPattern lowest = numeric::lowestPattern(contents.format);
    if (width <= kLabelEveryPatternUpTo) {
        for (std::uint64_t bits = 0; bits < (std::uint64_t{1} << width); ++bits) {
            addTick(ticks, BitPattern(width, bits), Role::Landmark, 0);
        }
    } else {
        addTick(ticks, BitPattern(width, lowest.bits() - 1), Role::Landmark, -1);
        addTick(ticks, lowest, Role::Landmark, +1);
        addTick(ticks, BitPattern(width, 0), Role::Landmark, 0);
    }
    // A sits behind the walk, the result ahead of it.
    const bool clockwise = !contents.walk || contents.walk->clockwise;
    addTick(ticks, contents.a, Role::A, clockwise ? -1 : +1);
    addTick(ticks, contents.result, Role::Result, clockwise ? +1 : -1);
    return ticks;
}

struct Label {
    QString bits;  // empty above 4 bits
    QString value;
    bool strong = false;  // A or the result: bold

    QFont valueFont(const Canvas& canvas) const {
        QFont font = canvas.valueFont;
        font.setBold(strong);
        return font;
    }
    QSizeF size(const Canvas& canvas) const {
        const QFontMetricsF valueMetrics(valueFont(canvas));
        QSizeF extent(valueMetrics.horizontalAdvance(value), valueMetrics.height());
        if (!bits.isEmpty()) {
            const QFontMetricsF bitsMetrics(canvas.bitsFont);
            extent.setWidth(std::max(extent.width(), bitsMetrics.horizontalAdvance(bits)));
            extent.rheight() += bitsMetrics.height();
        }
        return extent;
    }
};

Label labelFor(const Tick& tick, const NumberCircle::Contents& contents) {
    Label label;
    label.value = readingText(tick.pattern, contents.format.signedness);
    if (contents.format.width <= kLabelEveryPatternUpTo)
        label.bits = nibbleGroupedBits(tick.pattern);
    label.strong = tick.role != Role::Landmark;
    return label;
}

// The largest radius that leaves room for the labels round the circle.
}  // namespace

double radiusForLabels(const Canvas& canvas, const NumberCircle::Contents& contents) {
    std::vector<Label> labels;
    for (const Tick& tick : ticksFor(contents)) labels.push_back(labelFor(tick, contents));
    QSizeF room;
    const double reservedWidth =
        QFontMetricsF(canvas.valueFont).horizontalAdvance(QString(kReservedLabelDigits, '8'));
    for (const Label& label : labels) {
        const QSizeF size = label.size(canvas);
        room.setWidth(std::max(room.width(), std::min(size.width(), reservedWidth)));
        room.setHeight(std::max(room.height(), size.height()));
    }
    const double gap = canvas.line * kLabelGapInLines;
    return std::min(canvas.bounds.width() / 2 - room.width() - 2 * gap,
                    canvas.bounds.height() / 2 - room.height() - 2 * gap);
}

void drawTicks(Canvas& canvas, const NumberCircle::Contents& contents,
               std::vector<QRectF> occupied) {
    // Starts as the places to keep clear; each placed label joins them.
    QPainter& painter = canvas.painter;
    const double labelRadius = canvas.radius + canvas.line * kLabelGapInLines;
    for (const Tick& tick : ticksFor(contents)) {
        const double angle = angleOf(tick.pattern);
        const QColor color = tick.role == Role::Result ? canvas.resultColor : canvas.ink;
        painter.setPen(QPen(color, std::max(2.0, canvas.line / 7)));
        painter.drawLine(pointAt(canvas.centre, canvas.radius - canvas.line * 0.3, angle),
                         pointAt(canvas.centre, canvas.radius + canvas.line * 0.3, angle));

        const Label label = labelFor(tick, contents);
        const QSizeF size = label.size(canvas);
        const auto boxAt = [&](double labelAngle) {
            QRectF box(QPointF(), size);
            box.moveCenter(
                pointAt(canvas.centre, labelRadius + radialReach(size, labelAngle), labelAngle));
            return box;
        };
        const auto isFree = [&](const QRectF& box) {
            return std::none_of(occupied.begin(), occupied.end(),
                                [&](const QRectF& other) { return other.intersects(box); });
        };
        double labelAngle = angle;
        QRectF box = boxAt(angle);
        // Shifts in the preferred direction first, then the other way.
        const int preferred = tick.side != 0 ? tick.side : 1;
        for (int shift = 1; !isFree(box) && shift <= kMaxLabelShifts; ++shift) {
            for (const int direction : {preferred, -preferred}) {
                labelAngle = angle + direction * shift * kLabelShiftDegrees;
                box = boxAt(labelAngle);
                if (isFree(box)) break;
            }
        }
        // Keep it on the widget, even if it then comes nearer the circle.
        const QRectF& bounds = canvas.bounds;
        box.moveLeft(std::clamp(box.left(), bounds.left(),
                                std::max(bounds.left(), bounds.right() - box.width())));
        box.moveTop(std::clamp(box.top(), bounds.top(),
                               std::max(bounds.top(), bounds.bottom() - box.height())));
        occupied.push_back(box);
        if (std::abs(labelAngle - angle) > kLabelShiftDegrees * 1.5) {
            const QPointF tickEnd =
                pointAt(canvas.centre, canvas.radius + canvas.line * 0.3, angle);
            const QPointF nearest(std::clamp(tickEnd.x(), box.left(), box.right()),
                                  std::clamp(tickEnd.y(), box.top(), box.bottom()));
            painter.setPen(QPen(color, 1.0));
            painter.drawLine(tickEnd, nearest);
        }
        painter.setPen(color);
        QRectF valueBox = box;
        if (!label.bits.isEmpty()) {
            const double bitsHeight = QFontMetricsF(canvas.bitsFont).height();
            painter.setFont(canvas.bitsFont);
            painter.drawText(QRectF(box.topLeft(), QSizeF(box.width(), bitsHeight)),
                             Qt::AlignCenter, label.bits);
            valueBox.setTop(box.top() + bitsHeight);
        }
        painter.setFont(label.valueFont(canvas));
        painter.drawText(valueBox, Qt::AlignCenter, label.value);
    }
}

}  // namespace mlsyslab::widgets::circle
