#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "pyvm/Value.h"

namespace mlsyslab::pyvm {

// A Python exception on its way out: the class name and the message, exactly as CPython words them
// (`ZeroDivisionError`, `division by zero`). The lesson subset has no try/except, so an exception
// always ends the program; the traceback is the interpreter's business.
struct PyError {
    std::string type;
    std::string message;

    // `ExcType: message`, or just `ExcType` when the message is empty (CPython's last line).
    std::string line() const;
};

// The sandbox's limits. Defaults fit a lesson: generous for any teaching program, small enough
// that a runaway one stops in well under a second with a Python-style error.
struct Limits {
    std::int64_t maxSteps = 50'000'000;          // instructions; then RuntimeError (step limit)
    int maxRecursionDepth = 1000;                // Python frames, as sys.getrecursionlimit()
    std::int64_t maxContainerItems = 10'000'000; // one list/tuple/dict/str repetition; MemoryError
    std::int64_t maxStringBytes = 100'000'000;   // one str; MemoryError
    std::int64_t maxLiveObjects = 20'000'000;    // heap objects alive at once; MemoryError
};

// What value operations and builtins need from the running VM: the pending exception (CPython's
// convention: an operation that fails returns Null after raise()), the output written so far, the
// limits, and a way to call back into Python code (sorted(key=...), min(key=...)).
class Runtime {
public:
    virtual ~Runtime() = default;

    // Sets the pending exception; returns Null so a failing operation can `return rt.raise(...)`.
    Value raise(std::string type, std::string message);
    bool hasError() const { return error_.has_value(); }
    const PyError& error() const { return *error_; }
    std::optional<PyError> takeError();

    // print() writes here; the VM copies it into traces and to stdout.
    void write(std::string_view text) { output_.append(text); }
    const std::string& output() const { return output_; }

    const Limits& limits() const { return limits_; }
    void setLimits(const Limits& limits) { limits_ = limits; }

    // Raises MemoryError (and returns false) when `items` exceeds maxContainerItems, or `bytes`
    // exceeds maxStringBytes. Called before building anything whose size the program chose.
    bool checkContainerSize(std::int64_t items);
    bool checkStringSize(std::int64_t bytes);

    // Heap objects alive in this thread (Object's constructor and destructor count them).
    static std::int64_t liveObjects();

    // Calls any callable (function, builtin, type) with these arguments. Python functions run on
    // the interpreter, which implements this. Returns Null after raising.
    virtual Value call(const Value& callable, const CallArguments& arguments) = 0;

    // The `builtins` namespace (a Dict), built once by makeBuiltins().
    Value builtins;

private:
    std::optional<PyError> error_;
    std::string output_;
    Limits limits_;
};

}  // namespace mlsyslab::pyvm
