#pragma once

#include <optional>

#include "lesson/DiagnosticSink.h"
#include "lesson/Fences.h"
#include "lesson/Lesson.h"

namespace mlsyslab::lesson {

// Reads a ```quiz single|multi fence: the question (Markdown), then one choice per
// "- [ ] text" / "- [x] text" line, then optional "> " explanation lines. Every problem is
// reported; the quiz is returned when its own part of the file has no error.
std::optional<Quiz> parseQuizFence(const Fence& fence, DiagnosticSink& diagnostics);

}  // namespace mlsyslab::lesson
