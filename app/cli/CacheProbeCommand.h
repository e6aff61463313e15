#pragma once

#include "cli/CommandLine.h"

namespace mlsyslab::cli {

// `cache probe [--json] [--quick] [--max-size BYTES] [--no-bandwidth]`: this machine's measured
// latency curve (a random pointer chase over working sets from 4 KiB up), the plateaus of L1,
// L2, L3 and DRAM in nanoseconds and cycles, the estimated clock, the caches the system
// reports, and the STREAM triad bandwidth on one thread and on all.
Command cacheProbeCommand();

}  // namespace mlsyslab::cli
