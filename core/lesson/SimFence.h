#pragma once

#include <optional>

#include "lesson/DiagnosticSink.h"
#include "lesson/Fences.h"
#include "lesson/Lesson.h"
#include "lesson/SimKindRegistry.h"

namespace mlsyslab::lesson {

// Reads a ```sim KIND fence: checks the kind, parses the YAML state and lets the kind validate
// it, reporting every problem at its real file position. Returns nothing when the kind is
// missing or unknown (there is nothing to check the state against).
std::optional<SimBlock> parseSimFence(const Fence& fence, const SimKindRegistry& kinds,
                                      DiagnosticSink& diagnostics);

}  // namespace mlsyslab::lesson
