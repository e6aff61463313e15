#include "numeric/MixedPrecisionText.h"

#include <QLocale>
#include <cmath>

namespace mlsyslab::widgets {

namespace {

// Unicode superscripts for "2¹⁰" and "10⁻⁸": they read like the slides and need no rich text.
QString superscript(int number) {
    static const QString kDigits = QStringLiteral("⁰¹²³⁴⁵⁶⁷⁸⁹");
    const QString digits = QString::number(std::abs(number));
    QString text = number < 0 ? QStringLiteral("⁻") : QString();
    for (const QChar digit : digits) text += kDigits[digit.digitValue()];
    return text;
}

QString withMinusSign(QString text) { return text.replace(QLatin1Char('-'), QChar(0x2212)); }

}  // namespace

QString formatDisplayName(const numeric::FloatFormat& format) {
    return QString::fromUtf8(format.name.data(), qsizetype(format.name.size())).toUpper();
}

QString shareText(double share) {
    const double percent = share * 100.0;
    // A no-break space keeps "43 %" together when a readout wraps.
    const QString percentSign = QStringLiteral("\u00A0%");
    if (percent == 0.0) return QStringLiteral("0") + percentSign;
    if (percent == 100.0) return QStringLiteral("100") + percentSign;
    // Whole percents from 10 to 90, one decimal from 1 and from 90 (99.1 % is the complement
    // of 0.9 %), two significant digits below 1; more decimals where rounding would claim
    // "100 %" for a share that is not all.
    int decimals = 1;
    if (percent < 1.0) decimals = 1 - int(std::floor(std::log10(percent)));
    if (percent >= 10.0 && percent < 90.0) decimals = 0;
    while (percent < 100.0 && QString::number(percent, 'f', decimals).toDouble() >= 100.0 &&
           decimals < 6) {
        ++decimals;
    }
    return QString::number(percent, 'f', decimals) + percentSign;
}

QString scaleText(double scale) {
    return QStringLiteral("×") + withMinusSign(QString::number(scale, 'g', 12));
}

QString powerOfTwoText(double scale) {
    int exponent = 0;
    const double fraction = std::frexp(scale, &exponent);  // scale = fraction x 2^exponent
    if (fraction != 0.5 || exponent - 1 < 4) return {};
    return powerOfTwoExponentText(exponent - 1);
}

QString powerOfTwoExponentText(int exponent) { return QStringLiteral("2") + superscript(exponent); }

QString decadeText(int exponent) { return QStringLiteral("10") + superscript(exponent); }

QString shortNumberText(double value) {
    return withMinusSign(
        QString::number(value, 'g', 2).replace(QStringLiteral("e+"), QStringLiteral("e")));
}

}  // namespace mlsyslab::widgets
