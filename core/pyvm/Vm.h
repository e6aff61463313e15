#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "pyvm/Runtime.h"
#include "pyvm/Trace.h"

namespace mlsyslab::pyvm {

struct RunOptions {
    std::string filename = "<lesson>";
    Limits limits;
    bool recordTrace = false;             // one Snapshot per instruction (slower); else run mode
    std::int64_t maxSnapshots = 100'000;  // a traced run stops there (Trace::truncated)
    const std::atomic<bool>* cancel = nullptr;  // set from another thread to stop the run
};

// How a program ended. `error` is set for an uncaught exception (a SyntaxError included), and
// `traceback` is then the full text CPython would print to stderr, its last line `error->line()`.
struct RunResult {
    std::string output;
    std::optional<PyError> error;
    std::string traceback;
    int errorLine = 0;    // where the error happened (for a SyntaxError, its line and 1-based offset)
    int errorOffset = 0;
    std::int64_t steps = 0;  // instructions executed
    Trace trace;             // filled when RunOptions::recordTrace
};

// Compiles and runs a whole program in a fresh sandboxed VM: no imports, no files, no network.
RunResult runProgram(std::string_view source, const RunOptions& options = {});

}  // namespace mlsyslab::pyvm
