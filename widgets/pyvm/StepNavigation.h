#pragma once

#include <string>
#include <utility>
#include <vector>

#include "pyvm/Trace.h"

namespace mlsyslab::widgets {

// What the simulator computes from a recorded trace beyond showing one snapshot: where "Step
// line" goes, and what changed between two neighbouring snapshots (so a view can highlight it).
// Plain C++ over pyvm::Trace; no Qt.

// The next snapshot after `position` that starts a new line in the same frame (a different line,
// or the same line entered again by a backward jump: a loop's next round), or the first one back
// in a calling frame; the last snapshot when there is none. Calls made on the way are stepped over.
int nextLineStep(const pyvm::Trace& trace, int position);

// Per value of the running frame's stack at `position`, bottom first: whether it differs from the
// same slot of that frame one snapshot earlier (a slot that was not there counts as changed).
std::vector<bool> changedStackSlots(const pyvm::Trace& trace, int position);

// Per frame of snapshot `position` and per local of it: whether that variable is new or has a
// new value since the snapshot before. A frame that was not there before is new throughout.
std::vector<std::vector<bool>> changedLocals(const pyvm::Trace& trace, int position);

// Per global of snapshot `position`: new or with a new value since the snapshot before.
std::vector<bool> changedGlobals(const pyvm::Trace& trace, int position);

}  // namespace mlsyslab::widgets
