#pragma once

#include "cli/CommandLine.h"

namespace mlsyslab::cli {

// `gpu coalescing --elem-bytes E (--stride S --offset O | --addresses A0,...,A31) [--json]`:
// the 32-byte sectors and 128-byte lines one warp's load touches (gpu/Coalescing.h), with the
// bytes requested and moved and the efficiency.
Command gpuCoalescingCommand();

}  // namespace mlsyslab::cli
