#include "memory/MemoryColors.h"

#include "common/ColorMix.h"

namespace mlsyslab::widgets {

namespace {

struct Shades {
    QColor onLight;
    QColor onDark;
};

bool isLight(const QPalette& palette) { return palette.color(QPalette::Base).lightness() >= 128; }

// Foregrounds are Material 700/800 shades on light and 200/300 shades on dark backgrounds. The
// levels take hues far apart (orange, purple, green, blue) so neighbours in a plot stay distinct.
Shades shadesOf(MemoryRole role) {
    switch (role) {
        case MemoryRole::Hit: return {QColor(0x2E, 0x7D, 0x32), QColor(0x81, 0xC7, 0x84)};
        case MemoryRole::Miss: return {QColor(0xC6, 0x28, 0x28), QColor(0xEF, 0x9A, 0x9A)};
        case MemoryRole::Dirty: return {QColor(0xE6, 0x51, 0x00), QColor(0xFF, 0xB7, 0x4D)};
        case MemoryRole::Evicted: return {QColor(0x5D, 0x40, 0x37), QColor(0xBC, 0xAA, 0xA4)};
        case MemoryRole::Highlight: return {QColor(0xF9, 0xA8, 0x25), QColor(0xFF, 0xF1, 0x76)};
        case MemoryRole::Registers: return {QColor(0xAD, 0x14, 0x57), QColor(0xF4, 0x8F, 0xB1)};
        case MemoryRole::L1: return {QColor(0xD8, 0x43, 0x15), QColor(0xFF, 0xAB, 0x91)};
        case MemoryRole::L2: return {QColor(0x8E, 0x24, 0xAA), QColor(0xCE, 0x93, 0xD8)};
        case MemoryRole::L3: return {QColor(0x2E, 0x7D, 0x32), QColor(0xA5, 0xD6, 0xA7)};
        case MemoryRole::Dram: return {QColor(0x15, 0x65, 0xC0), QColor(0x90, 0xCA, 0xF9)};
        case MemoryRole::Storage: return {QColor(0x45, 0x5A, 0x64), QColor(0xB0, 0xBE, 0xC5)};
    }
    return {QColor(Qt::black), QColor(Qt::white)};
}

}  // namespace

QColor memoryColor(MemoryRole role, const QPalette& palette) {
    const Shades shades = shadesOf(role);
    return isLight(palette) ? shades.onLight : shades.onDark;
}

QColor memoryFill(MemoryRole role, const QPalette& palette) {
    // A quarter of the colour over the background: pale on light palettes, deep on dark ones.
    return mixedColor(palette.color(QPalette::Base), memoryColor(role, palette), 0.25);
}

QColor inkOn(const QColor& fill) { return fill.lightness() > 140 ? Qt::black : Qt::white; }

}  // namespace mlsyslab::widgets
