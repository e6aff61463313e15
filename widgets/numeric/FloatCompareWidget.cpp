#include "numeric/FloatCompareWidget.h"

#include <QEvent>
#include <QFontDatabase>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "common/SimWidgetRegistry.h"
#include "common/DisplayStyle.h"
#include "numeric/FloatClassBadge.h"
#include "numeric/FloatColors.h"
#include "numeric/FloatDecode.h"
#include "numeric/FloatText.h"

namespace mlsyslab::widgets {

namespace {

using lesson::kinds::FloatCompareState;
using numeric::FloatFormat;

// Preferred sizes; the table shrinks uniformly to the lesson's width (about 120 characters),
// but not below kSmallestShrink of them.
constexpr double kBitsScale = 1.25;
constexpr double kCellScale = 1.2;
constexpr double kHeaderScale = 1.05;
constexpr double kSmallestShrink = 0.75;
constexpr double kFieldScale = 1.35;
constexpr int kValueFieldCharacters = 24;
// How strongly a highlighted row is tinted with the error colour: visible on a projector,
// faint enough that the row's text keeps its contrast.
constexpr int kHighlightAlpha = 40;

enum Column {
    NameColumn,
    BitsColumn,
    StoredColumn,
    AbsoluteColumn,
    RelativeColumn,
    ClassColumn,
    ColumnCount
};

QString formatNameText(const FloatFormat& format) {
    return QString::fromUtf8(format.name.data(), static_cast<qsizetype>(format.name.size()));
}

// The grid of rows, which paints a tinted band behind the rows it is told to highlight and a
// rule under the header. Painting behind a QGridLayout keeps the columns aligned across rows.
class RowTable : public QWidget {
public:
    explicit RowTable(QWidget* parent) : QWidget(parent), grid(new QGridLayout(this)) {
        grid->setContentsMargins(0, 0, 0, 0);
    }
    QGridLayout* grid;
    std::vector<int> highlightedRows;  // grid rows

protected:
    void paintEvent(QPaintEvent*) override {
        QPainter painter(this);
        painter.setRenderHint(QPainter::Antialiasing);
        // Bands reach halfway into the spacing around a row, so neighbouring bands just meet.
        const int padding = grid->horizontalSpacing() / 2;
        const int halfGap = grid->verticalSpacing() / 2;
        const auto rowBand = [&](int row) {
            return grid->cellRect(row, NameColumn)
                .united(grid->cellRect(row, ColumnCount - 1))
                .adjusted(-padding, -halfGap, padding, halfGap);
        };
        QColor band = errorColor(palette());
        band.setAlpha(kHighlightAlpha);
        painter.setPen(Qt::NoPen);
        painter.setBrush(band);
        for (const int row : highlightedRows) {
            painter.drawRoundedRect(QRectF(rowBand(row)).adjusted(0, 0.5, 0, -0.5), halfGap,
                                    halfGap);
        }
        const QRect header = rowBand(0);
        painter.setPen(QPen(palette().color(QPalette::WindowText), 1.5));
        painter.drawLine(header.bottomLeft(), header.bottomRight());
    }
};

struct Row {
    FloatFormat format;
    QLabel* name = nullptr;
    QLabel* bits = nullptr;
    QLabel* stored = nullptr;
    QLabel* absoluteError = nullptr;
    QLabel* relativeError = nullptr;
    FloatClassBadge* floatClass = nullptr;
    QLabel* note = nullptr;
    numeric::DecimalConversion conversion;
};

}  // namespace

struct FloatCompareWidget::Parts {
    FloatCompareState state;
    QLineEdit* valueField = nullptr;
    QLabel* valueName = nullptr;
    QLabel* valueError = nullptr;
    RowTable* table = nullptr;
    int availableWidth = 0;  // inside the margins; 0 until the first resize
    std::vector<QLabel*> headers;
    std::vector<Row> rows;

