#pragma once

#include <string>

namespace mlsyslab::cli {

// A parser's problem with an input file, as a compiler prints it: "FILE:LINE:COL: message"
// becomes "FILE:LINE:COL: error: message", "FILE: message" becomes "FILE: error: message", and a
// message that does not name the file is put after "FILE: error: ".
std::string fileErrorText(const std::string& path, const std::string& message);

}  // namespace mlsyslab::cli
