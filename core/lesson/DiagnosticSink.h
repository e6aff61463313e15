#pragma once

#include <algorithm>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "lesson/Diagnostic.h"

namespace mlsyslab::lesson {

// Collects the diagnostics of one parse; the parser's parts report into it as they go, so one
// run reports every problem rather than stopping at the first.
class DiagnosticSink {
public:
    void error(int line, int column, std::string message) {
        diagnostics_.push_back({Severity::Error, line, column, std::move(message)});
    }
    void warning(int line, int column, std::string message) {
        diagnostics_.push_back({Severity::Warning, line, column, std::move(message)});
    }
    void add(Diagnostic diagnostic) { diagnostics_.push_back(std::move(diagnostic)); }

    bool hasErrors() const { return lesson::hasErrors(diagnostics_); }
    std::size_t errorCount() const {
        return static_cast<std::size_t>(
            std::count_if(diagnostics_.begin(), diagnostics_.end(),
                          [](const Diagnostic& d) { return d.severity == Severity::Error; }));
    }

    // In file order; problems at the same place keep the order they were found in.
    std::vector<Diagnostic> takeSorted() {
        std::stable_sort(diagnostics_.begin(), diagnostics_.end(),
                         [](const Diagnostic& left, const Diagnostic& right) {
                             if (left.line != right.line) return left.line < right.line;
                             return left.column < right.column;
                         });
        return std::move(diagnostics_);
    }

private:
    std::vector<Diagnostic> diagnostics_;
};

}  // namespace mlsyslab::lesson
