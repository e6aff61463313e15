#include "memory/MemoryStripView.h"

#include <QEvent>
#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <cmath>
#include <set>

#include "common/ArrowHead.h"
#include "common/ColorMix.h"
#include "common/DisplayStyle.h"
#include "memory/MemoryColors.h"
#include "memory/TensorLayoutText.h"

namespace mlsyslab::widgets {

namespace {

// Sizes in line heights of the widget's font.
constexpr double kArcSpaceLines = 1.6;
constexpr double kQuietSpaceLines = 0.3;
constexpr double kMinCellWidthLines = 2.4;
constexpr double kValueFontScale = 1.15;
constexpr double kSmallFontScale = 0.8;
constexpr double kSmallestScale = 0.55;
// 16 elements a row: one 64-byte cache line of float32, and rows that read like a hex dump.
constexpr int kMostCellsPerRow = 16;
constexpr int kFewestCellsPerRow = 4;
constexpr std::uint64_t kLineBytes = memory::kTraversalLineBytes;

}  // namespace

struct MemoryStripView::Geometry {
    double scale = 1;
    double addressWidth = 0;
    double headerHeight = 0;
    double arcSpace = 0;
    double cellWidth = 0;
    double cellHeight = 0;
    int cellsPerRow = 1;
    int rows = 0;
    double rowTop(int row) const { return headerHeight + arcSpace + row * (arcSpace + cellHeight); }
    int height() const { return int(std::ceil(rowTop(rows) - arcSpace)) + 2; }
};

MemoryStripView::MemoryStripView(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

void MemoryStripView::setStorage(const memory::TensorStorage& storage) {
    storage_ = storage;
    updateGeometry();
    update();
}

void MemoryStripView::setTraversal(std::vector<std::int64_t> order, std::int64_t position) {
    if (order.empty() != order_.empty()) updateGeometry();
    order_ = std::move(order);
    position_ = position;
    update();
}

void MemoryStripView::setMarkedValue(std::optional<std::int64_t> value) {
    markedValue_ = value;
    update();
}

std::int64_t MemoryStripView::currentElement() const {
    if (position_ < 0 || position_ >= static_cast<std::int64_t>(order_.size())) return -1;
    return order_[static_cast<std::size_t>(position_)];
}

std::int64_t MemoryStripView::previousElement() const {
    if (position_ < 1 || position_ >= static_cast<std::int64_t>(order_.size())) return -1;
    return order_[static_cast<std::size_t>(position_ - 1)];
}

int MemoryStripView::cellsPerRow() const { return geometryFor(width()).cellsPerRow; }

MemoryStripView::Geometry MemoryStripView::geometryFor(int width) const {
    const double line = QFontMetricsF(font()).height();
    const QFontMetricsF valueMetrics(scaledFont(font(), kValueFontScale));
    const QFontMetricsF smallMetrics(scaledFont(font(), kSmallFontScale));
    const auto count = static_cast<std::int64_t>(storage_.values.size());
    const std::int64_t largestValue =
        count == 0 ? 0 : *std::max_element(storage_.values.begin(), storage_.values.end());

    Geometry geometry;
    geometry.addressWidth = smallMetrics.horizontalAdvance(
                                hexAddress(storage_.address(std::max<std::int64_t>(count, 1)))) +
                            0.6 * line;
    geometry.headerHeight = smallMetrics.height();
    // Room for the arrow of a move, only where the loop reads this storage.
    geometry.arcSpace = (order_.empty() ? kQuietSpaceLines : kArcSpaceLines) * line;
    geometry.cellWidth =
        std::max({kMinCellWidthLines * line,
                  valueMetrics.horizontalAdvance(QString::number(largestValue)) + 0.6 * line,
                  smallMetrics.horizontalAdvance(QStringLiteral("[%1]").arg(count)) + 0.4 * line,
                  smallMetrics.horizontalAdvance(
                      QStringLiteral("+%1").arg(kMostCellsPerRow * storage_.elementBytes)) +
                      0.4 * line});
    geometry.cellHeight = valueMetrics.height() + smallMetrics.height() + 0.4 * line;
    int perRow = int(std::clamp<std::int64_t>(count, 1, kMostCellsPerRow));
    const double available = width - 2 - geometry.addressWidth;
    // Halve the row while it does not fit, keeping rows aligned with the 16-element rows.
    while (perRow > kFewestCellsPerRow && perRow * geometry.cellWidth > available) perRow /= 2;
    if (perRow * geometry.cellWidth > available && available > 0) {
        geometry.scale = std::max(kSmallestScale, available / (perRow * geometry.cellWidth));
        geometry.cellWidth *= geometry.scale;
        geometry.cellHeight *= geometry.scale;
    }
    geometry.cellsPerRow = perRow;
    geometry.rows = int((count + perRow - 1) / perRow);
    return geometry;
}

int MemoryStripView::heightForWidth(int width) const { return geometryFor(width).height(); }

QSize MemoryStripView::sizeHint() const {
    const Geometry natural = geometryFor(100000);
    const int width =
        int(std::ceil(natural.addressWidth + natural.cellsPerRow * natural.cellWidth)) + 2;
    return {width, heightForWidth(width)};
}

QSize MemoryStripView::minimumSizeHint() const {
    const Geometry natural = geometryFor(100000);
    const int width = int(std::ceil(natural.addressWidth +
                                    kFewestCellsPerRow * natural.cellWidth * kSmallestScale)) +
                      2;
    return {width, heightForWidth(width)};
}

QRect MemoryStripView::cellRect(std::int64_t element) const {
    if (element < 0 || element >= static_cast<std::int64_t>(storage_.values.size())) return {};
    const Geometry geometry = geometryFor(width());
    const int row = int(element / geometry.cellsPerRow);
    const int column = int(element % geometry.cellsPerRow);
    return QRectF(1 + geometry.addressWidth + column * geometry.cellWidth, geometry.rowTop(row),
                  geometry.cellWidth, geometry.cellHeight)
        .toAlignedRect();
}

void MemoryStripView::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    // The cells are sized in line heights: a new font is a new size.
    if (event->type() == QEvent::FontChange) updateGeometry();
}

void MemoryStripView::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const Geometry geometry = geometryFor(width());
    paintCells(painter, geometry);
    paintMove(painter, geometry);
}

