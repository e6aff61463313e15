#include "matmul/MatrixGridView.h"

#include <QEvent>
#include <QPainter>
#include <algorithm>
#include <cmath>

#include "common/DisplayStyle.h"
#include "matmul/MatmulParallelColors.h"

namespace mlsyslab::widgets {

namespace {

// Sizes in line heights of the widget's font.
constexpr double kValueFontScale = 1.7;
constexpr double kNoteFontScale = 0.8;
constexpr double kIndexFontScale = 0.75;
constexpr double kMinCellWidthLines = 3.0;
constexpr double kCellPaddingLines = 0.9;
constexpr double kTitleGapLines = 0.3;
// A grid narrower than it wants shrinks, but not below this, so the numbers stay readable.
constexpr double kSmallestScale = 0.5;

}  // namespace

struct MatrixGridView::Geometry {
    double scale = 1;
    double titleHeight = 0;
    double indexWidth = 0;   // left of the grid, for the row numbers
    double indexHeight = 0;  // above the grid, for the column numbers
    double cellWidth = 0;
    double cellHeight = 0;
};

MatrixGridView::MatrixGridView(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

void MatrixGridView::setTitle(const QString& title) {
    title_ = title;
    updateGeometry();
    update();
}

void MatrixGridView::setCells(int rows, int columns, std::vector<GridCell> cells) {
    const bool resized = rows != rows_ || columns != columns_;
    rows_ = rows;
    columns_ = columns;
    cells_ = std::move(cells);
    cells_.resize(std::size_t(rows_) * std::size_t(columns_));
    // The natural size follows the widest text, so a new number may need a wider cell.
    if (resized || sizeHint() != size()) updateGeometry();
    update();
}

const GridCell& MatrixGridView::cell(int row, int column) const {
    return cells_[std::size_t(row) * std::size_t(columns_) + std::size_t(column)];
}

void MatrixGridView::setIndexLabels(bool shown, int firstRow, int firstColumn) {
    indexLabels_ = shown;
    firstRow_ = firstRow;
    firstColumn_ = firstColumn;
    updateGeometry();
    update();
}

void MatrixGridView::setOutline(std::optional<QRect> cells) {
    outline_ = cells;
    update();
}

bool MatrixGridView::hasNotes() const {
    return std::any_of(cells_.begin(), cells_.end(),
                       [](const GridCell& cell) { return !cell.note.isEmpty(); });
}

MatrixGridView::Geometry MatrixGridView::geometryFor(int width) const {
    const double line = QFontMetricsF(font()).height();
    const QFontMetricsF valueMetrics(scaledFont(font(), kValueFontScale));
    const QFontMetricsF noteMetrics(scaledFont(font(), kNoteFontScale));
    const QFontMetricsF indexMetrics(scaledFont(font(), kIndexFontScale));
    double widest = 0;
    for (const GridCell& cell : cells_) {
        widest = std::max({widest, valueMetrics.horizontalAdvance(cell.value),
                           noteMetrics.horizontalAdvance(cell.note)});
    }
    Geometry geometry;
    geometry.titleHeight = title_.isEmpty() ? 0 : line * (1 + kTitleGapLines);
    if (indexLabels_) {
        const double widestIndex =
            std::max(indexMetrics.horizontalAdvance(QString::number(firstRow_)),
                     indexMetrics.horizontalAdvance(QString::number(firstRow_ + rows_ - 1)));
        geometry.indexWidth = widestIndex + 0.4 * line;
        geometry.indexHeight = indexMetrics.height();
    }
    geometry.cellWidth = std::max(kMinCellWidthLines * line, widest + kCellPaddingLines * line);
    geometry.cellHeight =
        valueMetrics.height() + (hasNotes() ? noteMetrics.height() : 0) + 0.6 * line;
    // The row numbers keep their size; the cells shrink into the rest.
    const double available = width - geometry.indexWidth - 2;
    const double natural = columns_ * geometry.cellWidth;
    if (natural > available && natural > 0) {
        geometry.scale = std::max(kSmallestScale, available / natural);
        // Only narrower: the rows keep their height, so they line up with the grids beside.
        geometry.cellWidth *= geometry.scale;
    }
    return geometry;
}

QSize MatrixGridView::sizeHint() const {
    const Geometry natural = geometryFor(1 << 20);
    QFont titleFont = font();
    titleFont.setBold(true);
    const double titleWidth = QFontMetricsF(titleFont).horizontalAdvance(title_);
    const double gridWidth = natural.indexWidth + columns_ * natural.cellWidth;
    // Room for the row numbers on the right too, so the grid sits in the middle under its title.
    const double width = std::max(gridWidth + natural.indexWidth, titleWidth) + 2;
    return {
        int(std::ceil(width)),
        int(std::ceil(natural.titleHeight + natural.indexHeight + rows_ * natural.cellHeight)) + 2};
}

QSize MatrixGridView::minimumSizeHint() const {
    const Geometry natural = geometryFor(1 << 20);
    QFont titleFont = font();
    titleFont.setBold(true);
    // The title stays whole; the cells may shrink.
    const double titleWidth = QFontMetricsF(titleFont).horizontalAdvance(title_);
    const double gridWidth = natural.indexWidth + columns_ * natural.cellWidth * kSmallestScale;
    return {int(std::ceil(std::max(gridWidth, titleWidth))) + 2, sizeHint().height()};
}

QRect MatrixGridView::cellRect(int row, int column) const {
    if (row < 0 || row >= rows_ || column < 0 || column >= columns_) return {};
    const Geometry geometry = geometryFor(width());
    const double gridWidth = columns_ * geometry.cellWidth;
    const double left = std::max(1.0 + geometry.indexWidth, (width() - gridWidth) / 2);
    return QRectF(left + column * geometry.cellWidth,
                  1 + geometry.titleHeight + geometry.indexHeight + row * geometry.cellHeight,
                  geometry.cellWidth, geometry.cellHeight)
        .toAlignedRect();
}

QColor MatrixGridView::fillOf(CellMark mark) const {
    const QPalette& colors = palette();
    switch (mark) {
        case CellMark::Operand:
            return parallelFill(ParallelRole::Operand, colors);
        case CellMark::Active:
            return parallelFill(ParallelRole::Active, colors);
        case CellMark::Partial:
            return parallelFill(ParallelRole::Partial, colors);
        case CellMark::Done:
            return parallelFill(ParallelRole::Done, colors);
        case CellMark::Padding:
            return parallelFill(ParallelRole::Padding, colors);
        case CellMark::Plain:
        case CellMark::Pending:
            break;
    }
    return colors.color(QPalette::Base);
}

void MatrixGridView::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    // The cells are sized in line heights: a new font is a new size.
    if (event->type() == QEvent::FontChange) updateGeometry();
}

void MatrixGridView::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QPalette& colors = palette();
    const Geometry geometry = geometryFor(width());
    const double line = QFontMetricsF(font()).height();
    const QColor ink = colors.color(QPalette::Text);

