#include "numeric/BitsWidget.h"

#include <QComboBox>
#include <QEvent>
#include <QFontDatabase>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QPixmap>
#include <QToolButton>
#include <QSignalBlocker>
#include <QVBoxLayout>
#include <algorithm>
#include <array>
#include <functional>
#include <vector>

#include "common/SimWidgetRegistry.h"
#include "common/DisplayStyle.h"
#include "numeric/lesson/BitsKind.h"
#include "numeric/BitButton.h"
#include "numeric/BitPatternText.h"
#include "numeric/ByteViews.h"

namespace mlsyslab::widgets {

namespace {

using numeric::BitPattern;

constexpr int kBitsPerNibble = 4;
// 32 bits wrap into two rows of 16, so each bit stays a large target at about 1000 px.
constexpr int kBitsPerRow = 16;
// Grid rows per row of bits: place value, button, bit index, then the sign note or a gap.
constexpr int kGridRowsPerBitRow = 4;

// Sizes relative to the widget's font, so that presentation mode (a larger app font) scales
// the whole simulator and the desk size stays compact.
// A byte's 8 bits get larger digits than a row of 16, which must fit about 1000 px.
constexpr double kDigitScaleFewBits = 3.0;
constexpr double kDigitScaleManyBits = 2.0;
constexpr int kFewBits = 8;
constexpr double kFieldScale = 1.35;
constexpr double kNameScale = 1.15;
constexpr double kCaptionScale = 1.0;
constexpr double kDescriptionScale = 1.1;

// "31" -> "³¹". Unicode superscripts, not rich text: a <sup> label is clipped at its top.
QString superscript(int number) {
    static const QString kDigits = QStringLiteral("⁰¹²³⁴⁵⁶⁷⁸⁹");
    QString text;
    for (const QChar digit : QString::number(number)) text += kDigits[digit.digitValue()];
    return text;
}

// "128", or "2³¹" where the decimal number would not fit above a bit.
QString placeValueText(int index, int width) {
    if (width <= kBitsPerRow) return QString::number(std::uint64_t{1} << index);
    return QStringLiteral("2") + superscript(index);
}

QString binaryInNibbles(const BitPattern& pattern) {
    const QString digits = QString::fromStdString(pattern.binary());
    QString grouped;
    for (int position = 0; position < digits.size(); ++position) {
        if (position > 0 && (digits.size() - position) % kBitsPerNibble == 0) grouped += ' ';
        grouped += digits[position];
    }
    return grouped;
}

// A reading the student can type into: how to read and write it, its field and error line.
struct ReadingSpec {
    const char* objectName;  // "unsigned" gives unsignedField and unsignedError
    std::function<Result<BitPattern>(std::string_view text, int width)> parse;
    std::function<QString(const BitPattern&)> format;
};
struct EditableReading {
    ReadingSpec spec;
    QLineEdit* field = nullptr;
    QLabel* error = nullptr;
};

enum ReadingIndex { Unsigned, Signed, Hex, Binary, Ascii, ReadingCount };

}  // namespace

struct BitsWidget::Parts {
    BitPattern pattern;
    QComboBox* widthSelector = nullptr;
    QVBoxLayout* bitGridHolder = nullptr;
    QWidget* bitGrid = nullptr;  // rebuilt when the width changes
    std::vector<QToolButton*> bitButtons;
    std::vector<QLabel*> bitCaptions;  // place values, bit indices and the sign note
    std::array<EditableReading, ReadingCount> readings;
    std::vector<QLabel*> rowNames;
    QLabel* asciiDescription = nullptr;
    QLabel* colorSwatch = nullptr;
    QLabel* colorDescription = nullptr;
    QBoxLayout* readingColumns = nullptr;  // numbers | other meanings
    QBoxLayout* meaningRows = nullptr;     // ASCII, colour