void MemoryStripView::paintCells(QPainter& painter, const Geometry& geometry) {
    const QPalette& colors = palette();
    const double line = QFontMetricsF(font()).height();
    const QColor ink = colors.color(QPalette::Text);
    const QColor grey = colors.color(QPalette::PlaceholderText);
    const QFont valueFont = scaledFont(font(), kValueFontScale * geometry.scale);
    const QFont smallFont = scaledFont(font(), kSmallFontScale * std::max(geometry.scale, 0.8));
    const QColor usedFill = memoryFill(MemoryRole::Dram, colors);
    const QColor visitedFill =
        mixedColor(colors.color(QPalette::Base), memoryColor(MemoryRole::Dram, colors), 0.45);
    const QColor currentFill = memoryColor(MemoryRole::Highlight, colors);
    const double thinPen = std::max(1.0, line / 16);
    const double thickPen = std::max(3.0, line / 5);

    const std::set<std::int64_t> used(order_.begin(), order_.end());
    std::set<std::int64_t> visited;
    for (std::int64_t position = 0; position < position_ && position < std::int64_t(order_.size());
         ++position) {
        visited.insert(order_[static_cast<std::size_t>(position)]);
    }
    const std::int64_t current = currentElement();

    // Byte offsets over the columns, addresses before the rows.
    painter.setFont(smallFont);
    painter.setPen(grey);
    for (int column = 0; column < geometry.cellsPerRow; ++column) {
        const QRect cell = cellRect(column);
        painter.drawText(QRectF(cell.left(), 0, cell.width(), geometry.headerHeight),
                         Qt::AlignCenter,
                         QStringLiteral("+%1").arg(column * std::int64_t{storage_.elementBytes}));
    }
    painter.setPen(ink);
    for (int row = 0; row < geometry.rows; ++row) {
        const std::int64_t first = std::int64_t{row} * geometry.cellsPerRow;
        painter.drawText(QRectF(0, geometry.rowTop(row), geometry.addressWidth - 0.3 * line,
                                geometry.cellHeight),
                         Qt::AlignRight | Qt::AlignVCenter, hexAddress(storage_.address(first)));
    }

    const auto count = static_cast<std::int64_t>(storage_.values.size());
    for (std::int64_t element = 0; element < count; ++element) {
        const QRectF cell = QRectF(cellRect(element)).adjusted(0.5, 0.5, -0.5, -0.5);
        const bool isUsed = used.contains(element);
        const QColor fill = element == current          ? currentFill
                            : visited.contains(element) ? visitedFill
                            : isUsed                    ? usedFill
                                                        : colors.color(QPalette::AlternateBase);
        painter.setPen(QPen(colors.color(QPalette::Mid), thinPen));
        painter.setBrush(fill);
        painter.drawRect(cell);
        const QColor textInk = element == current ? inkOn(fill) : isUsed ? ink : grey;
        const double valueHeight = QFontMetricsF(valueFont).height();
        const QRectF valueArea(cell.left(), cell.top() + 0.15 * line * geometry.scale, cell.width(),
                               valueHeight);
        painter.setFont(valueFont);
        painter.setPen(textInk);
        painter.drawText(valueArea, Qt::AlignCenter,
                         QString::number(storage_.values[static_cast<std::size_t>(element)]));
        painter.setFont(smallFont);
        painter.setPen(element == current ? textInk : grey);
        painter.drawText(QRectF(cell.left(), valueArea.bottom(), cell.width(),
                                cell.bottom() - valueArea.bottom()),
                         Qt::AlignHCenter | Qt::AlignTop, QStringLiteral("[%1]").arg(element));
        if (markedValue_ && storage_.values[static_cast<std::size_t>(element)] == *markedValue_ &&
            element != current) {
            QPen outline(memoryColor(MemoryRole::Highlight, colors), thickPen * 0.8);
            painter.setPen(outline);
            painter.setBrush(Qt::NoBrush);
            painter.drawRect(cell.adjusted(1, 1, -1, -1));
        }
    }
    // 64-byte cache-line boundaries: a thick edge before every element that starts a line.
    painter.setPen(QPen(ink, thickPen, Qt::SolidLine, Qt::FlatCap));
    for (std::int64_t element = 0; element <= count; ++element) {
        if (storage_.address(element) % kLineBytes != 0) continue;
        const bool atEnd = element == count;
        const QRect cell = cellRect(atEnd ? element - 1 : element);
        if (cell.isNull()) continue;
        const double x = atEnd ? cell.right() + 1 : cell.left();
        painter.drawLine(QPointF(x, cell.top()), QPointF(x, cell.bottom() + 1));
    }
    if (current >= 0) {
        painter.setBrush(Qt::NoBrush);
        painter.setPen(QPen(ink, std::max(2.0, line / 7)));
        painter.drawRect(QRectF(cellRect(current)).adjusted(1, 1, -1, -1));
    }
}

