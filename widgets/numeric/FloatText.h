#pragma once

#include <QString>

#include "numeric/FloatConversion.h"
#include "numeric/FloatFormat.h"

namespace mlsyslab::widgets {

// The words the float simulators show for the engine's numbers, in one place so that the
// simulator and the comparison table say the same thing.

// A value in full when its exact decimal has at most `longestExact` characters
// ("0.0999755859375"), else its float32-exact text ("3.40282347e+38"); a real minus sign.
QString exactOrShortValueText(const numeric::FloatFormat& format, double value, int longestExact);

// "2.44e-05": three significant digits; "∞" for infinity.
QString absoluteErrorText(double absoluteError);
// "0.0244 %".
QString relativeErrorText(double relativeError);

// What happened at the ends of the range: "overflow → inf", "saturated to 65504",
// "underflow → 0", ...; empty when nothing did. Brief notes fit a table cell.
enum class NoteDetail { Brief, Full };
QString rangeNoteText(const numeric::FloatFormat& format,
                      const numeric::DecimalConversion& conversion, numeric::EncodeOptions options,
                      NoteDetail detail);

// A value for a neighbour or an ULP: the engine's %.9g text, with a real minus sign.
QString valueText(const numeric::FloatFormat& format, double value);

}  // namespace mlsyslab::widgets