    explicit Parts(BitPattern initial) : pattern(initial) {}
};

BitsWidget::BitsWidget(BitPattern initial, QWidget* parent)
    : QWidget(parent), parts_(std::make_unique<Parts>(initial)) {
    Parts& parts = *parts_;
    auto* outer = new QVBoxLayout(this);

    auto* widthRow = new QHBoxLayout;
    auto* widthName = new QLabel(tr("Width:"), this);
    parts.rowNames.push_back(widthName);
    parts.widthSelector = new QComboBox(this);
    parts.widthSelector->setObjectName(QStringLiteral("widthSelector"));
    for (const int width : lesson::kinds::kBitsWidths) {
        parts.widthSelector->addItem(tr("%n bits", nullptr, width), width);
    }
    widthName->setBuddy(parts.widthSelector);
    widthRow->addWidget(widthName);
    widthRow->addWidget(parts.widthSelector);
    widthRow->addStretch();
    outer->addLayout(widthRow);
    connect(parts.widthSelector, &QComboBox::currentIndexChanged, this, [this](int index) {
        const int width = parts_->widthSelector->itemData(index).toInt();
        setPattern(parts_->pattern.resized(width));
    });

    parts.bitGridHolder = new QVBoxLayout;
    outer->addLayout(parts.bitGridHolder);

    const std::array<ReadingSpec, ReadingCount> specs = {{
        {"unsigned", numeric::parseUnsignedText,
         [](const BitPattern& p) { return QString::number(p.unsignedValue()); }},
        {"signed", numeric::parseSignedText,
         [](const BitPattern& p) { return QString::number(p.signedValue()); }},
        {"hex", numeric::parseHexText,
         [](const BitPattern& p) { return QString::fromStdString(p.hex()); }},
        {"binary", numeric::parseBinaryText, binaryInNibbles},
        {"ascii", numeric::parseAsciiText,
         [](const BitPattern& p) { return QString::fromStdString(numeric::asciiText(p)); }},
    }};
    for (int index = 0; index < ReadingCount; ++index) {
        const QString name = QLatin1String(specs[index].objectName);
        EditableReading& reading = parts.readings[index];
        reading.spec = specs[index];
        reading.field = new QLineEdit(this);
        reading.field->setObjectName(name + QStringLiteral("Field"));
        reading.error = new QLabel(this);
        reading.error->setObjectName(name + QStringLiteral("Error"));
        reading.error->setWordWrap(true);
        reading.error->hide();
        // Return gives returnPressed; leaving the field gives editingFinished. Applying the
        // same text twice is harmless: the second time the bits are already equal.
        connect(reading.field, &QLineEdit::returnPressed, this,
                [this, index] { applyEdit(index); });
        connect(reading.field, &QLineEdit::editingFinished, this,
                [this, index] { applyEdit(index); });
    }
    parts.readings[Ascii].field->setToolTip(
        tr("One character per byte, with · between bytes. \\xHH is a byte that has no "
           "printable character, \\\\ a backslash. The dots are optional when typing."));
    parts.asciiDescription = new QLabel(this);
    parts.asciiDescription->setObjectName(QStringLiteral("asciiDescription"));
    parts.asciiDescription->setWordWrap(true);
    parts.colorSwatch = new QLabel(this);
    parts.colorSwatch->setObjectName(QStringLiteral("colorSwatch"));
    parts.colorDescription = new QLabel(this);
    parts.colorDescription->setObjectName(QStringLiteral("colorDescription"));
    parts.colorDescription->setWordWrap(true);

    // Two columns of readings: the numbers on the left, the other meanings on the right (one
    // above the other for 32 bits, whose binary field alone takes a column's width).
    auto* forms = new QBoxLayout(QBoxLayout::LeftToRight);
    parts.readingColumns = forms;
    auto* numbers = new QFormLayout;
    auto* asciiForm = new QFormLayout;
    auto* colorForm = new QFormLayout;
    auto* meanings = new QBoxLayout(QBoxLayout::TopToBottom);
    meanings->addLayout(asciiForm, 1);
    meanings->addLayout(colorForm, 1);
    parts.meaningRows = meanings;
    const auto addRow = [&](QFormLayout* form, const QString& name, QLayout* content) {
        auto* label = new QLabel(name, this);
        parts.rowNames.push_back(label);
        form->addRow(label, content);
    };
    const auto fieldWithError = [&](int index, QWidget* extra = nullptr) {
        auto* column = new QVBoxLayout;
        column->setSpacing(2);
        column->addWidget(parts.readings[index].field);
        if (extra != nullptr) column->addWidget(extra);
        column->addWidget(parts.readings[index].error);
        return column;
    };
    addRow(numbers, tr("Unsigned"), fieldWithError(Unsigned));
    addRow(numbers, tr("Signed\n(two's complement)"), fieldWithError(Signed));
    addRow(numbers, tr("Hex"), fieldWithError(Hex));
    addRow(numbers, tr("Binary"), fieldWithError(Binary));
    addRow(asciiForm, tr("ASCII"), fieldWithError(Ascii, parts.asciiDescription));
    auto* colorColumn = new QVBoxLayout;
    colorColumn->setSpacing(2);
    colorColumn->addWidget(parts.colorSwatch);
    colorColumn->addWidget(parts.colorDescription);
    addRow(colorForm, tr("Colour"), colorColumn);
    forms->addLayout(numbers, 1);
    forms->addSpacing(24);
    forms->addLayout(meanings, 1);
    outer->addLayout(forms);
    outer->addStretch();

    rebuildBitGrid();
    applyFonts();
    refresh();
}

BitsWidget::~BitsWidget() {
    // QWidget deletes the children after this body, when parts_ is gone; a field that has the
    // focus then emits editingFinished. Stop listening before that happens.
    for (const EditableReading& reading : parts_->readings) reading.field->disconnect(this);
}

BitPattern BitsWidget::pattern() const { return parts_->pattern; }

void BitsWidget::setPattern(const BitPattern& pattern) {
    const bool changed = pattern != parts_->pattern;
    const bool widthChanged = pattern.width() != parts_->pattern.width();
    parts_->pattern = pattern;
    if (widthChanged) {
        rebuildBitGrid();
        applyFonts();
    }
    refresh();
    if (changed) emit patternChanged(pattern);
}

void BitsWidget::applyEdit(int readingIndex) {
    const EditableReading& reading = parts_->readings[readingIndex];
    const auto parsed =
        reading.spec.parse(reading.field->text().toStdString(), parts_->pattern.width());
    if (!parsed) {
        // Keep what was typed, so the student can see and fix it; the bits stay as they were.
        reading.error->setText(QString::fromStdString(parsed.error()));
        reading.error->show();
        return;
    }
    setPattern(*parsed);
}

void BitsWidget::rebuildBitGrid() {
    // Whichever way the two columns go, ASCII and colour go the other way: side by side
    // under the numbers, or one above the other beside them.
    const bool stacked = parts_->pattern.width() > kBitsPerRow;
    parts_->readingColumns->setDirection(stacked ? QBoxLayout::TopToBottom : QBoxLayout::LeftToRight);
    parts_->meaningRows->setDirection(stacked ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom);
    Parts& parts = *parts_;
    const int width = parts.pattern.width();
    delete parts.bitGrid;  // with its buttons and captions
    parts.bitButtons.assign(width, nullptr);
    parts.bitCaptions.clear();
    parts.bitGrid = new QWidget(this);
    auto* grid = new QGridLayout(parts.bitGrid);
    grid->setHorizontalSpacing(6);
    grid->setVerticalSpacing(2);
    grid->setContentsMargins(0, 0, 0, 0);
    const int bitsPerRow = std::min(width, kBitsPerRow);
    const auto addCaption = [&](const QString& text, int row, int column, int columnSpan = 1,
                                Qt::Alignment alignment = Qt::AlignHCenter | Qt::AlignBottom) {
        auto* caption = new QLabel(text, parts.bitGrid);
        caption->setAlignment(alignment);
        grid->addWidget(caption, row, column, 1, columnSpan, alignment);
        parts.bitCaptions.push_back(caption);
        return caption;
    };
    for (int index = width - 1; index >= 0; --index) {
        const int fromLeft = width - 1 - index;
        const int position = fromLeft % bitsPerRow;
        const int row = (fromLeft / bitsPerRow) * kGridRowsPerBitRow;
        // A gap column every 4 bits groups them in nibbles, one hex digit each.
        const int column = position + position / kBitsPerNibble;
        addCaption(placeValueText(index, width), row, column);
        auto* button = new BitButton(parts.bitGrid);
        button->setObjectName(QStringLiteral("bit%1").arg(index));
        button->setAccessibleName(tr("bit %1").arg(index));
        button->setToolTip(
            tr("Bit %1, worth %2. Click to flip it.").arg(index).arg(placeValueText(index, width)));
        grid->addWidget(button, row + 1, column, Qt::AlignHCenter);
        addCaption(tr("bit %1").arg(index), row + 2, column, 1, Qt::AlignHCenter | Qt::AlignTop);
        parts.bitButtons[index] = button;
        connect(button, &QToolButton::clicked, this,
                [this, index] { setPattern(parts_->pattern.withBitFlipped(index)); });
    }
    // In the signed reading the top bit weighs minus its place value (U+2212 is the minus sign).
    const QString minus = QStringLiteral("\u2212");
    const QString signedWeight = width <= kBitsPerRow
                                     ? minus + QString::number(std::uint64_t{1} << (width - 1))
                                     : minus + QStringLiteral("2") + superscript(width - 1);
    const int signNoteRow = kGridRowsPerBitRow - 1;
    addCaption(tr("signed: %1").arg(signedWeight), signNoteRow, 0, 3, Qt::AlignLeft | Qt::AlignTop)
        ->setObjectName(QStringLiteral("signNote"));
    const int nibbleGap = fontMetrics().height();
    // Below the sign note, a little air before the second row of bits.
    if (width > bitsPerRow) grid->setRowMinimumHeight(signNoteRow, qRound(nibbleGap * 1.3));
    for (int gap = kBitsPerNibble; gap < bitsPerRow + bitsPerRow / kBitsPerNibble;
         gap += kBitsPerNibble + 1) {
        grid->setColumnMinimumWidth(gap, nibbleGap);
    }
    auto* centered = new QHBoxLayout;
    centered->addStretch();
    centered->addWidget(parts.bitGrid);
    centered->addStretch();
    while (QLayoutItem* old = parts.bitGridHolder->takeAt(0)) delete old;
    parts.bitGridHolder->addLayout(centered);
}

void BitsWidget::applyFonts() {
    Parts& parts = *parts_;
    const QFont base = font();
    const bool fewBits = parts.pattern.width() <= kFewBits;
    QFont digits = scaledFont(base, fewBits ? kDigitScaleFewBits : kDigitScaleManyBits);
    digits.setBold(true);
    for (QToolButton* button : parts.bitButtons) button->setFont(digits);
    for (QLabel* caption : parts.bitCaptions) caption->setFont(scaledFont(base, kCaptionScale));
    QFont fieldFont = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    fieldFont.setPointSizeF(base.pointSizeF() > 0 ? base.pointSizeF() : 10.0);
    fieldFont = scaledFont(fieldFont, kFieldScale);
    for (const EditableReading& reading : parts.readings) reading.field->setFont(fieldFont);
    for (QLabel* name : parts.rowNames) name->setFont(scaledFont(base, kNameScale));
    parts.widthSelector->setFont(scaledFont(base, kNameScale));
    // The binary field is as wide as its longest text, so no digit scrolls out of sight.
    QLineEdit* binaryField = parts.readings[Binary].field;
    const QString widestBinary = binaryInNibbles(BitPattern(parts.pattern.width(), 0));
    binaryField->setMinimumWidth(QFontMetrics(fieldFont).horizontalAdvance(widestBinary) +
                                 QFontMetrics(fieldFont).averageCharWidth() * 2);
    const QFont descriptionFont = scaledFont(base, kDescriptionScale);
    parts.asciiDescription->setFont(descriptionFont);
    parts.colorDescription->setFont(descriptionFont);
}

void BitsWidget::applyColors() {
    Parts& parts = *parts_;
    for (const EditableReading& reading : parts.readings) {
        QPalette colors = reading.error->palette();
        colors.setColor(QPalette::WindowText, errorColor(palette()));
        reading.error->setPalette(colors);
    }
    // The swatch: the colour with a border in the text colour, visible on any background.
    const auto reading = numeric::colorReading(parts.pattern);
    const QColor color(reading.color.red, reading.color.green, reading.color.blue);
    const int lineHeight = fontMetrics().height();
    QPixmap swatch(std::max(96, lineHeight * 6), std::max(48, lineHeight * 3));
    swatch.fill(color);
    QPainter painter(&swatch);
    painter.setPen(QPen(palette().color(QPalette::Text), 3));
    painter.drawRect(QRectF(swatch.rect()).adjusted(1.5, 1.5, -1.5, -1.5));
    painter.end();
    parts.colorSwatch->setPixmap(swatch);
}

void BitsWidget::refresh() {
    Parts& parts = *parts_;
    const BitPattern& pattern = parts.pattern;
    {
        const QSignalBlocker blocker(parts.widthSelector);
        parts.widthSelector->setCurrentIndex(parts.widthSelector->findData(pattern.width()));
    }
    for (int index = 0; index < pattern.width(); ++index) {
        parts.bitButtons[index]->setChecked(pattern.bit(index));
    }
    for (const EditableReading& reading : parts.readings) {
        reading.field->setText(reading.spec.format(pattern));
        reading.error->clear();
        reading.error->hide();
    }

    const bool wholeBytes = pattern.width() % 8 == 0;
    parts.readings[Ascii].field->setEnabled(wholeBytes);
    QStringList byteDescriptions;
    for (int byteIndex = pattern.width() / 8 - 1; byteIndex >= 0; --byteIndex) {
        const auto byte = static_cast<std::uint8_t>(pattern.bits() >> (8 * byteIndex));
        byteDescriptions << QString::fromStdString(numeric::describeAsciiByte(byte));
    }
    parts.asciiDescription->setText(
        wholeBytes ? byteDescriptions.join(QStringLiteral("\n"))
                   : tr("%n bits are not a whole number of bytes: no ASCII reading", nullptr,
                        pattern.width()));

    const auto color = numeric::colorReading(pattern);
    parts.colorDescription->setText(
        tr("%1 = RGB(%2, %3, %4) — %5")
            .arg(QString::fromStdString(numeric::htmlColor(color.color)))
            .arg(color.color.red)
            .arg(color.color.green)
            .arg(color.color.blue)
            .arg(QString::fromStdString(color.encoding)));
    applyColors();
}

void BitsWidget::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) applyFonts();
    if (event->type() == QEvent::PaletteChange) applyColors();
}

namespace {

QWidget* createBitsView(const lesson::kinds::BitsState& state, QWidget* parent) {
    return new BitsWidget(state.pattern, parent);
}

const SimView kView(lesson::kinds::bitsKind, createBitsView);

}  // namespace

}  // namespace mlsyslab::widgets
