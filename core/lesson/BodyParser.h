#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "lesson/DiagnosticSink.h"
#include "lesson/Lesson.h"
#include "lesson/SimKindRegistry.h"

namespace mlsyslab::lesson {

// Splits the body (every line after the front matter's closing line) into steps at '---' lines
// that follow a blank line, and reads each step's prose, sim fences, quizzes and notes.
// `closingLineIndex` is the 0-based index of the front matter's closing line.
std::vector<Step> parseBody(const std::vector<std::string_view>& lines,
                            std::size_t closingLineIndex, const SimKindRegistry& kinds,
                            DiagnosticSink& diagnostics);

}  // namespace mlsyslab::lesson
