#include "numeric/QuantizeText.h"

#include <QCoreApplication>
#include <cmath>

namespace mlsyslab::widgets {

namespace {

const QChar kMinusSign(0x2212);
// Plain notation from 0.001 up to (not including) 10 000; powers of ten outside.
constexpr double kSmallestPlain = 1e-3;
constexpr double kLargestPlain = 1e4;

QString withMinusSign(QString text) { return text.replace(QLatin1Char('-'), kMinusSign); }

// "0.0500" -> "0.05", "4.0" -> "4".
QString withoutTrailingZeros(QString text) {
    if (!text.contains(QLatin1Char('.'))) return text;
    while (text.endsWith(QLatin1Char('0'))) text.chop(1);
    if (text.endsWith(QLatin1Char('.'))) text.chop(1);
    return text;
}

QString superscript(int exponent) {
    static const QChar kDigits[] = {QChar(0x2070), QChar(0x00B9), QChar(0x00B2), QChar(0x00B3),
                                    QChar(0x2074), QChar(0x2075), QChar(0x2076), QChar(0x2077),
                                    QChar(0x2078), QChar(0x2079)};
    QString text = exponent < 0 ? QString(QChar(0x207B)) : QString();  // superscript minus
    for (const QChar digit : QString::number(std::abs(exponent))) {
        text += kDigits[digit.digitValue()];
    }
    return text;
}

// Fixed notation with `decimals` digits after the point, trailing zeros dropped.
QString fixedText(double value, int decimals) {
    return withMinusSign(withoutTrailingZeros(QString::number(value, 'f', decimals)));
}

}  // namespace

QString quantizeNumberText(double value, int significantDigits) {
    if (value == 0.0) return QStringLiteral("0");
    if (!std::isfinite(value)) return value > 0 ? QStringLiteral("∞") : QStringLiteral("−∞");
    const double magnitude = std::abs(value);
    if (magnitude >= kSmallestPlain && magnitude < kLargestPlain) {
        const int digitsBeforePoint = int(std::floor(std::log10(magnitude))) + 1;
        return fixedText(value, std::max(0, significantDigits - digitsBeforePoint));
    }
    int exponent = int(std::floor(std::log10(magnitude)));
    double mantissa = value / std::pow(10.0, exponent);
    // Rounding may carry into a new digit: 9.996e-5 is 1.00 × 10⁻⁴.
    if (std::abs(std::round(mantissa * std::pow(10.0, significantDigits - 1))) >=
        std::pow(10.0, significantDigits)) {
        ++exponent;
        mantissa /= 10.0;
    }
    return QStringLiteral("%1 × 10%2")
        .arg(fixedText(mantissa, significantDigits - 1), superscript(exponent));
}

QString quantizeRangeText(double low, double high) {
    const QString lowText = quantizeNumberText(low);
    const QString highText = quantizeNumberText(high);
    return lowText == highText ? lowText : QStringLiteral("%1 … %2").arg(lowText, highText);
}

QString sqnrText(double decibels) {
    if (std::isinf(decibels) && decibels > 0)
        return QCoreApplication::translate("QuantizeText", "∞ (exact)");
    return QStringLiteral("%1 dB").arg(fixedText(decibels, 1));
}

QString storageBytesText(std::size_t bytes) {
    constexpr double kKibibyte = 1024.0;
    constexpr double kMebibyte = 1024.0 * 1024.0;
    if (double(bytes) < kKibibyte) return QStringLiteral("%1 B").arg(bytes);
    if (double(bytes) < kMebibyte)
        return QStringLiteral("%1 KiB").arg(fixedText(bytes / kKibibyte, 1));
    return QStringLiteral("%1 MiB").arg(fixedText(bytes / kMebibyte, 1));
}

QString modelBytesText(double bytes) {
    constexpr double kGigabyte = 1e9;
    constexpr double kTerabyte = 1e12;
    if (bytes >= kTerabyte) return QStringLiteral("%1 TB").arg(fixedText(bytes / kTerabyte, 1));
    return QStringLiteral("%1 GB").arg(fixedText(bytes / kGigabyte, 1));
}

QString ratioText(double ratio) { return QStringLiteral("%1×").arg(fixedText(ratio, 1)); }

QString percentText(double percent) {
    // A thin space before %, as SI writes it.
    return QStringLiteral("%1\u2009%").arg(fixedText(percent, 1));
}

QString quantizedTypeDisplayName(numeric::QuantizedType type) {
    return QString::fromUtf8(numeric::quantizedTypeName(type).data()).toUpper();
}

}  // namespace mlsyslab::widgets
