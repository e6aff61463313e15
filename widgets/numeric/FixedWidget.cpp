#include "numeric/FixedWidget.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QEvent>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>
#include <vector>

#include "common/SimWidgetRegistry.h"
#include "common/DisplayStyle.h"
#include "numeric/FixedBitRow.h"
#include "numeric/FixedText.h"

namespace mlsyslab::widgets {

namespace {

using numeric::FixedFormat;
using numeric::OverflowMode;
using numeric::RoundingMode;
using numeric::Signedness;

// Sizes relative to the widget's font, so that presentation mode scales the whole simulator.
constexpr double kFormatNameScale = 1.6;
constexpr double kNameScale = 1.15;
constexpr double kReadoutScale = 1.35;
constexpr double kFieldScale = 1.35;
// Beyond 32 bits the exact values are too long for two columns of readouts.
constexpr int kWidestSideBySide = 32;

// A format the controls can reach that is a real one: at most 64 bits, at least 1.
FixedFormat validFormat(int integerBits, int fractionBits, bool isSigned) {
    const int signBits = isSigned ? 1 : 0;
    while (signBits + integerBits + fractionBits > FixedFormat::kMaxWidth) {
        (integerBits > 0 ? integerBits : fractionBits) -= 1;
    }
    if (signBits + integerBits + fractionBits == 0) fractionBits = 1;
    return {integerBits, fractionBits, isSigned ? Signedness::Signed : Signedness::Unsigned};
}

}  // namespace

struct FixedWidget::Parts {
    FixedFormat format;
    numeric::EncodeRules rules;
    QString valueText;  // what the encoding encoded: typed, or the stored value after a click
    numeric::FixedEncoding encoding;

