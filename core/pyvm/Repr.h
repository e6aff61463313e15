#pragma once

#include <string>
#include <string_view>

// The two reprs every part of the VM shares and students compare character for character.
namespace mlsyslab::pyvm {

// `repr(x)` of a float as CPython 3.11 prints it: the shortest string that round-trips, in fixed
// notation for decimal exponents -4..15 (`0.0001`, `1e-05`, `1234567890123456.0`, `1e+16`), with
// `inf`, `-inf`, `nan` and `-0.0`.
std::string floatRepr(double value);

// `repr(s)` of a str (UTF-8): single quotes unless the text has a single quote and no double one;
// `\\`, `\n`, `\r`, `\t` and the chosen quote escaped; other non-printable characters as `\xNN`,
// `\uNNNN` or `\UNNNNNNNN`; printable non-ASCII kept as it is.
std::string strRepr(std::string_view utf8);

}  // namespace mlsyslab::pyvm
