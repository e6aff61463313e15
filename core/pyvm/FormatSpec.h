#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "pyvm/Runtime.h"
#include "pyvm/Value.h"

// The format-spec mini-language (`format(x, spec)`, f-strings, str.format), parsed and applied as
// CPython 3.11's Python/formatter_unicode.c does.
namespace mlsyslab::pyvm {

// [[fill]align][sign][z][#][0][width][grouping][.precision][type]
struct FormatSpec {
    char32_t fill = U' ';
    bool fillGiven = false;
    char align = 0;               // '<', '>', '^', '=', or 0 for the type's default
    char sign = 0;                // '+', '-', ' ', or 0
    bool noNegativeZero = false;  // 'z'
    bool alternate = false;       // '#'
    std::int64_t width = -1;
    char grouping = 0;  // ',' or '_'
    std::int64_t precision = -1;
    char type = 0;
};

// `typeForErrors` names the object in `Invalid format specifier '...' for object of type 'int'`.
bool parseFormatSpec(Runtime& runtime, std::string_view spec, std::string_view typeForErrors,
                     FormatSpec& out);

// Renders numbers under a parsed spec (NumberFormat.cpp).
Value formatInt(Runtime& runtime, std::int64_t value, FormatSpec spec,
                std::string_view typeForErrors);
Value formatFloat(Runtime& runtime, double value, FormatSpec spec);

// `text` padded to spec.width with the fill, aligned (default `defaultAlign`).
std::string alignText(std::string_view text, std::int64_t lengthCodePoints, const FormatSpec& spec,
                      char defaultAlign);

// Correctly rounded digits of a double in 'e', 'f', 'g' or repr ('r') style. `addDotZero` is the
// 'g' of a spec without a type (`format(x, '.3')`): exponent notation as soon as the digits would
// look like an integer, else `.0` appended (PyOS_double_to_string's Py_DTSF_ADD_DOT_0).
std::string doubleText(double value, char type, int precision, bool alternate,
                       bool addDotZero = false);

}  // namespace mlsyslab::pyvm
