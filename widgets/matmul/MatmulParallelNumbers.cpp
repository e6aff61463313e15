#include "matmul/MatmulParallelNumbers.h"

#include <QCoreApplication>
#include <QLocale>
#include <cmath>

namespace mlsyslab::widgets {

namespace {

// Below this a difference from a whole number is rounding, not a fraction worth showing.
constexpr double kWholeTolerance = 5e-10;

}  // namespace

QString valueText(double value) {
    const double rounded = std::round(value);
    if (std::abs(value - rounded) < kWholeTolerance) {
        return QString::number(rounded == 0 ? 0.0 : rounded, 'f', 0);
    }
    QString text = QString::number(value, 'f', 3);
    if (text == QStringLiteral("-0.000")) text = QStringLiteral("0.000");
    return text;
}

QString groupedCountText(std::int64_t count) {
    // English grouping everywhere, so the lecture's "3,211,264" reads the same on every machine.
    return QLocale(QLocale::English, QLocale::UnitedStates).toString(qint64(count));
}

QString roughCountText(std::int64_t count) {
    constexpr double kThousand = 1e3;
    constexpr double kMillion = 1e6;
    constexpr double kBillion = 1e9;
    constexpr double kTrillion = 1e12;
    const double value = double(count);
    if (value < 10 * kThousand) return groupedCountText(count);
    if (value < kMillion) {
        return QCoreApplication::translate("MatmulParallel", "%1 thousand")
            .arg(value / kThousand, 0, 'f', 1);
    }
    if (value < kBillion) {
        return QCoreApplication::translate("MatmulParallel", "%1 million")
            .arg(value / kMillion, 0, 'f', 1);
    }
    if (value < kTrillion) {
        return QCoreApplication::translate("MatmulParallel", "%1 billion")
            .arg(value / kBillion, 0, 'f', 1);
    }
    return QCoreApplication::translate("MatmulParallel", "%1 trillion")
        .arg(value / kTrillion, 0, 'f', 1);
}

}  // namespace mlsyslab::widgets
