#pragma once

#include <QString>
#include <string>

#include "numeric/BitPattern.h"
#include "numeric/IntegerArithmetic.h"

namespace mlsyslab::widgets {

// How the `int` simulator writes numbers for the class: a real minus sign (U+2212, which
// reads better than a hyphen from the back of the room) and bits in groups of four.

// "-128" -> "−128".
QString withMinusSign(const std::string& decimal);
// The pattern read as the format reads it: "−128" or "128".
QString readingText(const numeric::BitPattern& pattern, numeric::Signedness signedness);
// "0111 1111"; at most `digitsPerLine` digits a line (a multiple of 4), lines joined by '\n'.
QString nibbleGroupedBits(const numeric::BitPattern& pattern, int digitsPerLine = 64);
// "8 bits signed (−128 to 127)".
QString formatDescription(numeric::IntegerFormat format);
// "+", "−", "×"; for negate "−" too (NEG computes 0 − A).
QString operatorSymbol(numeric::IntegerOperation operation);

}  // namespace mlsyslab::widgets
