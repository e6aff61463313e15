#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace mlsyslab::lesson {

enum class Severity { Warning, Error };

// One problem in a lesson file, at a 1-based line and column (columns count bytes, as
// compilers do). Line 0 means the file as a whole (it could not be read at all).
struct Diagnostic {
    Severity severity = Severity::Error;
    int line = 0;
    int column = 0;
    std::string message;

    friend bool operator==(const Diagnostic&, const Diagnostic&) = default;
};

// "FILE:LINE:COL: error: message" (or "warning:"); "FILE: error: message" for line 0.
std::string formatDiagnostic(std::string_view fileName, const Diagnostic& diagnostic);

bool hasErrors(const std::vector<Diagnostic>& diagnostics);

}  // namespace mlsyslab::lesson
