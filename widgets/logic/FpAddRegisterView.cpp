#include "logic/FpAddRegisterView.h"

#include <QEvent>
#include <QPainter>
#include <algorithm>
#include <cmath>

#include "common/ColorMix.h"
#include "common/DisplayStyle.h"
#include "logic/LogicColors.h"
#include "numeric/FloatColors.h"

namespace mlsyslab::widgets {

namespace {

// Gaps in the grid, in cells: between fields, at the binary point, every four mantissa bits
// (counted from the point, as binary is read), and before guard, round and sticky.
constexpr double kFieldGap = 0.4;
constexpr double kPointGap = 0.45;
constexpr double kNibbleGap = 0.18;
constexpr int kNibble = 4;
// A cell's side in lines of text: as large as this where the width allows; one band only while
// its cells stay at least the comfortable size; never smaller than the floor (then the row is
// cut at the right).
constexpr double kLargestCellLines = 2.2;
constexpr double kComfortableCellLines = 1.6;
constexpr double kSmallestCellLines = 1.1;
constexpr double kRowGapCells = 0.3;
constexpr double kDigitScale = 0.58;  // a digit's pixel size, in cells
// The values shrink to fit beside the exponents, down to this much of their size.
constexpr double kSmallestNotationShrink = 0.8;
// How much of the field colour tints a clear bit (as the float simulators' bit rows do).
constexpr double kClearBitTint = 0.14;

bool onlyInDatapath(CellField field) {
    return field == CellField::Carry || field == CellField::Hidden || field == CellField::Guard ||
           field == CellField::Round || field == CellField::Sticky;
}

QColor cellColor(CellField field, const QPalette& palette) {
    switch (field) {
        case CellField::Sign:
            return floatFieldColor(FloatField::Sign, palette);
        case CellField::Exponent:
            return floatFieldColor(FloatField::Exponent, palette);
        case CellField::Carry:
        case CellField::Hidden:
        case CellField::Mantissa:
            return floatFieldColor(FloatField::Mantissa, palette);
        case CellField::Guard:
        case CellField::Round:
        case CellField::Sticky:
            break;
    }
    // Guard, round and sticky are below the last place: neutral, not part of the mantissa.
    return wireColor(WireState::Low, palette);
}

// Which highlight group a cell belongs to: 0 sign, 1 exponent, 2 significand.
int groupOf(CellField field) {
    if (field == CellField::Sign) return 0;
    if (field == CellField::Exponent) return 1;
    return 2;
}

}  // namespace

FpAddRegisterView::FpAddRegisterView(QWidget* parent) : QWidget(parent) {
    QSizePolicy policy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
}

void FpAddRegisterView::showStep(const logic::FloatAdditionTrace& trace, int stepIndex) {
    rows_ = registerRows(trace, stepIndex);
    layout_ = trace.layout;
    // Describe the registers for screen readers: the same digits the cells show.
    QStringList description;
    for (const RegisterRow& row : rows_.rows) {
        description << QStringLiteral("%1: %2, %3")
                           .arg(row.name, registerDigits(rows_.columns, layout_, row),
                                row.notation);
    }
    setAccessibleDescription(description.join(QStringLiteral("; ")));
    updateGeometry();
    update();
}

int FpAddRegisterView::bandOf(int column, bool twoBands) const {
    return twoBands && column >= rows_.columns.carryColumn() ? 1 : 0;
}

std::vector<double> FpAddRegisterView::columnOffsets(bool twoBands) const {
    const RegisterColumns& columns = rows_.columns;
    std::vector<double> offsets(static_cast<std::size_t>(columns.count()));
    double x = 0;
    for (int column = 0; column < columns.count(); ++column) {
        if (twoBands && column == columns.carryColumn()) x = 0;  // the second band starts
        const bool fieldStart = column == columns.firstExponentColumn() ||
                                column == columns.guardColumn() ||
                                (column == columns.carryColumn() && !twoBands);
        if (fieldStart) x += kFieldGap;
        if (column == columns.firstMantissaColumn()) x += kPointGap;
        const int mantissaDigit = column - columns.firstMantissaColumn();
        if (mantissaDigit > 0 && mantissaDigit < columns.mantissaBits &&
            mantissaDigit % kNibble == 0) {
            x += kNibbleGap;
        }
        offsets[static_cast<std::size_t>(column)] = x;
        x += 1.0;
    }
    return offsets;
}

double FpAddRegisterView::bandUnits(int band, bool twoBands) const {
    const auto offsets = columnOffsets(twoBands);
    if (offsets.empty()) return 1.0;
    const int last =
        twoBands && band == 0 ? rows_.columns.carryColumn() - 1 : rows_.columns.count() - 1;
    return offsets[static_cast<std::size_t>(last)] + 1.0;
}

QFont FpAddRegisterView::digitFont(double cell) const {
    // The lesson's own typeface, as on the float simulators' bit buttons.
    QFont digits = font();
    digits.setBold(true);
    digits.setPixelSize(std::max(6, static_cast<int>(std::lround(cell * kDigitScale))));
    return digits;
}

QFont FpAddRegisterView::nameFont() const {
    QFont names = scaledFont(font(), 1.2);
    names.setBold(true);
    return names;
}

QFont FpAddRegisterView::notationFont() const { return scaledFont(font(), 1.15); }

QFont FpAddRegisterView::headerFont() const { return scaledFont(font(), 0.9); }

double FpAddRegisterView::notationWidth(const QFont& notation) const {
    const QFontMetricsF metrics(notation);
    double widest = 0;
    for (const RegisterRow& row : rows_.rows) {
        widest = std::max(widest, metrics.horizontalAdvance(row.notation));
    }
    return widest;
}

double FpAddRegisterView::namesWidth() const {
    const QFontMetricsF metrics(nameFont());
    double widest = 0;
    for (const RegisterRow& row : rows_.rows) {
        widest = std::max(widest, metrics.horizontalAdvance(row.name));
    }
    // The name and a space.
    return widest + metrics.horizontalAdvance(QStringLiteral("  "));
}

FpAddRegisterView::Geometry FpAddRegisterView::arrange(Arrangement arrangement, double cell,
                                                       double names) const {
    Geometry result;
    result.arrangement = arrangement;
    result.cell = cell;
    result.namesWidth = names;
    result.margin = std::max(3.0, cell * 0.18);
    const double notationLine = QFontMetricsF(notationFont()).height();
    result.headerHeight = QFontMetricsF(headerFont()).height() * 1.2;
    result.rowPitch =
        cell * (1 + kRowGapCells) + (arrangement == Arrangement::ValuesBelow ? notationLine : 0.0);
    result.ruleGap = cell * 0.35;
    const auto rowCount = static_cast<double>(rows_.rows.size());
    const bool hasResult = rows_.rows.size() > 2;
    result.bandHeight =
        result.headerHeight + rowCount * result.rowPitch + (hasResult ? result.ruleGap : 0.0);
    const bool twoBands = arrangement == Arrangement::TwoBands;
    result.bandGap = twoBands ? cell * 0.5 : 0.0;
    result.height = result.bandHeight * (twoBands ? 2 : 1) + result.bandGap;
    return result;
}

FpAddRegisterView::Geometry FpAddRegisterView::geometry(int width) const {
    const double line = QFontMetricsF(font()).height();
    const double names = namesWidth();
    const double notation = notationWidth(notationFont());
    const double comfortable = kComfortableCellLines * line;
    const double largest = kLargestCellLines * line;
    // The highlight needs a little room right of the last cell: about a fifth of a cell.
    const double room = std::max(1.0, width - names);
    const double oneBand = bandUnits(0, false) + 0.2;
    const double beside = (room - line - notation) / oneBand;
    if (beside >= comfortable) {
        return arrange(Arrangement::ValuesBeside, std::min(beside, largest), names);
    }
    const double below = room / oneBand;
    if (below >= comfortable) {
        return arrange(Arrangement::ValuesBelow, std::min(below, largest), names);
    }
    const double significands = room / (bandUnits(1, true) + 0.2);
    return arrange(Arrangement::TwoBands,
                   std::clamp(significands, kSmallestCellLines * line, largest), names);
}

double FpAddRegisterView::rowTop(const Geometry& shape, int band, int rowIndex) const {
    const bool isResult = rowIndex >= 2;
    return band * (shape.bandHeight + shape.bandGap) + shape.headerHeight +
           rowIndex * shape.rowPitch + (isResult ? shape.ruleGap : 0.0);
}

QRectF FpAddRegisterView::cellRect(const Geometry& shape, int rowIndex, int column) const {
    const bool twoBands = shape.arrangement == Arrangement::TwoBands;
    const auto offsets = columnOffsets(twoBands);
    if (column < 0 || column >= static_cast<int>(offsets.size())) return {};
    const double left = shape.namesWidth + offsets[static_cast<std::size_t>(column)] * shape.cell;
    return {left, rowTop(shape, bandOf(column, twoBands), rowIndex), shape.cell, shape.cell};
}

QRectF FpAddRegisterView::cellRect(int rowIndex, int column) const {
    return cellRect(geometry(width()), rowIndex, column);
}

int FpAddRegisterView::heightForWidth(int width) const {
    return static_cast<int>(std::ceil(geometry(width).height)) + 2;
}

QSize FpAddRegisterView::sizeHint() const {
    const double line = QFontMetricsF(font()).height();
    const double width = namesWidth() + bandUnits(0, false) * kLargestCellLines * line + line +
                         notationWidth(notationFont());
    const int preferred = static_cast<int>(std::ceil(width));
    return {preferred, heightForWidth(preferred)};
}

QSize FpAddRegisterView::minimumSizeHint() const {
    // Any width: the cells shrink and the row is cut rather than widening the lesson.
    return {1, heightForWidth(width() > 0 ? width() : sizeHint().width())};
}

void FpAddRegisterView::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) updateGeometry();
}

