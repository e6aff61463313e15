#include "memory/ProbeText.h"

#include <QCoreApplication>
#include <QLocale>
#include <cmath>

namespace mlsyslab::widgets {

namespace {

QString tr(const char* text) { return QCoreApplication::translate("ProbeText", text); }

// English digit grouping (10,000) whatever the system locale: the lecture writes it so.
const QLocale& numberLocale() {
    static const QLocale locale(QLocale::English);
    return locale;
}

// At most three significant digits, at most `maxDecimals` decimals, trailing zeros dropped.
QString roundedText(double value, int maxDecimals) {
    int decimals = 0;
    if (std::abs(value) < 10.0) {
        decimals = std::min(maxDecimals, 2);
    } else if (std::abs(value) < 100.0) {
        decimals = std::min(maxDecimals, 1);
    }
    QString text = numberLocale().toString(value, 'f', decimals);
    if (text.contains(QLatin1Char('.'))) {
        while (text.endsWith(QLatin1Char('0'))) text.chop(1);
        if (text.endsWith(QLatin1Char('.'))) text.chop(1);
    }
    return text;
}

}  // namespace

QString byteSizeText(std::uint64_t bytes) {
    const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    double value = double(bytes);
    int unit = 0;
    while (value >= 1024.0 && unit < 4) {
        value /= 1024.0;
        ++unit;
    }
    return QStringLiteral("%1 %2").arg(roundedText(value, 2), QLatin1String(units[unit]));
}

QString nanosecondsText(double nanoseconds) { return tr("%1 ns").arg(roundedText(nanoseconds, 1)); }

QString cyclesText(double cycles) {
    const QString number = roundedText(cycles, 1);
    return number == QLatin1String("1") ? tr("1 cycle") : tr("%1 cycles").arg(number);
}

QString humanDurationText(double seconds) {
    constexpr double kMinute = 60.0;
    constexpr double kHour = 3600.0;
    constexpr double kDay = 86400.0;
    if (seconds < 10.0) {
        const double tenths = std::round(seconds * 10.0) / 10.0;
        return tr("%1 s").arg(
            numberLocale().toString(tenths, 'f', tenths == std::floor(tenths) ? 0 : 1));
    }
    if (seconds < kMinute - 0.5) return tr("%1 s").arg(std::lround(seconds));
    if (seconds < kHour - 30.0) {
        const long total = std::lround(seconds);
        const long minutes = total / 60;
        const long rest = total % 60;
        return rest == 0 ? tr("%1 min").arg(minutes) : tr("%1 min %2 s").arg(minutes).arg(rest);
    }
    if (seconds < kDay - 1800.0) {
        const long total = std::lround(seconds / kMinute);
        const long hours = total / 60;
        const long minutes = total % 60;
        return minutes == 0 ? tr("%1 h").arg(hours) : tr("%1 h %2 min").arg(hours).arg(minutes);
    }
    const long total = std::lround(seconds / kHour);
    const long days = total / 24;
    const long hours = total % 24;
    const QString dayText = days == 1 ? tr("1 day") : tr("%1 days").arg(days);
    return hours == 0 ? dayText : tr("%1 %2 h").arg(dayText).arg(hours);
}

QString bandwidthText(double gigabytesPerSecond) {
    return tr("%1 GB/s").arg(roundedText(gigabytesPerSecond, 1));
}

QString machineText(const QString& cpuModel, double clockGHz) {
    const QString cpu = cpuModel.isEmpty() ? tr("this CPU") : cpuModel;
    if (clockGHz <= 0.0) return cpu;
    return tr("%1 · %2 GHz (estimated)").arg(cpu, numberLocale().toString(clockGHz, 'f', 2));
}

QString progressText(const memory::ProbeProgress& progress) {
    switch (progress.phase) {
        case memory::ProbePhase::Clock:
            return tr("Estimating the clock…");
        case memory::ProbePhase::Latency:
            return tr("Measuring latency: %1").arg(byteSizeText(progress.workingSetBytes));
        case memory::ProbePhase::BandwidthOneThread:
            return tr("Measuring bandwidth on one thread…");
        case memory::ProbePhase::BandwidthAllThreads:
            return tr("Measuring bandwidth on all threads…");
    }
    return {};
}

}  // namespace mlsyslab::widgets
