#pragma once

#include "memory/ProbeControl.h"

namespace mlsyslab::memory {

// This core's clock, measured rather than read: the time of a long chain of dependent integer
// additions, each of which needs the previous one's result. An integer add has a latency of one
// cycle on every x86-64 and ARM core in common use, so additions per nanosecond = cycles per
// nanosecond = GHz. The latency probe's nanoseconds divided by the cycle time give "latency in
// cycles on your machine", the unit of the lecture's 4 / 10 / 40 / 100.
//
// It is the clock while the core is busy (turbo or boost included), which is the clock the
// probe runs at. The median of several runs of about 10 ms each; a run after a short warm-up so
// the core has left its idle frequency. Returns 0 when cancelled.
double estimateClockGHz(const ProbeControl& control = {});

}  // namespace mlsyslab::memory
