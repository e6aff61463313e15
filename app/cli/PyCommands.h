#pragma once

#include <vector>

#include "cli/CommandLine.h"

namespace mlsyslab::cli {

// `py run FILE`, `py dis FILE` and `py trace FILE`: the Python lesson VM without a display
// (DESIGN.md §4). Graders compare their output with CPython 3.11's byte for byte.
std::vector<Command> pyCommands();

}  // namespace mlsyslab::cli
