#include "logic/FpAddResultPanel.h"

#include <QEvent>
#include <QFontDatabase>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include "common/DisplayStyle.h"
#include "numeric/FloatClassBadge.h"
#include "numeric/FloatColors.h"
#include "numeric/FloatDecode.h"
#include "numeric/FloatText.h"

namespace mlsyslab::widgets {

namespace {

using logic::FloatAdderStep;
using logic::SpecialCase;
using numeric::FloatClass;
using numeric::FloatFormat;

constexpr double kBitsScale = 1.5;
constexpr double kValueScale = 1.5;
constexpr double kNoteScale = 1.1;
constexpr int kLongestExactValue = 30;

QString tr(const char* text) { return FpAddResultPanel::tr(text); }

QString formatName(const FloatFormat& format) {
    return QString::fromUtf8(format.name.data(), static_cast<qsizetype>(format.name.size()));
}

// The pattern's three fields, each in its colour, as rich text: "0 10000 1110000000".
QString coloredFields(const FloatFormat& format, std::uint64_t bits, const QPalette& palette) {
    const QString plain = QString::fromStdString(numeric::floatFieldsText(format, bits));
    const QStringList parts = plain.split(QLatin1Char(' '));
    const FloatField fields[3] = {FloatField::Sign, FloatField::Exponent, FloatField::Mantissa};
    QStringList spans;
    for (int index = 0; index < std::min<qsizetype>(3, parts.size()); ++index) {
        spans << QStringLiteral("<span style=\"color:%1\">%2</span>")
                     .arg(floatFieldColor(fields[index], palette).name(), parts.at(index));
    }
    return spans.join(QStringLiteral("&nbsp;"));
}

QString largestText(const FloatFormat& format) {
    return valueText(format, numeric::decodeFloat(format, format.maxFiniteMagnitude()).value);
}

QString specialNote(const FloatAdderStep& step) {
    switch (step.specialCase) {
        case SpecialCase::NanOperand:
            return tr(
                "NaN in, NaN out: the first NaN operand comes out, quieted. Every later "
                "calculation with it is NaN too.");
        case SpecialCase::InfinityMinusInfinity:
            return tr(
                "inf + (\u2212inf) has no value: an invalid operation, so the result is "
                "NaN.");
        case SpecialCase::InfinityOperand:
            return tr("Infinity plus anything finite (or the same infinity) stays that infinity.");
        case SpecialCase::None:
            break;
    }
    return {};
}

}  // namespace

QString resultNoteText(const logic::FloatAdditionTrace& trace, const FloatAdderStep& step) {
    if (!step.resultBits) return {};
    const FloatFormat& format = trace.format;
    const QString name = formatName(format);
    if (step.specialCase != SpecialCase::None) return specialNote(step);
    if (step.overflow) {
        return tr("Overflow: after rounding the sum is beyond %1, the largest finite %2 value, "
                  "so it becomes %3infinity.")
            .arg(largestText(format), name,
                 step.result.negative ? QStringLiteral("\u2212") : QStringLiteral("+"));
    }
    if (step.exactZero) {
        return step.subtract
                   ? tr("Everything cancelled: x + (\u2212x) is exactly +0 when rounding to "
                        "nearest.")
                   : tr("Both operands are zeros of the same sign: the sum is that zero.");
    }
    QStringList sentences;
    if (step.subtract && step.normalizeShift >= 2) {
        sentences << tr("Cancellation: the subtraction lost %1 leading bits, so the result has "
                        "%1 fewer bits that come from the operands.")
                         .arg(step.leadingZeros);
    }
    const int precision = format.mantissaBits + 1;
    const auto decoded = numeric::decodeFloat(format, *step.resultBits);
    if (decoded.floatClass == FloatClass::Subnormal) {
        const double smallest = numeric::decodeFloat(format, format.minNormalMagnitude()).value;
        sentences << tr("Subnormal: smaller than %1 = 2^%2, the smallest normal %3 value, so it "
                        "is stored without the implicit 1 and keeps fewer than %4 significant "
                        "bits (gradual underflow).")
                         .arg(valueText(format, smallest))
                         .arg(format.minNormalExponent())
                         .arg(name)
                         .arg(precision);
    }
    if (step.guard || step.sticky) {
        sentences << tr("Rounded: the exact sum needs more than %1 significant bits, so %2 keeps "
                        "the nearest value it has (ties to even).")
                         .arg(precision)
                         .arg(name);
    } else {
        sentences << tr("Exact: the sum fits in %1's %2 significant bits, no rounding error.")
                         .arg(name)
                         .arg(precision);
    }
    return sentences.join(QLatin1Char(' '));
}

FpAddResultPanel::FpAddResultPanel(QWidget* parent) : QWidget(parent) {
    // The answer first, large, with its class; under it how the format stores it.
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    title_ = new QLabel(tr("A + B ="), this);
    fields_ = new QLabel(this);
    fields_->setObjectName(QStringLiteral("resultFields"));
    fields_->setTextFormat(Qt::RichText);
    hex_ = new QLabel(this);
    hex_->setObjectName(QStringLiteral("resultHex"));
    value_ = new QLabel(this);
    value_->setObjectName(QStringLiteral("resultValue"));
    classBadge_ = new FloatClassBadge(this);
    classBadge_->setObjectName(QStringLiteral("resultClass"));
    for (QLabel* label : {fields_, hex_, value_}) {
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    auto* answer = new QHBoxLayout;
    answer->addWidget(value_);
    answer->addSpacing(fontMetrics().height());
    answer->addWidget(classBadge_);
    answer->addStretch();
    auto* stored = new QHBoxLayout;
    stored->addWidget(fields_);
    stored->addSpacing(fontMetrics().height());
    stored->addWidget(hex_);
    stored->addStretch();
    auto* grid = new QGridLayout;
    grid->setHorizontalSpacing(fontMetrics().height() / 2);
    grid->addWidget(title_, 0, 0);
    grid->addLayout(answer, 0, 1);
    grid->addLayout(stored, 1, 1);
    grid->setColumnStretch(1, 1);
    outer->addLayout(grid);
    note_ = new QLabel(this);
    note_->setObjectName(QStringLiteral("resultNote"));
    note_->setWordWrap(true);
    outer->addWidget(note_);
    applyFonts();
}

void FpAddResultPanel::showStep(const logic::FloatAdditionTrace& trace, int stepIndex) {
    trace_ = trace;
    stepIndex_ = stepIndex;
    if (stepIndex < 0 || stepIndex >= static_cast<int>(trace.steps.size())) return;
    const FloatAdderStep& step = trace.steps[static_cast<std::size_t>(stepIndex)];
    const bool ready = step.resultBits.has_value();
    for (QWidget* part : {static_cast<QWidget*>(fields_), static_cast<QWidget*>(hex_),
                          static_cast<QWidget*>(value_), static_cast<QWidget*>(classBadge_)}) {
        part->setVisible(ready);
    }
    if (!ready) {
        title_->setText(tr("A + B: the stored sum appears at Pack."));
        note_->clear();
        note_->hide();
        return;
    }
    const FloatFormat& format = trace.format;
    const std::uint64_t bits = *step.resultBits;
    const auto decoded = numeric::decodeFloat(format, bits);
    title_->setText(tr("A + B ="));
    fields_->setText(coloredFields(format, bits, palette()));
    hex_->setText(QString::fromStdString(numeric::floatBitsText(format, bits)));
    value_->setText(exactOrShortValueText(format, decoded.value, kLongestExactValue));
    classBadge_->setFloatClass(decoded.floatClass);
    note_->setText(resultNoteText(trace, step));
    note_->setVisible(!note_->text().isEmpty());
}

void FpAddResultPanel::applyFonts() {
    QFont fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    fixed.setPointSizeF(font().pointSizeF() > 0 ? font().pointSizeF() : 10.0);
    fixed.setBold(true);
    fields_->setFont(scaledFont(fixed, kBitsScale));
    hex_->setFont(scaledFont(fixed, kBitsScale));
    QFont large = scaledFont(font(), kValueScale);
    large.setBold(true);
    value_->setFont(large);
    title_->setFont(scaledFont(font(), kNoteScale * 1.1));
    classBadge_->setFont(scaledFont(font(), kNoteScale * 1.1));
    note_->setFont(scaledFont(font(), kNoteScale));
}

void FpAddResultPanel::applyColors() {
    // The fields' colours depend on the palette's lightness.
    showStep(trace_, stepIndex_);
}

void FpAddResultPanel::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) applyFonts();
    if (event->type() == QEvent::PaletteChange) applyColors();
}

}  // namespace mlsyslab::widgets
