#include "matmul/MatmulParallelColors.h"

#include "common/ColorMix.h"

namespace mlsyslab::widgets {

namespace {

bool isLight(const QPalette& palette) { return palette.color(QPalette::Base).lightness() >= 128; }

struct Shades {
    QColor onLight;
    QColor onDark;
};

// Material 800 shades on light and 200 shades on dark backgrounds: orange for the work of this
// step, blue for what it reads, green for what is finished.
Shades shadesOf(ParallelRole role) {
    switch (role) {
        case ParallelRole::Active:
            return {QColor(0xEF, 0x6C, 0x00), QColor(0xFF, 0xCC, 0x80)};
        case ParallelRole::Operand:
            return {QColor(0x15, 0x65, 0xC0), QColor(0x90, 0xCA, 0xF9)};
        case ParallelRole::Partial:
            return {QColor(0xF9, 0xA8, 0x25), QColor(0xFF, 0xF5, 0x9D)};
        case ParallelRole::Done:
            return {QColor(0x2E, 0x7D, 0x32), QColor(0xA5, 0xD6, 0xA7)};
        case ParallelRole::Padding:
            return {QColor(0x75, 0x75, 0x75), QColor(0xBD, 0xBD, 0xBD)};
    }
    return {QColor(Qt::black), QColor(Qt::white)};
}

// How much of the colour goes into a fill: the active cells strongest.
double fillShare(ParallelRole role) {
    switch (role) {
        case ParallelRole::Active:
            return 0.45;
        case ParallelRole::Operand:
            return 0.35;
        case ParallelRole::Partial:
            return 0.25;
        case ParallelRole::Done:
            return 0.25;
        case ParallelRole::Padding:
            return 0.12;
    }
    return 0.25;
}

}  // namespace

QColor parallelColor(ParallelRole role, const QPalette& palette) {
    const Shades shades = shadesOf(role);
    return isLight(palette) ? shades.onLight : shades.onDark;
}

QColor parallelFill(ParallelRole role, const QPalette& palette) {
    return mixedColor(palette.color(QPalette::Base), parallelColor(role, palette), fillShare(role));
}

}  // namespace mlsyslab::widgets
