#include "gpu/GpuDeviceText.h"

#include <QLocale>
#include <QStringList>
#include <cmath>

namespace mlsyslab::widgets {

namespace {

const QLocale& numberLocale() {
    static const QLocale locale(QLocale::English);
    return locale;
}

// At most one decimal, and none when it is zero: "72", "1.5".
QString shortNumber(double value) {
    const double rounded = std::round(value * 10) / 10;
    const bool whole = std::abs(rounded - std::round(rounded)) < 1e-9;
    return numberLocale().toString(rounded, 'f', whole ? 0 : 1);
}

}  // namespace

QString countText(std::int64_t count) { return numberLocale().toString(qlonglong(count)); }

QString shortDeviceName(const gpu::DeviceModel& device) {
    QString name = QString::fromStdString(device.name);
    for (const char* prefix : {"NVIDIA ", "GeForce ", "Tesla "}) {
        if (name.startsWith(QLatin1String(prefix))) name.remove(0, int(qstrlen(prefix)));
    }
    return name.isEmpty() ? QString::fromStdString(device.id) : name;
}

QString memorySizeText(std::int64_t bytes) {
    constexpr double kKilo = 1024.0;
    const QStringList units = {QStringLiteral("bytes"), QStringLiteral("KB"), QStringLiteral("MB"),
                               QStringLiteral("GB"), QStringLiteral("TB")};
    double value = double(bytes);
    int unit = 0;
    while (value >= kKilo && unit + 1 < units.size()) {
        value /= kKilo;
        ++unit;
    }
    return shortNumber(value) + QLatin1Char(' ') + units[unit];
}

QString memoryBandwidthText(double gigabytesPerSecond) {
    // From 2,000 GB/s on, in TB/s with up to two decimals, as datasheets write HBM's.
    if (gigabytesPerSecond >= 2000) {
        QString text = numberLocale().toString(gigabytesPerSecond / 1000, 'f', 2);
        while (text.endsWith(QLatin1Char('0'))) text.chop(1);
        if (text.endsWith(QLatin1Char('.'))) text.chop(1);
        return text + QStringLiteral(" TB/s");
    }
    return shortNumber(gigabytesPerSecond) + QStringLiteral(" GB/s");
}

}  // namespace mlsyslab::widgets
