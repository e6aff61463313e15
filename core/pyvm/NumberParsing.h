#pragma once

#include <string_view>

#include "pyvm/Runtime.h"
#include "pyvm/Value.h"

namespace mlsyslab::pyvm {

// int(text, base) as CPython parses it: surrounding whitespace, a sign, the 0x/0o/0b prefix that
// matches `base` (any of them for base 0), single underscores between digits. Raises
// `ValueError: invalid literal for int() with base 10: 'abc'`, or OverflowError past 64 bits.
Value parseIntText(Runtime& runtime, const Value& text, int base);

// float(text): decimal and exponent forms with underscores, `inf`, `infinity`, `nan` in any case.
// Raises `ValueError: could not convert string to float: 'abc'`.
Value parseFloatText(Runtime& runtime, const Value& text);

}  // namespace mlsyslab::pyvm
