#include "pyvm/PyVmColors.h"

namespace mlsyslab::widgets {

namespace {

struct Shades {
    QColor onLight;
    QColor onDark;
};

bool isLight(const QPalette& palette) { return palette.color(QPalette::Base).lightness() >= 128; }

QColor pick(const Shades& shades, const QPalette& palette) {
    return isLight(palette) ? shades.onLight : shades.onDark;
}

// Backgrounds are pale tints on light palettes and deep ones on dark palettes, so the text on
// them keeps its contrast. The running line is yellow as in most debuggers (and Python Tutor's
// arrow); "changed" is the orange the logic views use for a wire that just changed. Foregrounds
// are Material 800 shades on light and 200 shades on dark backgrounds.
Shades shadesOf(PyVmRole role) {
    switch (role) {
        case PyVmRole::CurrentLine:
            return {QColor(0xFF, 0xF1, 0x76), QColor(0x5C, 0x52, 0x00)};
        case PyVmRole::CurrentSpan:
            return {QColor(0xE6, 0x51, 0x00), QColor(0xFF, 0xB7, 0x4D)};
        case PyVmRole::Changed:
            return {QColor(0xFF, 0xCC, 0x80), QColor(0x8A, 0x4B, 0x00)};
        case PyVmRole::JumpArrow:
            return {QColor(0x15, 0x65, 0xC0), QColor(0x90, 0xCA, 0xF9)};
        case PyVmRole::FrameBorder:
            return {QColor(0x75, 0x75, 0x75), QColor(0x9E, 0x9E, 0x9E)};
        case PyVmRole::RunningFrame:
            return {QColor(0xF5, 0x7F, 0x17), QColor(0xFF, 0xD5, 0x4F)};
        case PyVmRole::Keyword:
            return {QColor(0x6A, 0x1B, 0x9A), QColor(0xCE, 0x93, 0xD8)};
        case PyVmRole::Builtin:
            return {QColor(0x00, 0x69, 0x5C), QColor(0x80, 0xCB, 0xC4)};
        case PyVmRole::String:
            return {QColor(0x2E, 0x7D, 0x32), QColor(0xA5, 0xD6, 0xA7)};
        case PyVmRole::Number:
            return {QColor(0x15, 0x65, 0xC0), QColor(0x90, 0xCA, 0xF9)};
        case PyVmRole::Comment:
            return {QColor(0x61, 0x61, 0x61), QColor(0xBD, 0xBD, 0xBD)};
    }
    return {QColor(Qt::black), QColor(Qt::white)};
}

}  // namespace

QColor pyVmColor(PyVmRole role, const QPalette& palette) { return pick(shadesOf(role), palette); }

QColor quietTextColor(const QPalette& palette) {
    return pick({QColor(0x75, 0x75, 0x75), QColor(0x9E, 0x9E, 0x9E)}, palette);
}

}  // namespace mlsyslab::widgets
