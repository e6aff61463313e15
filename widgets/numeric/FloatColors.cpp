#include "numeric/FloatColors.h"

#include "common/ColorMix.h"
#include "common/DisplayStyle.h"

namespace mlsyslab::widgets {

namespace {

struct Shades {
    QColor onLight;
    QColor onDark;
};

QColor pick(const Shades& shades, const QPalette& palette) {
    return isLightPalette(palette) ? shades.onLight : shades.onDark;
}

// Material Design 800 shades on light backgrounds, 200 shades on dark ones.
const Shades kSignShades{QColor(0x6A, 0x1B, 0x9A), QColor(0xCE, 0x93, 0xD8)};      // purple
const Shades kExponentShades{QColor(0x00, 0x69, 0x5C), QColor(0x80, 0xCB, 0xC4)};  // teal
const Shades kMantissaShades{QColor(0x15, 0x65, 0xC0), QColor(0x90, 0xCA, 0xF9)};  // blue

const Shades kZeroShades{QColor(0x55, 0x55, 0x55), QColor(0xBD, 0xBD, 0xBD)};
const Shades kSubnormalShades{QColor(0xA0, 0x48, 0x00), QColor(0xFF, 0xB7, 0x4D)};
const Shades kNormalShades{QColor(0x2E, 0x7D, 0x32), QColor(0xA5, 0xD6, 0xA7)};
const Shades kNanShades{QColor(0x88, 0x0E, 0x4F), QColor(0xF4, 0x8F, 0xB1)};

// How much of the field colour tints a clear bit: enough to see the group, little enough that
// a set bit (full colour) stands out from across a lecture hall.
constexpr double kClearBitTint = 0.14;

}  // namespace

bool isLightPalette(const QPalette& palette) {
    return palette.color(QPalette::Window).lightness() >= 128;
}

QColor floatFieldColor(FloatField field, const QPalette& palette) {
    switch (field) {
        case FloatField::Sign:
            return pick(kSignShades, palette);
        case FloatField::Exponent:
            return pick(kExponentShades, palette);
        case FloatField::Mantissa:
            return pick(kMantissaShades, palette);
    }
    return palette.color(QPalette::Text);
}

QPalette floatBitPalette(FloatField field, const QPalette& palette) {
    const QColor strong = floatFieldColor(field, palette);
    QPalette bitPalette = palette;
    for (const auto group : {QPalette::Active, QPalette::Inactive, QPalette::Disabled}) {
        bitPalette.setColor(group, QPalette::Highlight, strong);
        bitPalette.setColor(group, QPalette::HighlightedText, palette.color(QPalette::Base));
        bitPalette.setColor(group, QPalette::Base,
                            mixedColor(palette.color(QPalette::Base), strong, kClearBitTint));
        bitPalette.setColor(group, QPalette::Text, strong);
    }
    return bitPalette;
}

QColor floatClassColor(numeric::FloatClass floatClass, const QPalette& palette) {
    switch (floatClass) {
        case numeric::FloatClass::Zero:
            return pick(kZeroShades, palette);
        case numeric::FloatClass::Subnormal:
            return pick(kSubnormalShades, palette);
        case numeric::FloatClass::Normal:
            return pick(kNormalShades, palette);
        case numeric::FloatClass::Infinity:
            return errorColor(palette);
        case numeric::FloatClass::Nan:
            return pick(kNanShades, palette);
    }
    return palette.color(QPalette::Text);
}

}  // namespace mlsyslab::widgets
