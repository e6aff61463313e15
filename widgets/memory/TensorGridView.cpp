#include "memory/TensorGridView.h"

#include <QEvent>
#include <QMouseEvent>
#include <QPainter>
#include <algorithm>
#include <cmath>

#include "common/DisplayStyle.h"
#include "memory/MemoryColors.h"
#include "memory/TensorLayoutText.h"
#include "memory/TensorWorkspace.h"

namespace mlsyslab::widgets {

namespace {

// Sizes in line heights of the widget's font.
constexpr double kSliceGapLines = 1.2;
constexpr double kLabelLines = 1.4;
constexpr double kCellPaddingLines = 0.8;
constexpr double kMinCellWidthLines = 3.4;
constexpr double kValueFontScale = 1.4;
constexpr double kIndexFontScale = 0.8;
// A grid narrower than its widget shrinks, but not below this, so the numbers stay readable.
constexpr double kSmallestScale = 0.55;

}  // namespace

struct TensorGridView::Geometry {
    double scale = 1;
    double cellWidth = 0;
    double cellHeight = 0;
    double labelHeight = 0;
    double gap = 0;
    std::int64_t slicesPerRow = 1;
    std::int64_t sliceRows = 0;
    double sliceWidth = 0;
    double sliceHeight = 0;
    int height() const {
        if (sliceRows == 0) return int(std::ceil(cellHeight));
        return int(std::ceil(sliceRows * sliceHeight + (sliceRows - 1) * gap)) + 2;
    }
};

TensorGridView::TensorGridView(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    setFocusPolicy(Qt::ClickFocus);
    setMouseTracking(false);
}

void TensorGridView::setTensor(std::vector<std::int64_t> shape, std::vector<std::int64_t> values) {
    shape_ = std::move(shape);
    values_ = std::move(values);
    if (current_ >= static_cast<std::int64_t>(values_.size())) current_ = -1;
    updateGeometry();
    update();
}

void TensorGridView::setCurrent(std::int64_t position) {
    current_ = position;
    update();
}

std::int64_t TensorGridView::rowsPerSlice() const {
    return shape_.size() >= 2 ? shape_[shape_.size() - 2] : 1;
}

std::int64_t TensorGridView::columnsPerSlice() const { return shape_.empty() ? 1 : shape_.back(); }

std::int64_t TensorGridView::sliceCount() const {
    const std::int64_t perSlice = rowsPerSlice() * columnsPerSlice();
    return perSlice == 0 ? 0 : static_cast<std::int64_t>(values_.size()) / perSlice;
}

QString TensorGridView::sliceLabel(std::int64_t slice) const {
    if (shape_.size() < 3) return {};
    const std::vector<std::int64_t> leading(shape_.begin(), shape_.end() - 2);
    return elementText(memory::indexAtPosition(leading, slice));
}

TensorGridView::Geometry TensorGridView::geometryFor(int width) const {
    const double line = QFontMetricsF(font()).height();
    const QFontMetricsF valueMetrics(scaledFont(font(), kValueFontScale));
    const QFontMetricsF indexMetrics(scaledFont(font(), kIndexFontScale));
    // The widest index and value this shape can have.
    std::vector<std::int64_t> lastIndex;
    for (const std::int64_t size : shape_) lastIndex.push_back(std::max<std::int64_t>(size - 1, 0));
    const std::int64_t largestValue =
        values_.empty() ? 0 : *std::max_element(values_.begin(), values_.end());
    const double textWidth =
        std::max(indexMetrics.horizontalAdvance(indexText(lastIndex)),
                 valueMetrics.horizontalAdvance(QString::number(largestValue)));

    Geometry geometry;
    geometry.cellWidth = std::max(kMinCellWidthLines * line, textWidth + kCellPaddingLines * line);
    geometry.cellHeight = valueMetrics.height() + indexMetrics.height() + 0.5 * line;
    geometry.labelHeight = shape_.size() >= 3 ? kLabelLines * line : 0;
    geometry.gap = kSliceGapLines * line;
    const double naturalSliceWidth = columnsPerSlice() * geometry.cellWidth;
    if (naturalSliceWidth > width - 2 && naturalSliceWidth > 0) {
        geometry.scale = std::max(kSmallestScale, (width - 2) / naturalSliceWidth);
        geometry.cellWidth *= geometry.scale;
        geometry.cellHeight *= geometry.scale;
    }
    geometry.sliceWidth = columnsPerSlice() * geometry.cellWidth;
    geometry.sliceHeight = geometry.labelHeight + rowsPerSlice() * geometry.cellHeight;
    // Half a pixel of slack, so that the width sizeHint asks for fits what it was made for.
    const auto fitting = static_cast<std::int64_t>(
        std::floor((width - 1.5 + geometry.gap) / (geometry.sliceWidth + geometry.gap)));
    geometry.slicesPerRow = std::max<std::int64_t>(1, fitting);
    // A 4-d tensor keeps t[i, ...] on one row when it fits, so the rows read as the first index.
    if (shape_.size() == 4 && geometry.slicesPerRow >= shape_[1]) geometry.slicesPerRow = shape_[1];
    const std::int64_t slices = sliceCount();
    geometry.sliceRows = (slices + geometry.slicesPerRow - 1) / geometry.slicesPerRow;
    return geometry;
}

int TensorGridView::heightForWidth(int width) const { return geometryFor(width).height(); }

QSize TensorGridView::sizeHint() const {
    const Geometry natural = geometryFor(100000);
    // Two slices a row for 3-d, one t[i] a row for 4-d: rows of slices read as the first index.
    const std::int64_t wanted = shape_.size() == 4 ? shape_[1] : 2;
    const auto slices =
        std::clamp<std::int64_t>(wanted, 1, std::max<std::int64_t>(sliceCount(), 1));
    const int width = int(std::ceil(slices * natural.sliceWidth + (slices - 1) * natural.gap)) + 2;
    return {width, heightForWidth(width)};
}

QSize TensorGridView::minimumSizeHint() const {
    const Geometry natural = geometryFor(100000);
    const int width = int(std::ceil(natural.sliceWidth * kSmallestScale)) + 2;
    return {width, heightForWidth(width)};
}

QRect TensorGridView::cellRect(std::int64_t position) const {
    if (position < 0 || position >= static_cast<std::int64_t>(values_.size())) return {};
    const Geometry geometry = geometryFor(width());
    const std::int64_t perSlice = rowsPerSlice() * columnsPerSlice();
    const std::int64_t slice = position / perSlice;
    const std::int64_t row = (position % perSlice) / columnsPerSlice();
    const std::int64_t column = position % columnsPerSlice();
    const double left = 1 + (slice % geometry.slicesPerRow) * (geometry.sliceWidth + geometry.gap) +
                        column * geometry.cellWidth;
    const double top = 1 + (slice / geometry.slicesPerRow) * (geometry.sliceHeight + geometry.gap) +
                       geometry.labelHeight + row * geometry.cellHeight;
    return QRectF(left, top, geometry.cellWidth, geometry.cellHeight).toAlignedRect();
}

std::int64_t TensorGridView::positionAt(QPoint point) const {
    for (std::int64_t position = 0; position < static_cast<std::int64_t>(values_.size());
         ++position) {
        if (cellRect(position).contains(point)) return position;
    }
    return -1;
}

void TensorGridView::mousePressEvent(QMouseEvent* event) {
    const std::int64_t position = positionAt(event->position().toPoint());
    if (event->button() == Qt::LeftButton && position >= 0) {
        emit elementClicked(position);
        return;
    }
    QWidget::mousePressEvent(event);
}

void TensorGridView::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    // The cells are sized in line heights: a new font is a new size.
    if (event->type() == QEvent::FontChange) updateGeometry();
}

