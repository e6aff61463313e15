#pragma once

#include <string_view>

#include "common/Result.h"
#include "numeric/BitPattern.h"

namespace mlsyslab::numeric {

// Reading a bit pattern from what a student types. Each parser accepts surrounding spaces and
// rejects anything else with a message that says why, e.g.
//   "300 does not fit in 8 bits unsigned (0 to 255)".

// A decimal number from 0 to 2^width - 1.
Result<BitPattern> parseUnsignedText(std::string_view text, int width);
// A decimal number from -2^(width-1) to 2^(width-1) - 1, stored in two's complement.
Result<BitPattern> parseSignedText(std::string_view text, int width);
// Hex digits, with or without "0x", at most ceil(width / 4) significant digits that fit.
Result<BitPattern> parseHexText(std::string_view text, int width);
// Binary digits, with or without "0b"; spaces and '_' between digits are allowed.
Result<BitPattern> parseBinaryText(std::string_view text, int width);

}  // namespace mlsyslab::numeric