void FpAddRegisterView::paintEvent(QPaintEvent*) {
    if (rows_.rows.empty()) return;
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const Geometry shape = geometry(width());
    paintHeader(painter, shape);
    for (int index = 0; index < static_cast<int>(rows_.rows.size()); ++index) {
        paintRow(painter, shape, index);
        paintNotation(painter, shape, index);
    }
    if (rows_.rows.size() <= 2) return;
    // The rule of a written sum, under the operands and over the result, in every band.
    const bool twoBands = shape.arrangement == Arrangement::TwoBands;
    const int lastColumn = rows_.columns.count() - 1;
    std::vector<std::pair<int, int>> bands = {{0, lastColumn}};
    if (twoBands)
        bands = {{0, rows_.columns.carryColumn() - 1}, {rows_.columns.carryColumn(), lastColumn}};
    painter.setPen(QPen(palette().color(QPalette::WindowText), std::max(1.5, shape.cell / 14)));
    for (const auto& [first, last] : bands) {
        const QRectF firstCell = cellRect(shape, 2, first);
        const QRectF lastCell = cellRect(shape, 2, last);
        const double y = firstCell.top() - shape.ruleGap / 2 - shape.cell * kRowGapCells / 2;
        painter.drawLine(QPointF(0, y), QPointF(lastCell.right(), y));
    }
}

