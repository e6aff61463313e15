#pragma once

#include <string>

#include "pyvm/Code.h"
#include "pyvm/Trace.h"

namespace mlsyslab::cli {

// What `py trace` prints for an instruction after its opname: `argumentRepr` in the normalized
// form of `py dis` (jumps `to #N`, code constants `<code object NAME>`, and the bare number for
// an argument that dis shows without a repr, `RESUME 0`), so `OPNAME ARGREPR` is the dis line.
std::string normalizedArgumentRepr(const pyvm::CodeObject& code,
                                   const pyvm::Instruction& instruction);

// One snapshot of `py trace` as one JSON object on one line (no line break), snake_case fields:
// step, event, function, instruction, opname, argrepr, line, stack, frames, globals, output, and
// exception on an exception event. `trace` supplies the output so far.
std::string snapshotJson(const pyvm::Snapshot& snapshot, const pyvm::Trace& trace);

}  // namespace mlsyslab::cli
