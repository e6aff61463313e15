#pragma once

#include <vector>

#include "cli/CommandLine.h"

namespace mlsyslab::cli {

// The `cache` group: `cache run --config CFG.yaml --trace TRACE [--json]` runs a valgrind
// Lackey trace through a simulated cache hierarchy and reports per-level counts, cycles and
// AMAT; `cache probe` measures this machine's latency curve.
std::vector<Command> cacheCommands();

}  // namespace mlsyslab::cli