void FpAddRegisterView::paintHeader(QPainter& painter, const Geometry& shape) const {
    const RegisterColumns& columns = rows_.columns;
    const bool twoBands = shape.arrangement == Arrangement::TwoBands;
    painter.setFont(headerFont());
    painter.setPen(palette().color(QPalette::WindowText));
    const auto label = [&](int firstColumn, int lastColumn, const QString& text) {
        const QRectF first = cellRect(shape, 0, firstColumn);
        const QRectF last = cellRect(shape, 0, lastColumn);
        const double middle = (first.left() + last.right()) / 2;
        const double textWidth = QFontMetricsF(painter.font()).horizontalAdvance(text);
        const double top = first.top() - shape.headerHeight;
        const QRectF box(middle - textWidth / 2 - 2, top, textWidth + 4, shape.headerHeight);
        painter.drawText(box, Qt::AlignHCenter | Qt::AlignVCenter, text);
    };
    label(columns.signColumn(), columns.signColumn(), tr("sign"));
    label(columns.firstExponentColumn(), columns.carryColumn() - 1, tr("exponent"));
    // Over the hidden bit and the mantissa: the carry column is empty above the sum.
    label(twoBands ? columns.carryColumn() : columns.hiddenColumn(), columns.guardColumn() - 1,
          tr("significand"));
    label(columns.guardColumn(), columns.guardColumn(), tr("G"));
    label(columns.guardColumn() + 1, columns.guardColumn() + 1, tr("R"));
    label(columns.guardColumn() + 2, columns.guardColumn() + 2, tr("S"));
}

