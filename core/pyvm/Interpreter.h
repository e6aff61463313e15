#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "pyvm/Code.h"
#include "pyvm/Frame.h"
#include "pyvm/PreparedCode.h"
#include "pyvm/Runtime.h"
#include "pyvm/Trace.h"
#include "pyvm/Value.h"

namespace mlsyslab::pyvm {

// One line of a traceback: a frame and the instruction it was at, innermost first while unwinding.
struct TracebackEntry {
    std::shared_ptr<const CodeObject> code;
    int instruction = 0;
};

// What the interpreter needs besides the limits: tracing and the cancel flag.
struct InterpreterOptions {
    bool recordTrace = false;
    std::int64_t maxSnapshots = 100'000;
    const std::atomic<bool>* cancel = nullptr;
};

// The pending-error type that stops a traced run at its snapshot limit. It unwinds like an
// exception (builtins that called back into Python see a failed call) but is not a Python error.
inline constexpr const char* kSnapshotLimitStop = "<snapshot limit>";

// The stack VM: runs CPython 3.11 bytecode, Python-to-Python calls in one loop (no C++ recursion),
// builtins through Operations. One Interpreter runs one program.
class Interpreter final : public Runtime {
public:
    explicit Interpreter(const InterpreterOptions& options);
    ~Interpreter() override;

    // Runs a module's code with fresh globals. False when it ended with an error (error() says
    // which; traceback() says where).
    bool runModule(std::shared_ptr<const CodeObject> module);

    Value call(const Value& callable, const CallArguments& arguments) override;

    std::int64_t steps() const;
    const std::vector<TracebackEntry>& traceback() const { return traceback_; }  // outermost first
    Trace& trace() { return trace_; }

private:
    friend struct TraceRecorder;
    friend struct OpcodeSupport;
    friend struct GlobalNames;

    template <bool kTrace>
    Value evaluate(Frame* entry);

    const PreparedCode& prepare(const std::shared_ptr<const CodeObject>& code);
    // Pushes a frame for `function` with its arguments bound; nullptr after raising.
    Frame* pushFunctionFrame(const Value& function, const CallArguments& arguments);
    Frame* pushFrame(const PreparedCode& code, Value function, DictObject* globals);
    void popFrame();
    bool bindArguments(Frame& frame, const FunctionObject& function,
                       const CallArguments& arguments);

    // The sandbox's periodic checks (steps, cancel, memory); false after raising.
    bool periodicCheck();
    void startSlice();
    // Records where an error passed through `frame` (the top one) and, when tracing, the
    // Exception snapshot at the first frame.
    void recordErrorFrame(const Frame& frame);
    void raiseNameError(const Frame& frame, const std::string& name, std::string message);
    void addAttributeSuggestion(const Value& object, const std::string& name);

    Value callValue(const Value& callable, const CallArguments& arguments);

    InterpreterOptions options_;
    std::unordered_map<const CodeObject*, std::unique_ptr<PreparedCode>> prepared_;
    const CodeObject* lastPreparedKey_ = nullptr;
    const PreparedCode* lastPrepared_ = nullptr;

    Value globalsValue_;  // the module's namespace (a Dict)
    DictObject* globals_ = nullptr;
    DictObject* builtinsDict_ = nullptr;
    std::uint64_t globalsVersion_ = 1;

    FrameSlots slots_;
    std::vector<Frame> frames_;  // sized once: frames never move
    int frameCount_ = 0;
    int nativeDepth_ =
        0;  // builtins running (they count towards the recursion limit, as in CPython)

    // Steps run in slices so the hot loop only decrements and tests one counter.
    std::int64_t stepsBeforeSlice_ = 0;
    std::int64_t sliceSize_ = 0;
    std::int64_t countdown_ = 0;

    std::vector<TracebackEntry> traceback_;
    bool errorRecorded_ = false;  // the Exception snapshot and first traceback entry exist
    Trace trace_;
    std::int64_t recordedFrames_ = 0;  // frames in all snapshots so far (bounds a trace's memory)
};

}  // namespace mlsyslab::pyvm
