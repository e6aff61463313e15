#pragma once

#include <QString>
#include <string>

#include "numeric/BitPattern.h"
#include "numeric/FixedPoint.h"

namespace mlsyslab::widgets {

// How the `fixed` simulator writes numbers for the class, and reads back what a student pastes.

// An exact decimal from the engine, for the screen: a real minus sign (U+2212 reads better
// than a hyphen from the back of the room) and, when it has more than 10 digits, digits in
// groups of three from the point, joined by thin spaces (U+2009), so a long value such as
// 2^-63 = 0.000 000 000 000 000 000 108 420 ... is readable and a label can wrap it.
QString displayedNumber(const std::string& exactText);
// What a student typed, for a message: trimmed, with the minus sign.
QString displayedTyped(const QString& typed);
// A displayed number made readable to the engine again: '-' for U+2212, no thin spaces.
QString engineText(const QString& shownOrTyped);

// "2⁻⁴", "2¹⁵": a power of two with a Unicode superscript (rich text <sup> gets clipped).
QString powerOfTwoText(int exponent);
// "−41 × 2⁻⁴": the integer the bits hold and the scale; the fixed-point reading in one line.
QString storedIntegerText(const numeric::FixedFormat& format, const numeric::BitPattern& bits);
// What became of a value past the ends of the range, in a sentence; empty when nothing did.
QString overflowNoteText(const numeric::FixedFormat& format, numeric::OverflowOutcome outcome,
                         const QString& typed);

}  // namespace mlsyslab::widgets
