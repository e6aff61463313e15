#pragma once

#include "pyvm/Interpreter.h"
#include "pyvm/Trace.h"

namespace mlsyslab::pyvm {

// Builds the snapshots of a traced run from the interpreter's frames (Trace.h has the rules).
struct TraceRecorder {
    // The snapshot before the running frame's next instruction; false (after raising the
    // snapshot-limit stop) when the trace is full.
    static bool recordStep(Interpreter& vm);
    // The final snapshots: the module returned, or an exception is on its way out.
    static void recordReturn(Interpreter& vm);
    static void recordException(Interpreter& vm);
};

}  // namespace mlsyslab::pyvm