void MemoryStripView::paintMove(QPainter& painter, const Geometry& geometry) {
    const std::int64_t from = previousElement();
    const std::int64_t to = currentElement();
    if (from < 0 || to < 0) return;
    const QPalette& colors = palette();
    const double line = QFontMetricsF(font()).height();
    const std::int64_t distance = to - from;
    const QColor color = memoryColor(distance == 1 ? MemoryRole::Hit : MemoryRole::Miss, colors);
    const QRectF start = cellRect(from);
    const QRectF end = cellRect(to);
    const double rise = geometry.arcSpace * (start.top() == end.top() ? 0.75 : 0.9);
    const QPointF startPoint(start.center().x(), start.top());
    const QPointF endPoint(end.center().x(), end.top());
    QPainterPath path;
    path.moveTo(startPoint);
    path.cubicTo(startPoint - QPointF(0, rise), endPoint - QPointF(0, rise), endPoint);
    const double penWidth = std::max(2.5, line / 6);
    painter.setPen(QPen(color, penWidth, Qt::SolidLine, Qt::RoundCap));
    painter.setBrush(Qt::NoBrush);
    painter.drawPath(path);
    drawArrowHead(painter, endPoint, QPointF(0, 1), 0.5 * line);

    // The distance, on a patch of background at the top of the arc.
    const QString label = distance < 0 ? QStringLiteral("\u2212%1").arg(-distance)
                                       : QStringLiteral("+%1").arg(distance);
    QFont labelFont = scaledFont(font(), kSmallFontScale);
    labelFont.setBold(true);
    const QFontMetricsF metrics(labelFont);
    const QPointF apex = path.pointAtPercent(0.5);
    const QRectF box(apex.x() - metrics.horizontalAdvance(label) / 2 - 0.2 * line,
                     apex.y() - metrics.height() / 2, metrics.horizontalAdvance(label) + 0.4 * line,
                     metrics.height());
    painter.setPen(QPen(color, 1.5));
    painter.setBrush(colors.color(QPalette::Base));
    painter.drawRoundedRect(box, 0.2 * line, 0.2 * line);
    painter.setFont(labelFont);
    painter.setPen(color);
    painter.drawText(box, Qt::AlignCenter, label);
}

}  // namespace mlsyslab::widgets