    explicit Parts(FloatCompareState initial) : state(std::move(initial)) {}
};

FloatCompareWidget::FloatCompareWidget(const FloatCompareState& initial, QWidget* parent)
    : QWidget(parent), parts_(std::make_unique<Parts>(initial)) {
    Parts& parts = *parts_;
    auto* outer = new QVBoxLayout(this);
    auto* valueLine = new QGridLayout;
    parts.valueName = new QLabel(tr("Value"), this);
    parts.valueField = new QLineEdit(this);
    parts.valueField->setObjectName(QStringLiteral("valueField"));
    parts.valueField->setPlaceholderText(tr("a decimal like 0.1, 100000 or 1e-8"));
    parts.valueName->setBuddy(parts.valueField);
    parts.valueError = new QLabel(this);
    parts.valueError->setObjectName(QStringLiteral("valueError"));
    parts.valueError->setWordWrap(true);
    parts.valueError->hide();
    valueLine->setVerticalSpacing(2);
    valueLine->addWidget(parts.valueName, 0, 0);
    valueLine->addWidget(parts.valueField, 0, 1);
    valueLine->addWidget(parts.valueError, 1, 1);
    valueLine->setColumnStretch(2, 1);
    outer->addLayout(valueLine);
    // Return gives returnPressed; leaving the field gives editingFinished.
    connect(parts.valueField, &QLineEdit::returnPressed, this, &FloatCompareWidget::applyValueEdit);
    connect(parts.valueField, &QLineEdit::editingFinished, this,
            &FloatCompareWidget::applyValueEdit);

    parts.table = new RowTable(this);
    // The table fits its type to the width it gets (resizeEvent), so it must not demand its
    // full size first: a layout never goes below a minimum.
    parts.table->setMinimumWidth(1);
    // No wider than its columns need either: spread over a wide frame, rows are hard to follow.
    parts.table->setSizePolicy(QSizePolicy::Maximum, QSizePolicy::Preferred);
    outer->addSpacing(fontMetrics().height() / 2);
    outer->addWidget(parts.table);
    outer->addStretch();
    buildRows();
    applyFonts();
    refresh();
}

FloatCompareWidget::~FloatCompareWidget() {
    // A focused field emits editingFinished while the children are deleted, after parts_.
    parts_->valueField->disconnect(this);
}

FloatCompareState FloatCompareWidget::state() const { return parts_->state; }

std::vector<numeric::DecimalConversion> FloatCompareWidget::conversions() const {
    std::vector<numeric::DecimalConversion> result;
    for (const Row& row : parts_->rows) result.push_back(row.conversion);
    return result;
}

QStringList FloatCompareWidget::highlightedFormats() const {
    QStringList names;
    for (const int gridRow : parts_->table->highlightedRows) {
        names << formatNameText(parts_->rows[static_cast<std::size_t>(gridRow - 1)].format);
    }
    return names;
}

void FloatCompareWidget::setValueText(const QString& text) {
    parts_->valueField->setText(text);
    applyValueEdit();
}

void FloatCompareWidget::applyValueEdit() {
    Parts& parts = *parts_;
    QString text = parts.valueField->text().trimmed();
    text.replace(QStringLiteral("\u2212"), QStringLiteral("-"));  // a pasted minus sign
    const std::string typed = text.toStdString();
    if (typed == parts.state.valueText) return;
    const auto decimal = numeric::parseDecimalNumber(typed);
    if (!decimal) {
        // Keep what was typed, so the student can see and fix it; the table stays.
        parts.valueError->setText(QString::fromStdString(decimal.error()));
        parts.valueError->show();
        return;
    }
    parts.state.valueText = typed;
    refresh();
    emit stateChanged();
}

void FloatCompareWidget::buildRows() {
    Parts& parts = *parts_;
    QGridLayout* grid = parts.table->grid;
    // Two-line headers: the numbers below them are narrower than the words.
    const QStringList headerTexts = {tr("Format"),          tr("Bits\nsign exponent mantissa"),
                                     tr("Stored\nvalue"),   tr("Absolute\nerror"),
                                     tr("Relative\nerror"), tr("Class")};
    for (int column = 0; column < ColumnCount; ++column) {
        auto* header = new QLabel(headerTexts[column], parts.table);
        const bool numbers = column >= StoredColumn && column <= RelativeColumn;
        const Qt::Alignment side = numbers ? Qt::AlignRight : Qt::AlignLeft;
        header->setAlignment(side | Qt::AlignBottom);
        grid->addWidget(header, 0, column, side | Qt::AlignBottom);
        parts.headers.push_back(header);
    }
    int gridRow = 1;
    for (const FloatFormat& format : parts.state.formats) {
        Row row;
        row.format = format;
        const QString prefix = formatNameText(format);
        const auto cell = [&](const char* suffix, int column, Qt::Alignment alignment) {
            auto* label = new QLabel(parts.table);
            label->setObjectName(prefix + QLatin1String(suffix));
            label->setTextInteractionFlags(Qt::TextSelectableByMouse);
            grid->addWidget(label, gridRow, column, alignment | Qt::AlignVCenter);
            return label;
        };
        row.name = cell("Name", NameColumn, Qt::AlignLeft);
        row.name->setText(prefix);
        row.bits = cell("Bits", BitsColumn, Qt::AlignLeft);
        row.bits->setTextFormat(Qt::RichText);
        row.stored = cell("Stored", StoredColumn, Qt::AlignRight);
        row.absoluteError = cell("AbsoluteError", AbsoluteColumn, Qt::AlignRight);
        row.relativeError = cell("RelativeError", RelativeColumn, Qt::AlignRight);
        row.floatClass = new FloatClassBadge(parts.table);
        row.floatClass->setObjectName(prefix + QStringLiteral("Class"));
        grid->addWidget(row.floatClass, gridRow, ClassColumn, Qt::AlignLeft | Qt::AlignVCenter);
        // Where a value overflowed or vanished, its errors say only "∞" or "100 %"; the note
        // takes their place and says why.
        row.note = new QLabel(parts.table);
        row.note->setObjectName(prefix + QStringLiteral("Note"));
        grid->addWidget(row.note, gridRow, AbsoluteColumn, 1, 2, Qt::AlignCenter);
        parts.rows.push_back(row);
        ++gridRow;
    }
}

void FloatCompareWidget::applyFonts() {
    Parts& parts = *parts_;
    double shrink = 1.0;
    applyScaledFonts(shrink);
    // Nearly proportional to the type size; a second pass absorbs what is not (spacing).
    for (int pass = 0; pass < 2 && parts.availableWidth > 0; ++pass) {
        parts.table->grid->invalidate();
        const int natural = parts.table->grid->sizeHint().width();
        if (natural <= parts.availableWidth || shrink <= kSmallestShrink) break;
        shrink = std::max(kSmallestShrink, shrink * parts.availableWidth / natural);
        applyScaledFonts(shrink);
    }
}

void FloatCompareWidget::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    const QMargins margins = layout()->contentsMargins();
    const int available = width() - margins.left() - margins.right();
    if (available == parts_->availableWidth) return;
    parts_->availableWidth = available;
    applyFonts();
}

