#pragma once

#include "pyvm/Code.h"

namespace mlsyslab::pyvm {

// How many values `instruction` leaves on its frame's stack minus how many it takes, as CPython
// 3.11's `dis.stack_effect` has it. `jumping` picks the branch for the instructions whose effect
// differs when they jump (FOR_ITER, JUMP_IF_*_OR_POP).
int stackEffect(const Instruction& instruction, bool jumping);

// The deepest the value stack of `code` gets on any path (CPython's co_stacksize): a frame
// reserves that many slots once, so pushes never check for room.
int maxStackDepth(const CodeObject& code);

}  // namespace mlsyslab::pyvm
