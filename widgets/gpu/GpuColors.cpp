#include "gpu/GpuColors.h"

#include <array>

#include "common/ColorMix.h"

namespace mlsyslab::widgets {

namespace {

bool isLight(const QPalette& palette) { return palette.color(QPalette::Base).lightness() >= 128; }

QColor shade(const QPalette& palette, QColor onLight, QColor onDark) {
    return isLight(palette) ? onLight : onDark;
}

}  // namespace

QColor smColor(int sm, const QPalette& palette) {
    // Twelve hues spread round the wheel, in an order that puts neighbours far apart, so SM 0
    // and SM 1 never look alike; saturation and value picked to read on either background.
    static constexpr std::array<int, 12> kHues = {210, 30, 120, 330, 270, 60,
                                                  180, 0, 90, 300, 240, 150};
    const int hue = kHues[static_cast<std::size_t>(sm) % kHues.size()];
    return isLight(palette) ? QColor::fromHsv(hue, 150, 215) : QColor::fromHsv(hue, 110, 190);
}

QColor warpStatusColor(gpu::WarpStatus status, const QPalette& palette) {
    switch (status) {
        case gpu::WarpStatus::Issued:
            return shade(palette, QColor(0x2E, 0x7D, 0x32), QColor(0x81, 0xC7, 0x84));
        case gpu::WarpStatus::Ready:
            return shade(palette, QColor(0xF9, 0xA8, 0x25), QColor(0xFF, 0xF1, 0x76));
        case gpu::WarpStatus::WaitingOnRegister:
            return shade(palette, QColor(0xC6, 0x28, 0x28), QColor(0xEF, 0x9A, 0x9A));
        case gpu::WarpStatus::WaitingAtBarrier:
            return shade(palette, QColor(0x6A, 0x1B, 0x9A), QColor(0xCE, 0x93, 0xD8));
        case gpu::WarpStatus::PipelineBusy:
            return shade(palette, QColor(0xE6, 0x51, 0x00), QColor(0xFF, 0xB7, 0x4D));
        case gpu::WarpStatus::Finished:
            return mixedColor(palette.color(QPalette::Base), palette.color(QPalette::Text), 0.15);
    }
    return palette.color(QPalette::Text);
}

QColor activeLaneColor(const QPalette& palette) {
    return shade(palette, QColor(0x15, 0x65, 0xC0), QColor(0x90, 0xCA, 0xF9));
}

QColor idleLaneColor(const QPalette& palette) {
    return mixedColor(palette.color(QPalette::Base), palette.color(QPalette::Text), 0.12);
}

}  // namespace mlsyslab::widgets
