#include "numeric/FixedText.h"

#include <QCoreApplication>
#include <cstdlib>

namespace mlsyslab::widgets {

namespace {

const QChar kMinusSign(0x2212);
const QChar kThinSpace(0x2009);
// Short numbers read best whole: -2.5625, 15.9375, 0.000030517578125 is the first to group.
constexpr int kMostDigitsUngrouped = 10;
constexpr int kGroupSize = 3;

// Translations share the simulator's context.
QString translated(const char* text, int count = -1) {
    return QCoreApplication::translate("mlsyslab::widgets::FixedWidget", text, nullptr, count);
}

QString withMinusSign(QString text) {
    if (text.startsWith('-')) text[0] = kMinusSign;
    return text;
}

}  // namespace

QString displayedNumber(const std::string& exactText) {
    QString text = QString::fromStdString(exactText);
    const bool negative = text.startsWith('-');
    if (negative) text.remove(0, 1);
    const qsizetype point = text.indexOf('.');
    const QString whole = point < 0 ? text : text.left(point);
    const QString fraction = point < 0 ? QString() : text.mid(point + 1);
    // Scientific text ("1.5e-30") and short numbers stay as they are.
    if (text.contains('e') || whole.size() + fraction.size() <= kMostDigitsUngrouped) {
        return withMinusSign(QString::fromStdString(exactText));
    }
    QString grouped;
    for (qsizetype index = 0; index < whole.size(); ++index) {
        if (index > 0 && (whole.size() - index) % kGroupSize == 0) grouped += kThinSpace;
        grouped += whole[index];
    }
    if (point >= 0) {
        grouped += '.';
        for (qsizetype index = 0; index < fraction.size(); ++index) {
            if (index > 0 && index % kGroupSize == 0) grouped += kThinSpace;
            grouped += fraction[index];
        }
    }
    return negative ? kMinusSign + grouped : grouped;
}

QString displayedTyped(const QString& typed) { return withMinusSign(typed.trimmed()); }

QString engineText(const QString& shownOrTyped) {
    QString text = shownOrTyped.trimmed();
    text.replace(kMinusSign, '-');
    text.remove(kThinSpace);
    text.remove(QChar(0x202F));  // narrow no-break space, another digit-group separator
    return text;
}

QString powerOfTwoText(int exponent) {
    static const QString kDigits = QStringLiteral("⁰¹²³⁴⁵⁶⁷⁸⁹");
    QString text = exponent < 0 ? QStringLiteral("2⁻") : QStringLiteral("2");
    for (const QChar digit : QString::number(std::abs(exponent))) {
        text += kDigits[digit.digitValue()];
    }
    return text;
}

QString storedIntegerText(const numeric::FixedFormat& format, const numeric::BitPattern& bits) {
    const std::string raw = format.isSigned() ? std::to_string(bits.signedValue())
                                              : std::to_string(bits.unsignedValue());
    if (format.fractionBits == 0) return displayedNumber(raw);
    return translated("%1 \u00D7 %2")
        .arg(displayedNumber(raw), powerOfTwoText(-format.fractionBits));
}

QString overflowNoteText(const numeric::FixedFormat& format, numeric::OverflowOutcome outcome,
                         const QString& typed) {
    switch (outcome) {
        case numeric::OverflowOutcome::None:
            break;
        case numeric::OverflowOutcome::SaturatedToMax:
            return translated(
                       "Overflow: %1 is above the largest value, so it was saturated to max (%2).")
                .arg(displayedTyped(typed), displayedNumber(numeric::maxValue(format).text));
        case numeric::OverflowOutcome::SaturatedToMin:
            return translated(
                       "Overflow: %1 is below the smallest value, so it was saturated to min (%2).")
                .arg(displayedTyped(typed), displayedNumber(numeric::minValue(format).text));
        case numeric::OverflowOutcome::Wrapped:
            return translated(
                       "Overflow: %1 does not fit, so it wrapped around: only the low %n bits were "
                       "kept, as a C cast does.",
                       format.width())
                .arg(displayedTyped(typed));
    }
    return {};
}

}  // namespace mlsyslab::widgets
