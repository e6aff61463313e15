#pragma once

#include <QString>

#include "numeric/FloatFormat.h"

namespace mlsyslab::widgets {

// The words and numbers the mixed-precision simulator shows, in one place so that the
// readouts, the slider and the plot say the same thing.

// "FP16", "BF16": format names as slides write them.
QString formatDisplayName(const numeric::FloatFormat& format);

// A share (0 to 1) as a percentage a student can read at a glance: "36 %", "4.2 %", "0.93 %",
// "99.1 %", "0 %", with a no-break space before the sign. Never rounds a non-zero share to
// "0 %" or a share below one to "100 %".
QString shareText(double share);

// "×1024", "×1000", "×0.25": the loss scale.
QString scaleText(double scale);
// "2¹⁰" when the scale is a power of two from 2^4 up (smaller ones read at once), else empty.
QString powerOfTwoText(double scale);
// "2¹⁸", "2⁻³": two to an integer power.
QString powerOfTwoExponentText(int exponent);
// "10⁻⁸": a tick label of the log10 axis.
QString decadeText(int exponent);
// Two significant digits, "4.6e−41", "3.4e38", "0.5", with a real minus sign: a threshold in
// a note.
QString shortNumberText(double value);

}  // namespace mlsyslab::widgets
