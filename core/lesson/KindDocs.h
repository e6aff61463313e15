#pragma once

#include <string>
#include <vector>

#include "lesson/SimKindRegistry.h"

namespace mlsyslab::lesson {

// The kind's table of fields as docs/lesson-format.md shows it, one Markdown line each: the
// header "| Field | Default | Value |", its rule, then one row per field in schema order. The
// kind conformance suite checks the docs against it; `mlsyslab-cli lesson kinds KIND` prints it.
std::vector<std::string> fieldTableLines(const SimKind& kind);

}  // namespace mlsyslab::lesson
