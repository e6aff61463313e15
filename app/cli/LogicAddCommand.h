#pragma once

#include "cli/CommandLine.h"

namespace mlsyslab::cli {

// `logic add --width W --adder ripple|cla A B [--sub] [--json]`: the sum through a gate-level
// adder, its flags, how long the circuit takes to settle, and what it costs in gates.
Command logicAddCommand();

}  // namespace mlsyslab::cli
