#include "logic/FpAddInputs.h"

#include <QComboBox>
#include <QEvent>
#include <QFontDatabase>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>
#include <array>
#include <vector>

#include "common/DisplayStyle.h"
#include "numeric/FloatConversion.h"
#include "numeric/FloatDecode.h"
#include "numeric/FloatText.h"

namespace mlsyslab::widgets {

namespace {

using lesson::kinds::FpAddOperand;
using numeric::FloatFormat;

constexpr double kFieldScale = 1.3;
constexpr double kTextScale = 1.1;
// A field holds one number: about this many characters wide.
constexpr int kFieldCharacters = 18;
// The stored value in full up to this length ("0.0999755859375"), else 9 significant digits.
constexpr int kLongestExactStored = 30;

QString formatName(const FloatFormat& format) {
    return QString::fromUtf8(format.name.data(), static_cast<qsizetype>(format.name.size()));
}

// What the format keeps of the operand: "stored exactly: 0x4100", "stored as 0.0999755859375
// = 0x2E66", "0x4100 = 2.5" for a typed pattern, with a note when it fell off the range.
QString storedText(const FloatFormat& format, const FpAddOperand& operand) {
    const QString hex = QString::fromStdString(numeric::floatBitsText(format, operand.bits));
    const double value = numeric::decodeFloat(format, operand.bits).value;
    const QString stored = exactOrShortValueText(format, value, kLongestExactStored);
    if (!operand.typedValue) return FpAddInputs::tr("%1 = %2").arg(hex, stored);
    const auto conversion = numeric::convertDecimal(format, *operand.typedValue);
    if (!conversion) return FpAddInputs::tr("%1 = %2").arg(hex, stored);
    QString text = conversion->exact ? FpAddInputs::tr("stored exactly: %1").arg(hex)
                                     : FpAddInputs::tr("stored as %1 = %2").arg(stored, hex);
    const QString note = rangeNoteText(format, *conversion, {}, NoteDetail::Brief);
    if (!note.isEmpty()) text += QStringLiteral(" \u00B7 ") + note;
    return text;
}

}  // namespace

struct FpAddInputs::Parts {
    FloatFormat format = numeric::kFp16;
    std::array<FpAddOperand, 2> operands;
    std::array<QString, 2> fieldTextShown;
    std::array<QLineEdit*, 2> fields{};
    std::array<QLabel*, 2> stored{};
    std::array<QLabel*, 2> errors{};
    QComboBox* formatSelector = nullptr;
    std::vector<QWidget*> texts;  // names and notes, drawn a little larger
};

FpAddInputs::FpAddInputs(QWidget* parent) : QWidget(parent), parts_(std::make_unique<Parts>()) {
    Parts& parts = *parts_;
    // A over B, as a sum is written, each with what the format stores beside it; the format
    // at the right of A's line.
    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setColumnStretch(2, 1);
    const char* names[2] = {"a", "b"};
    const QString titles[2] = {tr("A"), tr("B")};
    for (int operand = 0; operand < 2; ++operand) {
        auto* field = new QLineEdit(this);
        field->setObjectName(QStringLiteral("%1Field").arg(QLatin1String(names[operand])));
        field->setPlaceholderText(tr("2.5, 0.1, inf or 0x4100"));
        auto* title = new QLabel(titles[operand], this);
        title->setBuddy(field);
        auto* stored = new QLabel(this);
        stored->setObjectName(QStringLiteral("%1Stored").arg(QLatin1String(names[operand])));
        stored->setTextInteractionFlags(Qt::TextSelectableByMouse);
        stored->setWordWrap(true);
        auto* error = new QLabel(this);
        error->setObjectName(QStringLiteral("%1Error").arg(QLatin1String(names[operand])));
        error->setWordWrap(true);
        error->hide();
        // Return gives returnPressed; leaving the field gives editingFinished. Applying the
        // same text twice is harmless.
        connect(field, &QLineEdit::returnPressed, this, [this, operand] { applyEdit(operand); });
        connect(field, &QLineEdit::editingFinished, this, [this, operand] { applyEdit(operand); });
        auto* notes = new QVBoxLayout;
        notes->setSpacing(0);
        notes->addWidget(stored);
        notes->addWidget(error);
        grid->addWidget(title, operand, 0);
        grid->addWidget(field, operand, 1);
        grid->addLayout(notes, operand, 2);
        parts.fields[operand] = field;
        parts.stored[operand] = stored;
        parts.errors[operand] = error;
        parts.texts.insert(parts.texts.end(), {title, stored, error});
    }
    parts.formatSelector = new QComboBox(this);
    parts.formatSelector->setObjectName(QStringLiteral("formatSelector"));
    for (const std::string& name : lesson::kinds::fpAddFormatNames()) {
        const QString text = QString::fromStdString(name);
        parts.formatSelector->addItem(text.toUpper(), text);
    }
    auto* formatTitle = new QLabel(tr("Format"), this);
    formatTitle->setBuddy(parts.formatSelector);
    grid->addWidget(formatTitle, 0, 3);
    grid->addWidget(parts.formatSelector, 0, 4);
    parts.texts.insert(parts.texts.end(), {formatTitle, parts.formatSelector});
    connect(parts.formatSelector, &QComboBox::currentIndexChanged, this, [this](int index) {
        const QString name = parts_->formatSelector->itemData(index).toString();
        const auto format = lesson::kinds::findFpAddFormat(name.toStdString());
        if (format && *format != parts_->format) emit formatChosen(*format);
    });
    applyFonts();
    applyColors();
}

FpAddInputs::~FpAddInputs() {
    // The fields outlive parts_ while QWidget deletes its children, and a field with the focus
    // then says editingFinished: stop listening first.
    for (QLineEdit* field : parts_->fields) field->disconnect(this);
}

void FpAddInputs::showOperands(const FloatFormat& format, const FpAddOperand& a,
                               const FpAddOperand& b) {
    Parts& parts = *parts_;
    parts.format = format;
    parts.operands = {a, b};
    const QSignalBlocker blocker(parts.formatSelector);
    parts.formatSelector->setCurrentIndex(parts.formatSelector->findData(formatName(format)));
    for (int operand = 0; operand < 2; ++operand) {
        const FpAddOperand& shown = parts.operands[operand];
        parts.fieldTextShown[operand] =
            shown.typedValue ? QString::fromStdString(*shown.typedValue)
                             : QString::fromStdString(numeric::floatBitsText(format, shown.bits));
        parts.fields[operand]->setText(parts.fieldTextShown[operand]);
        parts.fields[operand]->setCursorPosition(0);
        parts.stored[operand]->setText(storedText(format, shown));
        parts.errors[operand]->clear();
        parts.errors[operand]->hide();
    }
}

void FpAddInputs::applyEdit(int operand) {
    Parts& parts = *parts_;
    QString text = parts.fields[operand]->text().trimmed();
    if (text == parts.fieldTextShown[operand]) {  // nothing new typed
        parts.errors[operand]->hide();
        return;
    }
    text.replace(QStringLiteral("\u2212"), QStringLiteral("-"));  // a pasted minus sign
    const auto parsed = lesson::kinds::parseFpAddOperand(parts.format, text.toStdString());
    if (!parsed) {
        // Keep what was typed, so the student can see and fix it; the operand stays.
        parts.errors[operand]->setText(QString::fromStdString(parsed.error()));
        parts.errors[operand]->show();
        return;
    }
    emit operandEdited(operand, *parsed);
}

void FpAddInputs::applyFonts() {
    Parts& parts = *parts_;
    QFont fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    fixed.setPointSizeF(font().pointSizeF() > 0 ? font().pointSizeF() : 10.0);
    const QFont fieldFont = scaledFont(fixed, kFieldScale);
    for (QLineEdit* field : parts.fields) {
        field->setFont(fieldFont);
        field->setFixedWidth(QFontMetrics(fieldFont).averageCharWidth() * kFieldCharacters);
    }
    const QFont textFont = scaledFont(font(), kTextScale);
    for (QWidget* text : parts.texts) text->setFont(textFont);
}

void FpAddInputs::applyColors() {
    for (QLabel* error : parts_->errors) {
        QPalette colors = error->palette();
        colors.setColor(QPalette::WindowText, errorColor(palette()));
        error->setPalette(colors);
    }
}

void FpAddInputs::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) applyFonts();
    if (event->type() == QEvent::PaletteChange) applyColors();
}

}  // namespace mlsyslab::widgets
