#include "lesson/Diagnostic.h"

#include <algorithm>

namespace mlsyslab::lesson {

std::string formatDiagnostic(std::string_view fileName, const Diagnostic& diagnostic) {
    std::string text(fileName);
    if (diagnostic.line > 0) {
        text += ':' + std::to_string(diagnostic.line) + ':' + std::to_string(diagnostic.column);
    }
    text += diagnostic.severity == Severity::Error ? ": error: " : ": warning: ";
    text += diagnostic.message;
    return text;
}

bool hasErrors(const std::vector<Diagnostic>& diagnostics) {
    return std::any_of(diagnostics.begin(), diagnostics.end(),
                       [](const Diagnostic& d) { return d.severity == Severity::Error; });
}

}  // namespace mlsyslab::lesson
