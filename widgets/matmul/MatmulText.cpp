#include "matmul/MatmulText.h"

#include <cmath>

namespace mlsyslab::widgets {

namespace {

// Three significant digits, but never an exponent and never fewer digits than the whole part.
QString significant(double value) {
    const double magnitude = std::fabs(value);
    if (magnitude >= 100.0 || magnitude == 0.0) return QString::number(value, 'f', 0);
    if (magnitude >= 10.0) return QString::number(value, 'f', 1);
    if (magnitude >= 1.0) return QString::number(value, 'f', 2);
    // 0.0123 -> 3 significant digits after the leading zeros.
    const int decimals = std::min(9, 2 - int(std::floor(std::log10(magnitude))));
    return QString::number(value, 'f', decimals);
}

}  // namespace

QString durationText(double seconds) {
    if (seconds >= 1.0) return QStringLiteral("%1 s").arg(significant(seconds));
    return QStringLiteral("%1 ms").arg(significant(seconds * 1e3));
}

QString gflopsNumberText(double gflops) { return significant(gflops); }

QString gflopsText(double gflops) {
    if (gflops >= 1000.0) return QStringLiteral("%1 TFLOPS").arg(significant(gflops / 1e3));
    return QStringLiteral("%1 GFLOPS").arg(significant(gflops));
}

QString gigabytesPerSecondText(double gigabytesPerSecond) {
    if (gigabytesPerSecond >= 1000.0) {
        return QStringLiteral("%1 TB/s").arg(significant(gigabytesPerSecond / 1e3));
    }
    return QStringLiteral("%1 GB/s").arg(significant(gigabytesPerSecond));
}

QString flopsPerByteText(double flopsPerByte) {
    // Three significant digits without trailing zeros: "1", "0.5", "8.16", "171".
    if (std::fabs(flopsPerByte) >= 100.0) return QString::number(flopsPerByte, 'f', 0);
    return QString::number(flopsPerByte, 'g', 3);
}

QString fractionAsPercentText(double fraction) {
    const double percent = fraction * 100.0;
    if (std::fabs(percent) >= 10.0) return QStringLiteral("%1 %").arg(std::lround(percent));
    return QStringLiteral("%1 %").arg(significant(percent));
}

QString speedupText(double times) { return QStringLiteral("×%1").arg(significant(times)); }

}  // namespace mlsyslab::widgets