void FpAddRegisterView::paintRow(QPainter& painter, const Geometry& shape, int rowIndex) const {
    const RegisterRow& row = rows_.rows[static_cast<std::size_t>(rowIndex)];
    const QPalette& colors = palette();
    const double cell = shape.cell;
    const bool twoBands = shape.arrangement == Arrangement::TwoBands;

    // The name on the left, in every band; the operation on the significands in the second
    // operand's empty carry column, just before its significand, as a written sum has it: the
    // signs are the sign cells' business.
    painter.setFont(nameFont());
    painter.setPen(colors.color(QPalette::WindowText));
    for (int band = 0; band < (twoBands ? 2 : 1); ++band) {
        const double top = rowTop(shape, band, rowIndex);
        painter.drawText(QRectF(0, top, shape.namesWidth, cell), Qt::AlignLeft | Qt::AlignVCenter,
                         row.name);
    }
    if (!row.operatorSign.isEmpty() && !row.showCarry) {
        QFont operatorFont = nameFont();
        operatorFont.setPixelSize(std::max(8, static_cast<int>(std::lround(cell * 0.8))));
        painter.setFont(operatorFont);
        painter.drawText(cellRect(shape, rowIndex, rows_.columns.carryColumn()), Qt::AlignCenter,
                         row.operatorSign);
    }

    const double inset = std::max(1.0, cell * 0.06);
    const double radius = cell * 0.14;
    QRectF groupBounds[3];
    painter.setFont(digitFont(cell));
    for (const RegisterCell& registerCell : registerCells(rows_.columns, layout_, row)) {
        const QRectF box =
            cellRect(shape, rowIndex, registerCell.column).adjusted(inset, inset, -inset, -inset);
        const QColor strong = cellColor(registerCell.field, colors);
        const QColor base = colors.color(QPalette::Base);
        QPen border(strong, std::max(1.0, cell / 22));
        if (onlyInDatapath(registerCell.field)) border.setStyle(Qt::DashLine);
        painter.setPen(border);
        painter.setBrush(registerCell.bit ? strong : mixedColor(base, strong, kClearBitTint));
        painter.drawRoundedRect(box, radius, radius);
        painter.setPen(registerCell.bit ? base : strong);
        painter.drawText(box, Qt::AlignCenter,
                         registerCell.bit ? QStringLiteral("1") : QStringLiteral("0"));
        QRectF& bounds = groupBounds[groupOf(registerCell.field)];
        bounds = bounds.isNull() ? box : bounds.united(box);
    }

    // The binary point, between the hidden bit and the mantissa, in every row.
    const QRectF hidden = cellRect(shape, rowIndex, rows_.columns.hiddenColumn());
    const double dot = std::max(3.0, cell * 0.14);
    painter.setPen(Qt::NoPen);
    painter.setBrush(colors.color(QPalette::WindowText));
    painter.drawEllipse(QPointF(hidden.right() + kPointGap * cell / 2, hidden.bottom() - dot * 1.2),
                        dot / 2 + 0.5, dot / 2 + 0.5);

    // What this step changed.
    const bool changed[3] = {row.signChanged, row.exponentChanged, row.significandChanged};
    painter.setPen(QPen(wireColor(WireState::Changed, colors), std::max(2.5, cell / 9)));
    painter.setBrush(Qt::NoBrush);
    const double outset = shape.margin * 0.6;
    for (int group = 0; group < 3; ++group) {
        if (!changed[group] || groupBounds[group].isNull()) continue;
        painter.drawRoundedRect(groupBounds[group].adjusted(-outset, -outset, outset, outset),
                                radius * 2, radius * 2);
    }
}

void FpAddRegisterView::paintNotation(QPainter& painter, const Geometry& shape,
                                      int rowIndex) const {
    const RegisterRow& row = rows_.rows[static_cast<std::size_t>(rowIndex)];
    const double cell = shape.cell;
    const double line = QFontMetricsF(font()).height();
    QFont notation = notationFont();
    painter.setPen(palette().color(QPalette::WindowText));
    switch (shape.arrangement) {
        case Arrangement::ValuesBelow: {
            const QRectF firstCell = cellRect(shape, rowIndex, 0);
            const double top = firstCell.bottom() + cell * kRowGapCells * 0.3;
            painter.setFont(notation);
            painter.drawText(QRectF(firstCell.left(), top, width() - firstCell.left(),
                                    QFontMetricsF(notation).height()),
                             Qt::AlignLeft | Qt::AlignTop, row.notation);
            return;
        }
        case Arrangement::ValuesBeside:
        case Arrangement::TwoBands: {
            // Beside the last cell of the row, or of its exponent in two bands; a long value
            // shrinks a little to fit.
            const int lastColumn = shape.arrangement == Arrangement::TwoBands
                                       ? rows_.columns.carryColumn() - 1
                                       : rows_.columns.count() - 1;
            const QRectF lastCell = cellRect(shape, rowIndex, lastColumn);
            const double left = lastCell.right() + line;
            const double room = std::max(1.0, width() - left);
            const double needed = notationWidth(notation);
            if (needed > room) {
                notation = scaledFont(notation, std::max(kSmallestNotationShrink, room / needed));
            }
            painter.setFont(notation);
            painter.drawText(QRectF(left, lastCell.top(), room, cell),
                             Qt::AlignLeft | Qt::AlignVCenter, row.notation);
            return;
        }
    }
}

}  // namespace mlsyslab::widgets