    QLabel* formatName = nullptr;
    QSpinBox* integerBitsSpin = nullptr;
    QSpinBox* fractionBitsSpin = nullptr;
    QPushButton* signedButton = nullptr;
    QPushButton* unsignedButton = nullptr;
    FixedBitRow* bitRow = nullptr;
    QLineEdit* valueField = nullptr;
    QLabel* valueError = nullptr;
    QComboBox* roundingSelector = nullptr;
    QComboBox* overflowSelector = nullptr;
    QLabel* overflowNote = nullptr;
    QBoxLayout* readoutColumns = nullptr;  // side by side, or stacked for wide formats
    std::vector<QLabel*> readouts;         // stored, error, raw, resolution, range
    std::vector<QWidget*> namedControls;   // names and selectors: one font
};

FixedWidget::FixedWidget(const lesson::kinds::FixedState& initial, QWidget* parent)
    : QWidget(parent), parts_(std::make_unique<Parts>()) {
    Parts& parts = *parts_;
    parts.format = initial.format;
    parts.rules = initial.rules;
    auto* outer = new QVBoxLayout(this);

    const auto named = [&](const QString& text, QWidget* buddy) {
        auto* label = new QLabel(text, this);
        label->setBuddy(buddy);
        parts.namedControls.push_back(label);
        parts.namedControls.push_back(buddy);
        return label;
    };
    auto* formatRow = new QHBoxLayout;
    parts.formatName = new QLabel(this);
    parts.formatName->setObjectName(QStringLiteral("formatName"));
    parts.integerBitsSpin = new QSpinBox(this);
    parts.integerBitsSpin->setObjectName(QStringLiteral("integerBitsSpin"));
    parts.fractionBitsSpin = new QSpinBox(this);
    parts.fractionBitsSpin->setObjectName(QStringLiteral("fractionBitsSpin"));
    // Two exclusive buttons, as in the int simulator: both choices stay readable from afar.
    parts.signedButton = new QPushButton(tr("Signed Qm.n"), this);
    parts.signedButton->setObjectName(QStringLiteral("signedButton"));
    parts.signedButton->setToolTip(
        tr("Two's complement: a sign bit worth \u22122^m in front of the m integer bits."));
    parts.unsignedButton = new QPushButton(tr("Unsigned UQm.n"), this);
    parts.unsignedButton->setObjectName(QStringLiteral("unsignedButton"));
    parts.unsignedButton->setToolTip(
        tr("No sign bit: m integer bits and n fraction bits, 0 and up."));
    auto* signednessGroup = new QButtonGroup(this);
    for (QPushButton* button : {parts.signedButton, parts.unsignedButton}) {
        button->setCheckable(true);
        signednessGroup->addButton(button);
        parts.namedControls.push_back(button);
    }
    // The format's name gets a line of its own: beside the controls it was squeezed out of the
    // lesson column.
    outer->addWidget(parts.formatName);
    formatRow->addWidget(named(tr("Integer bits m:"), parts.integerBitsSpin));
    formatRow->addWidget(parts.integerBitsSpin);
    formatRow->addSpacing(12);
    formatRow->addWidget(named(tr("Fraction bits n:"), parts.fractionBitsSpin));
    formatRow->addWidget(parts.fractionBitsSpin);
    formatRow->addSpacing(12);
    formatRow->addWidget(parts.signedButton);
    formatRow->addWidget(parts.unsignedButton);
    formatRow->addStretch();
    outer->addLayout(formatRow);
    for (QSpinBox* spin : {parts.integerBitsSpin, parts.fractionBitsSpin}) {
        connect(spin, &QSpinBox::valueChanged, this, &FixedWidget::formatControlsChanged);
    }
    connect(signednessGroup, &QButtonGroup::buttonClicked, this,
            &FixedWidget::formatControlsChanged);

    parts.bitRow = new FixedBitRow(this);
    outer->addWidget(parts.bitRow);
    connect(parts.bitRow, &FixedBitRow::bitClicked, this, &FixedWidget::flipBit);

    auto* valueRow = new QHBoxLayout;
    parts.valueField = new QLineEdit(this);
    parts.valueField->setObjectName(QStringLiteral("valueField"));
    parts.valueField->setPlaceholderText(tr("a decimal, like 0.75 or -2.5625"));
    parts.roundingSelector = new QComboBox(this);
    parts.roundingSelector->setObjectName(QStringLiteral("roundingSelector"));
    parts.roundingSelector->addItem(tr("nearest (ties to even)"), int(RoundingMode::NearestEven));
    parts.roundingSelector->addItem(tr("toward zero (truncate)"), int(RoundingMode::TowardZero));
    parts.roundingSelector->addItem(tr("down (toward \u2212\u221E)"), int(RoundingMode::Down));
    parts.roundingSelector->addItem(tr("up (toward +\u221E)"), int(RoundingMode::Up));
    parts.roundingSelector->addItem(tr("nearest (ties away from 0)"),
                                    int(RoundingMode::NearestAway));
    parts.overflowSelector = new QComboBox(this);
    parts.overflowSelector->setObjectName(QStringLiteral("overflowSelector"));
    parts.overflowSelector->addItem(tr("saturate (clamp)"), int(OverflowMode::Saturate));
    parts.overflowSelector->addItem(tr("wrap around"), int(OverflowMode::Wrap));
    valueRow->addWidget(named(tr("Value:"), parts.valueField));
    valueRow->addWidget(parts.valueField, 1);
    valueRow->addSpacing(12);
    valueRow->addWidget(named(tr("Rounding:"), parts.roundingSelector));
    valueRow->addWidget(parts.roundingSelector);
    valueRow->addSpacing(12);
    valueRow->addWidget(named(tr("Overflow:"), parts.overflowSelector));
    valueRow->addWidget(parts.overflowSelector);
    outer->addLayout(valueRow);
    // Return gives returnPressed; leaving the field gives editingFinished. Encoding the same text
    // twice is harmless: the second time nothing changes.
    connect(parts.valueField, &QLineEdit::returnPressed, this,
            [this] { setValueText(parts_->valueField->text()); });
    connect(parts.valueField, &QLineEdit::editingFinished, this,
            [this] { setValueText(parts_->valueField->text()); });
    const auto ruleChanged = [this] {
        setRules({RoundingMode(parts_->roundingSelector->currentData().toInt()),
                  OverflowMode(parts_->overflowSelector->currentData().toInt())});
    };
    connect(parts.roundingSelector, &QComboBox::currentIndexChanged, this, ruleChanged);
    connect(parts.overflowSelector, &QComboBox::currentIndexChanged, this, ruleChanged);

    const auto note = [&](const char* objectName) {
        auto* label = new QLabel(this);
        label->setObjectName(QLatin1String(objectName));
        label->setWordWrap(true);
        label->hide();
        outer->addWidget(label);
        return label;
    };
    parts.valueError = note("valueError");
    parts.overflowNote = note("overflowNote");

    // Readouts in two columns: what was stored and how far off; what the format can hold.
    auto* readoutColumns = new QBoxLayout(QBoxLayout::LeftToRight);
    parts.readoutColumns = readoutColumns;
    auto* valueForm = new QFormLayout;
    auto* formatForm = new QFormLayout;
    const auto addReadout = [&](QFormLayout* form, const QString& name, const char* objectName) {
        auto* readout = new QLabel(this);
        readout->setObjectName(QLatin1String(objectName));
        readout->setTextInteractionFlags(Qt::TextSelectableByMouse);
        readout->setWordWrap(true);  // 64-bit values run to 60 digits; they wrap at the groups
        auto* label = new QLabel(name, this);
        parts.namedControls.push_back(label);
        form->addRow(label, readout);
        parts.readouts.push_back(readout);
    };
    addReadout(valueForm, tr("Stored value:"), "storedValue");
    addReadout(valueForm, tr("Error (typed \u2212 stored):"), "errorValue");
    addReadout(valueForm, tr("Stored integer:"), "rawValue");
    addReadout(formatForm, tr("Resolution:"), "resolutionValue");
    addReadout(formatForm, tr("Range:"), "rangeValue");
    readoutColumns->addLayout(valueForm, 3);
    readoutColumns->addSpacing(24);
    readoutColumns->addLayout(formatForm, 2);
    outer->addLayout(readoutColumns);
    outer->addStretch();

    if (!encodeValue(QString::fromStdString(initial.value))) encodeValue(QStringLiteral("0"));
    applyFonts();
}

FixedWidget::~FixedWidget() {
    // QWidget deletes the children after this body, when parts_ is gone; a field that has the
    // focus then emits editingFinished. Stop listening before that happens.
    parts_->valueField->disconnect(this);
}

FixedFormat FixedWidget::format() const { return parts_->format; }
numeric::EncodeRules FixedWidget::rules() const { return parts_->rules; }
numeric::BitPattern FixedWidget::bits() const { return parts_->encoding.bits; }
const numeric::FixedEncoding& FixedWidget::encoding() const { return parts_->encoding; }

bool FixedWidget::setValueText(const QString& text) {
    const QString typed = text.trimmed();
    // A value copied from the readouts comes with a minus sign and thin spaces.
    const auto encoded =
        numeric::encode(parts_->format, engineText(typed).toStdString(), parts_->rules);
    if (!encoded) {
        // Keep what was typed, so the student can see and fix it; the bits stay as they were.
        parts_->valueError->setText(QString::fromStdString(encoded.error()));
        parts_->valueError->show();
        return false;
    }
    return encodeValue(typed);
}

void FixedWidget::setFormat(const FixedFormat& format) {
    if (format == parts_->format) return;
    parts_->format = format;
    encodeValue(parts_->valueText);
}

void FixedWidget::setRules(const numeric::EncodeRules& rules) {
    parts_->rules = rules;
    encodeValue(parts_->valueText);
}

void FixedWidget::flipBit(int index) {
    const numeric::BitPattern flipped = parts_->encoding.bits.withBitFlipped(index);
    encodeValue(QString::fromStdString(numeric::decode(parts_->format, flipped).text));
}

void FixedWidget::formatControlsChanged() {
    const Parts& parts = *parts_;
    setFormat(validFormat(parts.integerBitsSpin->value(), parts.fractionBitsSpin->value(),
                          parts.signedButton->isChecked()));
    refresh();  // even when the format stayed: a control may need putting back
}

bool FixedWidget::encodeValue(const QString& text) {
    Parts& parts = *parts_;
    const auto encoded = numeric::encode(parts.format, engineText(text).toStdString(), parts.rules);
    if (!encoded) return false;
    const bool bitsChanged = !(encoded->bits == parts.encoding.bits);
    parts.valueText = text;
    parts.encoding = *encoded;
    refresh();
    if (bitsChanged) emit this->bitsChanged(parts.encoding.bits);
    return true;
}

void FixedWidget::refresh() {
    Parts& parts = *parts_;
    const FixedFormat& format = parts.format;
    const numeric::FixedEncoding& encoding = parts.encoding;
    {
        // Reachable values only: the width stays 1..64 whatever the student clicks.
        const int signBits = format.isSigned() ? 1 : 0;
        const QSignalBlocker blockInteger(parts.integerBitsSpin);
        const QSignalBlocker blockFraction(parts.fractionBitsSpin);
        const bool unsignedOnlyBit = !format.isSigned();
        parts.integerBitsSpin->setRange(unsignedOnlyBit && format.fractionBits == 0 ? 1 : 0,
                                        FixedFormat::kMaxWidth - signBits - format.fractionBits);
        parts.fractionBitsSpin->setRange(unsignedOnlyBit && format.integerBits == 0 ? 1 : 0,
                                         FixedFormat::kMaxWidth - signBits - format.integerBits);
        parts.integerBitsSpin->setValue(format.integerBits);
        parts.fractionBitsSpin->setValue(format.fractionBits);
        parts.signedButton->setChecked(format.isSigned());
        parts.unsignedButton->setChecked(!format.isSigned());
        const QSignalBlocker blockRounding(parts.roundingSelector);
        const QSignalBlocker blockOverflow(parts.overflowSelector);
        parts.roundingSelector->setCurrentIndex(
            parts.roundingSelector->findData(int(parts.rules.rounding)));
        parts.overflowSelector->setCurrentIndex(
            parts.overflowSelector->findData(int(parts.rules.overflow)));
    }
    parts.formatName->setText(tr("%1 \u00B7 %n bits", nullptr, format.width())
                                  .arg(QString::fromStdString(format.name())));
    parts.bitRow->setFormat(format);
    parts.readoutColumns->setDirection(
        format.width() > kWidestSideBySide ? QBoxLayout::TopToBottom : QBoxLayout::LeftToRight);
    parts.bitRow->setBits(encoding.bits);
    if (parts.valueField->text() != parts.valueText) parts.valueField->setText(parts.valueText);
    parts.valueError->clear();
    parts.valueError->hide();

    const bool exact = !encoding.rounded && !encoding.overflowed();
    const std::vector<QString> readoutTexts = {
        displayedNumber(encoding.stored.text),
        exact ? tr("0 (exact)") : displayedNumber(encoding.error.text),
        storedIntegerText(format, encoding.bits),
        tr("%1 = %2").arg(displayedNumber(numeric::resolution(format).text),
                          powerOfTwoText(-format.fractionBits)),
        tr("%1 to %2")
            .arg(displayedNumber(numeric::minValue(format).text),
                 displayedNumber(numeric::maxValue(format).text)),
    };
    for (std::size_t index = 0; index < parts.readouts.size(); ++index) {
        parts.readouts[index]->setText(readoutTexts[index]);
    }

    parts.overflowNote->setText(
        overflowNoteText(format, encoding.overflowOutcome, parts.valueText));
    parts.overflowNote->setVisible(encoding.overflowed());
    applyColors();  // the signed / unsigned buttons follow the format
}

void FixedWidget::applyFonts() {
    Parts& parts = *parts_;
    const QFont base = font();
    QFont formatFont = scaledFont(base, kFormatNameScale);
    formatFont.setBold(true);
    parts.formatName->setFont(formatFont);
    for (QWidget* control : parts.namedControls) control->setFont(scaledFont(base, kNameScale));
    QFont fieldFont = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    fieldFont.setPointSizeF(base.pointSizeF() > 0 ? base.pointSizeF() : 10.0);
    parts.valueField->setFont(scaledFont(fieldFont, kFieldScale));
    QFont readoutFont = scaledFont(base, kReadoutScale);
    readoutFont.setBold(true);
    for (QLabel* readout : parts.readouts) readout->setFont(readoutFont);
    QFont noteFont = scaledFont(base, kNameScale);
    noteFont.setBold(true);
    parts.valueError->setFont(noteFont);
    parts.overflowNote->setFont(noteFont);
    applyColors();
}

void FixedWidget::applyColors() {
    for (QLabel* label : {parts_->valueError, parts_->overflowNote}) {
        QPalette colors = label->palette();
        colors.setColor(QPalette::WindowText, errorColor(palette()));
        label->setPalette(colors);
    }
    // The chosen reading in the highlight colour: a style's "pressed" shade is too faint to see
    // on a projector.
    for (QPushButton* button : {parts_->signedButton, parts_->unsignedButton}) {
        QPalette colors = palette();
        if (button->isChecked()) {
            colors.setColor(QPalette::Button, palette().color(QPalette::Highlight));
            colors.setColor(QPalette::ButtonText, palette().color(QPalette::HighlightedText));
        }
        button->setPalette(colors);
    }
}

void FixedWidget::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) applyFonts();
    if (event->type() == QEvent::PaletteChange) applyColors();
}

namespace {
const SimView kView(lesson::kinds::fixedKind, createWidget<FixedWidget>);
}  // namespace

}  // namespace mlsyslab::widgets