void FloatCompareWidget::applyScaledFonts(double shrink) {
    Parts& parts = *parts_;
    const QFont base = font();
    QFont fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    fixed.setPointSizeF(base.pointSizeF() > 0 ? base.pointSizeF() : 10.0);
    const QFont cellFont = scaledFont(base, kCellScale * shrink);
    QFont nameFont = cellFont;
    nameFont.setBold(true);
    QFont headerFont = scaledFont(base, kHeaderScale * shrink);
    headerFont.setBold(true);
    for (QLabel* header : parts.headers) header->setFont(headerFont);
    parts.valueName->setFont(nameFont);
    const QFont fieldFont = scaledFont(fixed, kFieldScale);
    parts.valueField->setFont(fieldFont);
    parts.valueField->setMinimumWidth(QFontMetrics(fieldFont).averageCharWidth() *
                                      kValueFieldCharacters);
    parts.valueError->setFont(cellFont);
    for (const Row& row : parts.rows) {
        row.name->setFont(nameFont);
        row.bits->setFont(scaledFont(fixed, kBitsScale * shrink));
        for (QLabel* label : {row.stored, row.absoluteError, row.relativeError}) {
            label->setFont(cellFont);
        }
        row.note->setFont(nameFont);
        row.floatClass->setFont(cellFont);
    }
    const int columnGap = QFontMetrics(cellFont).height();
    parts.table->grid->setHorizontalSpacing(columnGap);
    parts.table->grid->setVerticalSpacing(columnGap / 2);
}

