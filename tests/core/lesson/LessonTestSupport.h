#pragma once

// What the lesson parser's and the simulator kinds' test suites share: fake simulator kinds and
// readable diagnostics and problems.
#include <QByteArray>
#include <QString>
#include <QStringList>
#include <vector>

#include "lesson/Diagnostic.h"
#include "lesson/SimKindRegistry.h"

namespace mlsyslab::testing {

using namespace mlsyslab::lesson;

// Test kinds, so these tests do not depend on the real simulators: "bits" refuses `width: 7`
// (an error at the value) and warns about a `colour` key; "matmul" takes any state.
inline SimKindRegistry testKinds() {
    SimKindRegistry kinds;
    kinds.add({"bits", "test bits", {}, [](const YAML::Node& state) {
                   SimStateReading reading{SimState::of(std::string("test bits")), {}};
                   auto& problems = reading.problems;
                   if (!state.IsMap()) return reading;
                   for (auto entry = state.begin(); entry != state.end(); ++entry) {
                       const std::string key = entry->first.Scalar();
                       if (key == "width" && entry->second.Scalar() == "7") {
                           problems.push_back({Severity::Error, entry->second.Mark(),
                                               "width must be 4, 8, 16 or 32"});
                       } else if (key == "colour") {
                           problems.push_back(
                               {Severity::Warning, entry->first.Mark(), "unknown key 'colour'"});
                       }
                   }
                   return reading;
               }});
    kinds.add({"matmul", "test matmul", {}, [](const YAML::Node&) { return SimStateReading{}; }});
    return kinds;
}

// The diagnostics as "t:LINE:COL: error: message" lines, for failure messages.
inline QByteArray listOf(const std::vector<Diagnostic>& diagnostics) {
    QByteArray list;
    for (const Diagnostic& diagnostic : diagnostics) {
        list += QByteArray::fromStdString(formatDiagnostic("t", diagnostic)) + '\n';
    }
    return list.isEmpty() ? QByteArray("(none)") : list;
}

// "error 0:7 message": severity, yaml-cpp's 0-based line and column, message; one line per
// problem, so a failing comparison of a kind's problems shows everything that was reported.
inline QStringList describe(const std::vector<StateProblem>& problems) {
    QStringList lines;
    for (const StateProblem& problem : problems) {
        lines << QStringLiteral("%1 %2:%3 %4")
                     .arg(problem.severity == Severity::Error ? "error" : "warning")
                     .arg(problem.mark.line)
                     .arg(problem.mark.column)
                     .arg(QString::fromStdString(problem.message));
    }
    return lines;
}

}  // namespace mlsyslab::testing
