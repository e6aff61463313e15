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
//
// How the interpreter records them (RunOptions::recordTrace):
// - one Instruction snapshot BEFORE every instruction runs, RESUME and PRECALL included; the
//   running frame's `instruction` is the one about to run, a caller's is the CALL it waits on
//   (its stack then no longer holds the callable and the arguments: they went to the callee);
// - the first snapshot of a freshly called frame (its RESUME) has event Call, also for frames
//   that a builtin calls back (sorted(key=f));
// - a frame's `locals` are its assigned fast locals in localsPlus order (arguments, locals,
//   cells, free variables), a cell shown by its contents; the module frame has none (its
//   variables are the globals);
// - `stack` holds reprs bottom first, "NULL" for CPython's NULL; LOAD_METHOD's pair shows
//   `<method 'append' of 'list' objects>` then the object, as CPython's stack holds it;
// - `globals` are the module's names in insertion order, without dunder names
//   (`__name__`, `__builtins__`);
// - the run ends with one more snapshot: event Return after the module's RETURN_VALUE (the module
//   frame at that instruction, its stack empty), or event Exception with `exception` =
//   `ExcType: message` and the frames as they were where it was raised (each at the instruction
//   that raised or called, the stack as the failing instruction found it);
// - at RunOptions::maxSnapshots Instruction snapshots the run stops: Trace::limitReached says
//   TraceLimit::Snapshots, no final snapshot is added and the run has no error. It stops the
//   same way, with TraceLimit::RecordedFrames, once the snapshots hold kMaxRecordedFrames frames
//   in all (deep recursion copies every frame into every snapshot), so a trace's memory stays
//   bounded.
struct Snapshot {
    std::int64_t step = 0;  // 0-based
    TraceEvent event = TraceEvent::Instruction;
    std::vector<FrameSnapshot> frames;
    std::vector<std::pair<std::string, std::string>> globals;  // user names, in definition order
    std::size_t outputLength = 0;  // output so far = Trace::output.substr(0, outputLength)
    std::string exception;         // `ExcType: message` for an Exception event
};

// Every snapshot copies every frame, so deep recursion multiplies a trace's size: past this
// many frames in all (about 150 MB of snapshots) the recording stops. A program that recurses
// to depth d records about d²/2 frames times the instructions per call, so the budget runs out
// some 500 calls deep, well before Python's recursion limit of 1000 frames.
inline constexpr std::int64_t kMaxRecordedFrames = 1'000'000;

// Which limit stopped a recording before the program ended; the two mean different things to a
// student: a program longer than the step limit (or one that never ends), or one that went so
// deep that copying its frames filled the trace.
enum class TraceLimit {
    None,            // the recording reached the program's end (or its uncaught exception)
    Snapshots,       // RunOptions::maxSnapshots instruction snapshots
    RecordedFrames,  // kMaxRecordedFrames frames in all the snapshots together
};

// A recorded run: every snapshot, the final output, and how it ended.
struct Trace {
    std::vector<Snapshot> snapshots;
    std::string output;
    TraceLimit limitReached = TraceLimit::None;

    // The program was stopped at a limit, not at its end: there is no final snapshot.
    bool truncated() const { return limitReached != TraceLimit::None; }
};

}  // namespace mlsyslab::pyvm
