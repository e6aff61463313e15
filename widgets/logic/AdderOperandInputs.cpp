#include "logic/AdderOperandInputs.h"

#include <QEvent>
#include <QFontDatabase>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QVBoxLayout>
#include <algorithm>
#include <array>
#include <vector>

#include "common/DisplayStyle.h"
#include "logic/lesson/AdderKind.h"
#include "numeric/BitButton.h"
#include "numeric/BitPattern.h"

namespace mlsyslab::widgets {

namespace {

using numeric::BitPattern;

constexpr int kBitsPerNibble = 4;
// Above 16 bits an operand wraps into rows of 16, so that each bit stays a large target.
constexpr int kBitsPerRow = 16;
// Sizes relative to the widget's font, so that presentation mode scales the inputs.
// A byte's bits get larger digits than a row of 16, which must leave room for the field.
constexpr int kFewBits = 8;
constexpr double kDigitScaleFewBits = 1.6;
constexpr double kDigitScaleManyBits = 1.15;
constexpr double kNameScale = 1.8;
constexpr double kFieldScale = 1.3;
constexpr double kCaptionScale = 0.9;
// The longest decimal text of 32 bits, "-2147483648", and a little air.
constexpr int kFieldCharacters = 13;

const QChar kMinusSign(0x2212);

// "-128" -> "−128" with the real minus sign, but not the hyphen of "0-9".
QString withMinusSign(QString text) {
    static const QRegularExpression kNegativeNumber(QStringLiteral("(^|[\\s(])-(?=\\d)"));
    return text.replace(kNegativeNumber, QStringLiteral("\\1") + kMinusSign);
}

}  // namespace

struct AdderOperandInputs::Parts {
    struct Row {
        QString prefix;  // "a" or "b"
        QLabel* name = nullptr;
        QLineEdit* field = nullptr;
        QLabel* readings = nullptr;
        QLabel* error = nullptr;
        std::vector<BitButton*> bits;  // index = bit number
        std::uint64_t value = 0;
    };
    int width = 8;
    std::array<Row, 2> rows;
    std::vector<QLabel*> captions;  // bit numbers above A's bits; rebuilt with the rows
};

AdderOperandInputs::AdderOperandInputs(QWidget* parent)
    : QWidget(parent), parts_(std::make_unique<Parts>()) {
    for (int operand : {A, B}) {
        Parts::Row& row = parts_->rows[operand];
        row.prefix = operand == A ? QStringLiteral("a") : QStringLiteral("b");
        row.name = new QLabel(operand == A ? tr("A") : tr("B"), this);
        row.field = new QLineEdit(this);
        row.field->setObjectName(row.prefix + QStringLiteral("Field"));
        row.field->setToolTip(
            tr("Type a whole number (negative ones are stored in two's complement), "
               "or hex like 0x2A, or binary like 0b101010. Return applies it."));
        row.name->setBuddy(row.field);
        row.readings = new QLabel(this);
        row.readings->setObjectName(row.prefix + QStringLiteral("Readings"));
        row.error = new QLabel(this);
        row.error->setObjectName(row.prefix + QStringLiteral("Error"));
        row.error->setWordWrap(true);
        row.error->hide();
        // Return gives returnPressed; leaving the field gives editingFinished. Applying the
        // same text twice is harmless: the second time the operand is already equal.
        connect(row.field, &QLineEdit::returnPressed, this,
                [this, operand] { applyEdit(operand); });
        connect(row.field, &QLineEdit::editingFinished, this,
                [this, operand] { applyEdit(operand); });
    }
    rebuildBitRows();
    applyFonts();
    applyColors();
    refresh();
}

AdderOperandInputs::~AdderOperandInputs() {
    // QWidget deletes the children after this body, when parts_ is gone; a field that has the
    // focus then emits editingFinished. Stop listening before that happens.
    for (const Parts::Row& row : parts_->rows) row.field->disconnect(this);
}

void AdderOperandInputs::setOperands(int width, std::uint64_t a, std::uint64_t b) {
    const bool widthChanged = width != parts_->width;
    parts_->width = width;
    parts_->rows[A].value = a & BitPattern::mask(width);
    parts_->rows[B].value = b & BitPattern::mask(width);
    if (widthChanged) {
        rebuildBitRows();
        applyFonts();
    }
    refresh();
}

void AdderOperandInputs::applyEdit(int operand) {
    Parts::Row& row = parts_->rows[operand];
    // The readings show a real minus sign; a typed hyphen is the same thing.
    QString text = row.field->text();
    text.replace(kMinusSign, QLatin1Char('-'));
    const auto parsed = lesson::kinds::parseAdderOperand(text.toStdString(), parts_->width);
    if (!parsed) {
        // Keep what was typed, so the student can see and fix it; nothing else changes.
        row.error->setText(tr("%1: %2").arg(row.name->text(),
                                            withMinusSign(QString::fromStdString(parsed.error()))));
        row.error->show();
        return;
    }
    row.error->hide();
    if (*parsed == row.value) return;
    row.value = *parsed;
    refresh();
    emit operandEdited(operand, row.value);
}

void AdderOperandInputs::rebuildBitRows() {
    Parts& parts = *parts_;
    for (Parts::Row& row : parts.rows) {
        for (BitButton* bit : row.bits) delete bit;
        row.bits.assign(parts.width, nullptr);
    }
    for (QLabel* caption : parts.captions) delete caption;
    parts.captions.clear();
    delete layout();  // the widgets it placed stay; a new grid places them again

    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setHorizontalSpacing(6);
    grid->setVerticalSpacing(4);
    const int width = parts.width;
    const int bitsPerRow = std::min(width, kBitsPerRow);
    const int bitRows = (width + kBitsPerRow - 1) / kBitsPerRow;
    const int bitColumns = bitsPerRow + (bitsPerRow - 1) / kBitsPerNibble;
    const int fieldColumn = 1 + bitColumns + 1;
    // A's rows: bit numbers above each row of bits; B's rows line up under them.
    int gridRow = 0;
    for (int operand : {A, B}) {
        Parts::Row& row = parts.rows[operand];
        const int firstGridRow = gridRow;
        for (int bitRow = 0; bitRow < bitRows; ++bitRow) {
            const int buttonRow = operand == A ? gridRow + 1 : gridRow;
            for (int position = 0; position < bitsPerRow; ++position) {
                const int index = width - 1 - (bitRow * bitsPerRow + position);
                if (index < 0) break;
                const int column = 1 + position + position / kBitsPerNibble;
                if (operand == A) {
                    auto* caption = new QLabel(QString::number(index), this);
                    caption->setAlignment(Qt::AlignHCenter | Qt::AlignBottom);
                    grid->addWidget(caption, gridRow, column, Qt::AlignHCenter | Qt::AlignBottom);
                    parts.captions.push_back(caption);
                }
                auto* button = new BitButton(this);
                button->setObjectName(row.prefix + QStringLiteral("Bit%1").arg(index));
                button->setAccessibleName(tr("%1 bit %2").arg(row.name->text()).arg(index));
                button->setToolTip(
                    tr("%1 bit %2 (%1%2). Click to flip it.").arg(row.name->text()).arg(index));
                grid->addWidget(button, buttonRow, column, Qt::AlignHCenter);
                row.bits[index] = button;
                connect(button, &BitButton::clicked, this, [this, operand, index] {
                    Parts::Row& clicked = parts_->rows[operand];
                    clicked.value ^= std::uint64_t{1} << index;
                    clicked.error->hide();
                    refresh();
                    emit operandEdited(operand, clicked.value);
                });
            }
            gridRow = buttonRow + 1;
        }
        grid->addWidget(row.name, operand == A ? firstGridRow + 1 : firstGridRow, 0,
                        Qt::AlignRight | Qt::AlignVCenter);
        auto* fieldColumnLayout = new QVBoxLayout;
        fieldColumnLayout->setSpacing(2);
        fieldColumnLayout->addWidget(row.field);
        fieldColumnLayout->addWidget(row.readings);
        fieldColumnLayout->addWidget(row.error);
        fieldColumnLayout->addStretch();
        const int fieldRow = operand == A ? firstGridRow + 1 : firstGridRow;
        grid->addLayout(fieldColumnLayout, fieldRow, fieldColumn, gridRow - fieldRow, 1,
                        Qt::AlignTop);
        // Up to 16 bits the readings keep their lines; 32 bits leave them a narrow column.
        row.readings->setWordWrap(width > kBitsPerRow);
        // A little air between A and B.
        if (operand == A) grid->setRowMinimumHeight(gridRow++, fontMetrics().height() / 2);
    }
    const int nibbleGap = fontMetrics().height() / 2;
    for (int gap = 1 + kBitsPerNibble; gap < 1 + bitColumns; gap += kBitsPerNibble + 1) {
        grid->setColumnMinimumWidth(gap, nibbleGap);
    }
    grid->setColumnMinimumWidth(fieldColumn - 1, fontMetrics().height());
    grid->setColumnStretch(fieldColumn, 1);
}

void AdderOperandInputs::applyFonts() {
    Parts& parts = *parts_;
    const QFont base = font();
    QFont digits =
        scaledFont(base, parts.width <= kFewBits ? kDigitScaleFewBits : kDigitScaleManyBits);
    digits.setBold(true);
    QFont nameFont = scaledFont(base, kNameScale);
    nameFont.setBold(true);
    QFont fieldFont = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    fieldFont.setPointSizeF(base.pointSizeF() > 0 ? base.pointSizeF() : 10.0);
    fieldFont = scaledFont(fieldFont, kFieldScale);
    for (Parts::Row& row : parts.rows) {
        for (BitButton* bit : row.bits) bit->setFont(digits);
        row.name->setFont(nameFont);
        row.field->setFont(fieldFont);
        row.field->setFixedWidth(
            QFontMetrics(fieldFont).horizontalAdvance(QString(kFieldCharacters, QLatin1Char('8'))));
    }
    for (QLabel* caption : parts.captions) caption->setFont(scaledFont(base, kCaptionScale));
}

void AdderOperandInputs::applyColors() {
    for (const Parts::Row& row : parts_->rows) {
        QPalette colors = row.error->palette();
        colors.setColor(QPalette::WindowText, errorColor(palette()));
        row.error->setPalette(colors);
    }
}

void AdderOperandInputs::refresh() {
    Parts& parts = *parts_;
    for (Parts::Row& row : parts.rows) {
        const BitPattern pattern(parts.width, row.value);
        for (int index = 0; index < parts.width; ++index) {
            row.bits[index]->setChecked(pattern.bit(index));
        }
        QString typed = row.field->text();
        typed.replace(kMinusSign, QLatin1Char('-'));
        const auto meant = lesson::kinds::parseAdderOperand(typed.toStdString(), parts.width);
        if (!meant || *meant != row.value || row.field->text().isEmpty()) {
            row.field->setText(QString::number(pattern.unsignedValue()));
        }
        row.readings->setText(tr("unsigned %1 · %2\nsigned %3")
                                  .arg(pattern.unsignedValue())
                                  .arg(QString::fromStdString(pattern.hex()))
                                  .arg(withMinusSign(QString::number(pattern.signedValue()))));
    }
}

void AdderOperandInputs::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) applyFonts();
    if (event->type() == QEvent::PaletteChange) applyColors();
}

}  // namespace mlsyslab::widgets
