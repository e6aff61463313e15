#include "logic/LogicColors.h"

#include "numeric/FloatColors.h"

namespace mlsyslab::widgets {

namespace {

struct Shades {
    QColor onLight;
    QColor onDark;
};

QColor pick(const Shades& shades, const QPalette& palette) {
    return isLightPalette(palette) ? shades.onLight : shades.onDark;
}

// Material Design 800 shades on light backgrounds, 200 shades on dark ones. 0 is a grey that
// still reads as "a wire"; 1 is green as on logic analysers and in Logisim and Digital.
const Shades kLowShades{QColor(0x61, 0x61, 0x61), QColor(0xBD, 0xBD, 0xBD)};      // grey
const Shades kHighShades{QColor(0x2E, 0x7D, 0x32), QColor(0xA5, 0xD6, 0xA7)};     // green
const Shades kChangedShades{QColor(0xE6, 0x51, 0x00), QColor(0xFF, 0xCC, 0x80)};  // orange
const Shades kCriticalShades{QColor(0xFF, 0xCD, 0xD2), QColor(0x8E, 0x24, 0x24)};  // red tint

}  // namespace

QColor wireColor(WireState state, const QPalette& palette) {
    switch (state) {
        case WireState::Low:
            return pick(kLowShades, palette);
        case WireState::High:
            return pick(kHighShades, palette);
        case WireState::Changed:
            return pick(kChangedShades, palette);
    }
    return pick(kLowShades, palette);
}

QColor wireColor(bool value, const QPalette& palette) {
    return wireColor(value ? WireState::High : WireState::Low, palette);
}

QColor criticalPathColor(const QPalette& palette) { return pick(kCriticalShades, palette); }

}  // namespace mlsyslab::widgets