void TensorGridView::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QPalette& colors = palette();
    const Geometry geometry = geometryFor(width());
    const double line = QFontMetricsF(font()).height();
    const QColor ink = colors.color(QPalette::Text);
    if (values_.empty()) {
        painter.setPen(ink);
        painter.drawText(rect(), Qt::AlignLeft | Qt::AlignVCenter,
                         tr("An empty tensor: shape %1 has no elements.").arg(tupleText(shape_)));
        return;
    }
    const QFont valueFont = scaledFont(font(), kValueFontScale * geometry.scale);
    const QFont indexFont = scaledFont(font(), kIndexFontScale * geometry.scale);
    QFont labelFont = font();
    labelFont.setBold(true);
    const QColor visitedFill = memoryFill(MemoryRole::Dram, colors);
    const QColor currentFill = memoryColor(MemoryRole::Highlight, colors);
    const double thinPen = std::max(1.0, line / 16);

    for (std::int64_t slice = 0; slice < sliceCount(); ++slice) {
        const QString label = sliceLabel(slice);
        if (!label.isEmpty()) {
            const QRect first = cellRect(slice * rowsPerSlice() * columnsPerSlice());
            painter.setFont(labelFont);
            painter.setPen(ink);
            painter.drawText(QRectF(first.left(), first.top() - geometry.labelHeight,
                                    geometry.sliceWidth, geometry.labelHeight),
                             Qt::AlignLeft | Qt::AlignVCenter, label);
        }
    }
    const std::vector<std::int64_t> shape = shape_;
    for (std::int64_t position = 0; position < static_cast<std::int64_t>(values_.size());
         ++position) {
        const QRectF cell = QRectF(cellRect(position)).adjusted(0.5, 0.5, -0.5, -0.5);
        const bool isCurrent = position == current_;
        const QColor fill = isCurrent                              ? currentFill
                            : current_ >= 0 && position < current_ ? visitedFill
                                                                   : colors.color(QPalette::Base);
        painter.setPen(QPen(colors.color(QPalette::Mid), thinPen));
        painter.setBrush(fill);
        painter.drawRect(cell);
        const QColor textInk = isCurrent ? inkOn(fill) : ink;
        const double valueHeight = QFontMetricsF(valueFont).height();
        const QRectF valueArea(cell.left(), cell.top() + 0.2 * line * geometry.scale, cell.width(),
                               valueHeight);
        painter.setFont(valueFont);
        painter.setPen(textInk);
        painter.drawText(valueArea, Qt::AlignCenter, QString::number(values_[position]));
        painter.setFont(indexFont);
        QColor indexInk = textInk;
        if (!isCurrent) indexInk.setAlphaF(0.75);
        painter.setPen(indexInk);
        painter.drawText(QRectF(cell.left(), valueArea.bottom(), cell.width(),
                                cell.bottom() - valueArea.bottom()),
                         Qt::AlignHCenter | Qt::AlignTop,
                         indexText(memory::indexAtPosition(shape, position)));
    }
    if (current_ >= 0 && current_ < static_cast<std::int64_t>(values_.size())) {
        painter.setBrush(Qt::NoBrush);
        painter.setPen(QPen(ink, std::max(2.0, line / 7)));
        painter.drawRect(QRectF(cellRect(current_)).adjusted(1, 1, -1, -1));
    }
}

}  // namespace mlsyslab::widgets
