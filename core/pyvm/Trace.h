#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "pyvm/Code.h"

namespace mlsyslab::pyvm {

// What happened at a step besides the instruction itself.
enum class TraceEvent { Instruction, Call, Return, Exception };

// One frame as a view draws it: the function, where it is, and its variables as reprs.
struct FrameSnapshot {
    std::shared_ptr<const CodeObject> code;
    std::string function;  // co_qualname, `<module>` for the module
    int instruction = 0;   // index into code->code
    int line = 0;
    std::vector<std::pair<std::string, std::string>> locals;  // name, repr; assigned ones only
    std::vector<std::string> stack;  // this frame's value stack as reprs, bottom first; NULL as "NULL"
};

// The whole state before one instruction runs (DESIGN §2: a view renders one snapshot without
// looking at its neighbours). Frames run from the module (first) to the running one (last).
struct Snapshot {
    std::int64_t step = 0;  // 0-based
    TraceEvent event = TraceEvent::Instruction;
    std::vector<FrameSnapshot> frames;
    std::vector<std::pair<std::string, std::string>> globals;  // user names, in definition order
    std::size_t outputLength = 0;  // output so far = Trace::output.substr(0, outputLength)
    std::string exception;         // `ExcType: message` for an Exception event
};

// A recorded run: every snapshot, the final output, and how it ended.
struct Trace {
    std::vector<Snapshot> snapshots;
    std::string output;
    bool truncated = false;  // the program ran past the snapshot limit and was stopped there
};

}  // namespace mlsyslab::pyvm
