#pragma once

#include <QColor>
#include <QPalette>

#include "numeric/FloatDecode.h"

namespace mlsyslab::widgets {

// The colours of the float simulators. A float's three fields keep one colour each everywhere
// (buttons, legend, the bits in the comparison table), so students link them at a glance. No
// palette role means "sign" or "subnormal", so each colour comes in a dark shade for light
// backgrounds (presentation mode included) and a light shade for dark ones; both keep at least
// 4.5:1 contrast with the background (WCAG AA).

enum class FloatField { Sign, Exponent, Mantissa };

QColor floatFieldColor(FloatField field, const QPalette& palette);

// A palette for one clickable bit of a field: a set bit is filled with the field colour, a
// clear one is a pale tint of it with the digit in the field colour (BitButton paints from
// Highlight/HighlightedText and Base/Text).
QPalette floatBitPalette(FloatField field, const QPalette& palette);

// The fill of the class badge (zero, subnormal, normal, inf, nan); its text is the palette's
// Base colour, which contrasts with every fill.
QColor floatClassColor(numeric::FloatClass floatClass, const QPalette& palette);

// Whether the palette is light (dark text on a light window): picks the shade of each colour.
bool isLightPalette(const QPalette& palette);

}  // namespace mlsyslab::widgets