void FloatCompareWidget::applyColors() {
    Parts& parts = *parts_;
    const QPalette& colors = palette();
    const auto paint = [](QLabel* label, const QColor& color) {
        QPalette labelColors = label->palette();
        labelColors.setColor(QPalette::WindowText, color);
        label->setPalette(labelColors);
    };
    paint(parts.valueError, errorColor(colors));
    for (const Row& row : parts.rows) {
        // The bits as three coloured runs, the same colours as the float simulator's buttons.
        const QStringList fields =
            QString::fromStdString(numeric::floatFieldsText(row.format, row.conversion.bits))
                .split(QLatin1Char(' '));
        const FloatField kinds[] = {FloatField::Sign, FloatField::Exponent, FloatField::Mantissa};
        QStringList runs;
        for (int index = 0; index < fields.size() && index < 3; ++index) {
            runs << QStringLiteral("<span style=\"color:%1\">%2</span>")
                        .arg(floatFieldColor(kinds[index], colors).name(), fields[index]);
        }
        row.bits->setText(runs.join(QStringLiteral("&nbsp;")));
        paint(row.note, errorColor(colors));
    }
    parts.table->update();
}

void FloatCompareWidget::refresh() {
    Parts& parts = *parts_;
    parts.valueField->setText(QString::fromStdString(parts.state.valueText));
    parts.valueError->clear();
    parts.valueError->hide();
    parts.table->highlightedRows.clear();
    int gridRow = 1;
    for (Row& row : parts.rows) {
        const auto conversion = numeric::convertDecimal(row.format, parts.state.valueText);
        row.conversion = conversion ? *conversion : numeric::DecimalConversion{};
        const bool isNan = std::isnan(row.conversion.input);
        row.bits->setAccessibleName(
            QString::fromStdString(numeric::floatFieldsText(row.format, row.conversion.bits)));
        row.bits->setToolTip(
            QString::fromStdString(numeric::floatBitsText(row.format, row.conversion.bits)));
        row.stored->setText(valueText(row.format, row.conversion.stored));
        row.absoluteError->setText(isNan ? tr("—")
                                         : absoluteErrorText(row.conversion.absoluteError));
        row.relativeError->setText(isNan ? tr("—")
                                         : relativeErrorText(row.conversion.relativeError));
        row.floatClass->setFloatClass(
            numeric::decodeFloat(row.format, row.conversion.bits).floatClass);
        // A subnormal keeps its value, with fewer bits: its class badge says so, no alarm.
        const auto range = row.conversion.range;
        const bool lost =
            range == numeric::RangeEvent::Overflow || range == numeric::RangeEvent::UnderflowToZero;
        row.note->setText(lost ? rangeNoteText(row.format, row.conversion, {}, NoteDetail::Brief)
                               : QString());
        row.note->setVisible(lost);
        row.absoluteError->setVisible(!lost);
        row.relativeError->setVisible(!lost);
        if (lost) parts.table->highlightedRows.push_back(gridRow);
        ++gridRow;
    }
    applyColors();
}

void FloatCompareWidget::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) applyFonts();
    if (event->type() == QEvent::PaletteChange) applyColors();
}

namespace {
const SimView kView(lesson::kinds::floatCompareKind, createWidget<FloatCompareWidget>);
}  // namespace

}  // namespace mlsyslab::widgets
