#pragma once

#include <string>
#include <string_view>

namespace mlsyslab::cli {

// Appends `text` as a JSON string literal, quotes included (RFC 8259 §7): `"` and `\` escaped,
// control characters as \n, \t, \r, \b, \f or \u00XX, everything else (UTF-8 included) as it is.
// Program output and reprs reach JSON this way, so any byte a Python program prints stays exact.
void appendJsonString(std::string& out, std::string_view text);

}  // namespace mlsyslab::cli
