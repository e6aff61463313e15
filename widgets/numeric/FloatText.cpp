#include "numeric/FloatText.h"

#include <QCoreApplication>
#include <cmath>

#include "numeric/FloatDecode.h"

namespace mlsyslab::widgets {

namespace {

constexpr int kErrorDigits = 3;

QString tr(const char* text) { return QCoreApplication::translate("FloatText", text); }

// U+2212, the minus sign, reads better than a hyphen in large type.
QString withMinusSign(QString text) {
    if (text.startsWith(QLatin1Char('-'))) text.replace(0, 1, QStringLiteral("\u2212"));
    return text;
}

}  // namespace

QString valueText(const numeric::FloatFormat& format, double value) {
    return withMinusSign(QString::fromStdString(numeric::floatValueText(format, value)));
}

QString exactOrShortValueText(const numeric::FloatFormat& format, double value, int longestExact) {
    const std::string exact = numeric::exactDecimalText(value);
    if (static_cast<int>(exact.size()) <= longestExact) {
        return withMinusSign(QString::fromStdString(exact));
    }
    return valueText(format, value);
}

QString absoluteErrorText(double absoluteError) {
    if (std::isinf(absoluteError)) return QStringLiteral("∞");
    return QString::number(absoluteError, 'g', kErrorDigits);
}

QString relativeErrorText(double relativeError) {
    if (std::isinf(relativeError)) return QStringLiteral("∞");
    return QString::number(relativeError * 100, 'g', kErrorDigits) + QStringLiteral(" %");
}

QString rangeNoteText(const numeric::FloatFormat& format,
                      const numeric::DecimalConversion& conversion, numeric::EncodeOptions options,
                      NoteDetail detail) {
    const numeric::DecodedFloat stored = numeric::decodeFloat(format, conversion.bits);
    const QString formatName = QString::fromUtf8(format.name.data(), format.name.size());
    switch (conversion.range) {
        case numeric::RangeEvent::None:
            return {};
        case numeric::RangeEvent::Overflow:
            if (stored.floatClass == numeric::FloatClass::Infinity) {
                return tr("overflow → %1").arg(valueText(format, stored.value));
            }
            if (stored.floatClass == numeric::FloatClass::Nan) {
                return detail == NoteDetail::Brief
                           ? tr("overflow → NaN")
                           : tr("overflow → NaN: %1 has no infinity").arg(formatName);
            }
            if (options.saturate) {
                return tr("saturated to %1").arg(valueText(format, stored.value));
            }
            // IEEE 754 §7.4: rounding toward zero stops at the largest finite value.
            return tr("overflow → %1, the largest finite value (directed rounding)")
                .arg(valueText(format, stored.value));
        case numeric::RangeEvent::Underflow:
            return detail == NoteDetail::Brief
                       ? tr("underflow → subnormal")
                       : tr("underflow → subnormal, fewer significant bits");
        case numeric::RangeEvent::UnderflowToZero:
            return tr("underflow → %1").arg(valueText(format, stored.value));
    }
    return {};
}

}  // namespace mlsyslab::widgets
