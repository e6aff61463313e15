#pragma once

#include <cstddef>
#include <istream>
#include <string>
#include <vector>

#include "common/Result.h"
#include "memory/MemoryAccess.h"

namespace mlsyslab::memory {

// valgrind Lackey traces (`valgrind --tool=lackey --trace-mem=yes`), as the CS:APP cache lab
// reads them: ` L addr,size`, ` S addr,size`, ` M addr,size` (load then store: two accesses),
// `I addr,size` (an instruction fetch, read as a load only with includeInstructions), hex
// addresses with or without 0x, decimal sizes. Blank lines and valgrind's `==PID==` banner
// lines are skipped.
struct TraceReadOptions {
    bool includeInstructions = false;
    // Stop at the first malformed line (the default), or report it and keep going.
    bool skipMalformedLines = false;
};

struct TraceProblem {
    std::size_t line = 0;    // 1-based
    std::size_t column = 0;  // 1-based
    std::string message;     // "expected a hex address after 'L'", "size must be 1 or more", ...
};

struct TraceReading {
    std::vector<MemoryAccess> accesses;
    std::vector<TraceProblem> problems;  // with skipMalformedLines, every bad line; else at most one
    bool complete() const { return problems.empty(); }
};

TraceReading readLackeyTrace(std::istream& input, const TraceReadOptions& options = {});

// A trace file, plain or gzip-compressed (detected from its content, not its name). Fails only
// when the file cannot be opened or decompressed; line problems are in the reading.
Result<TraceReading> readLackeyTraceFile(const std::string& path,
                                         const TraceReadOptions& options = {});
// The same for standard input (`-` on the command line), plain or gzip-compressed.
Result<TraceReading> readLackeyTraceStandardInput(const TraceReadOptions& options = {});

// "file:line:col: error: message", as the CLI prints it.
std::string formatTraceProblem(const std::string& sourceName, const TraceProblem& problem);

// One line per access (` L 7ff0001a0,4`), the form Lackey writes; M is not reconstructed.
std::string writeLackeyTrace(const std::vector<MemoryAccess>& accesses);

}  // namespace mlsyslab::memory