    if (!title_.isEmpty()) {
        QFont titleFont = font();
        titleFont.setBold(true);
        painter.setFont(titleFont);
        painter.setPen(colors.color(QPalette::WindowText));
        painter.drawText(QRectF(0, 0, width(), line), Qt::AlignHCenter | Qt::AlignVCenter, title_);
    }
    if (indexLabels_ && rows_ > 0 && columns_ > 0) {
        painter.setFont(scaledFont(font(), kIndexFontScale));
        painter.setPen(colors.color(QPalette::WindowText));
        for (int row = 0; row < rows_; ++row) {
            const QRect box = cellRect(row, 0);
            painter.drawText(QRectF(box.left() - geometry.indexWidth, box.top(),
                                    geometry.indexWidth - 0.25 * line, box.height()),
                             Qt::AlignRight | Qt::AlignVCenter, QString::number(firstRow_ + row));
        }
        for (int column = 0; column < columns_; ++column) {
            const QRect box = cellRect(0, column);
            painter.drawText(QRectF(box.left(), box.top() - geometry.indexHeight, box.width(),
                                    geometry.indexHeight),
                             Qt::AlignHCenter | Qt::AlignBottom,
                             QString::number(firstColumn_ + column));
        }
    }
    const QFont valueFont = scaledFont(font(), kValueFontScale * geometry.scale);
    const QFont noteFont = scaledFont(font(), kNoteFontScale * geometry.scale);
    const bool notes = hasNotes();
    const double noteHeight = notes ? QFontMetricsF(noteFont).height() : 0;
    const double thinPen = std::max(1.0, line / 18);
    const QColor gridLine = colors.color(QPalette::Mid);

    for (int row = 0; row < rows_; ++row) {
        for (int column = 0; column < columns_; ++column) {
            const GridCell& current = cell(row, column);
            const QRectF box = QRectF(cellRect(row, column)).adjusted(0.5, 0.5, -0.5, -0.5);
            painter.setPen(QPen(gridLine, thinPen,
                                current.mark == CellMark::Padding ? Qt::DashLine : Qt::SolidLine));
            painter.setBrush(fillOf(current.mark));
            painter.drawRect(box);
            const QRectF inside = box.adjusted(2, 2, -2, -2);
            painter.setFont(valueFont);
            painter.setPen(
                current.mark == CellMark::Padding ? colors.color(QPalette::PlaceholderText) : ink);
            painter.drawText(inside.adjusted(0, 0, 0, -noteHeight), Qt::AlignCenter, current.value);
            if (notes && !current.note.isEmpty()) {
                painter.setFont(noteFont);
                painter.setPen(ink);
                painter.drawText(
                    QRectF(inside.left(), inside.bottom() - noteHeight, inside.width(), noteHeight),
                    Qt::AlignCenter, current.note);
            }
        }
    }
    // Thick frames: around cells this step computes, and around the outlined block.
    const double thickPen = std::max(2.0, line / 7);
    painter.setBrush(Qt::NoBrush);
    painter.setPen(QPen(parallelColor(ParallelRole::Active, colors), thickPen));
    for (int row = 0; row < rows_; ++row) {
        for (int column = 0; column < columns_; ++column) {
            if (cell(row, column).mark == CellMark::Active) {
                painter.drawRect(
                    QRectF(cellRect(row, column))
                        .adjusted(thickPen / 2, thickPen / 2, -thickPen / 2, -thickPen / 2));
            }
        }
    }
    if (outline_ && !outline_->isEmpty()) {
        const QRect first = cellRect(outline_->top(), outline_->left());
        const QRect last = cellRect(outline_->bottom(), outline_->right());
        if (!first.isNull() && !last.isNull()) {
            painter.setPen(QPen(parallelColor(ParallelRole::Operand, colors), thickPen * 1.3));
            painter.drawRect(QRectF(first.topLeft(), last.bottomRight() + QPoint(1, 1)));
        }
    }
}

}  // namespace mlsyslab::widgets
