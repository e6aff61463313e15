#pragma once

#include <cstddef>
#include <memory>
#include <vector>

#include "pyvm/PreparedCode.h"
#include "pyvm/Value.h"

namespace mlsyslab::pyvm {

// One running Python function or the module, CPython 3.11's _PyInterpreterFrame in small: its
// slots live in the interpreter's value stack (localsPlus first, then the value stack proper), and
// while another frame runs it remembers where it was.
struct Frame {
    const PreparedCode* code = nullptr;
    Value function;  // the FunctionObject (keeps code and closure alive); Null for the module
    DictObject* globals = nullptr;
    Value* localsPlus = nullptr;
    Value* stackBase = nullptr;  // localsPlus + code->localsPlusCount
    Value* stackTop = nullptr;   // first free slot, saved while the frame is not running
    const PreparedInstruction* next = nullptr;  // the instruction to run next
    const Value* keywordNames = nullptr;        // KW_NAMES's tuple for the coming CALL, or null
    bool returnsToNative = false;  // entered from C++ (the program, or Runtime::call): return there
    bool freshlyCalled = false;    // no instruction has run yet (the trace's Call event)
    int chunk = 0;                 // which FrameSlots chunk holds its slots

    // The index of the instruction the frame is at: the one about to run for the running frame,
    // the CALL it waits on for a caller (CPython's f_lasti).
    int instructionIndex(bool running) const {
        const auto index = static_cast<int>(next - code->instructions.data());
        return running ? index : index - 1;
    }
};

// The slots of all frames: CPython 3.11's data stack, in chunks so that a deeper frame never moves
// the slots of the frames below (builtins that call back into Python hold spans into them).
// Unused slots are always Null, so pushing is a plain move-assignment.
class FrameSlots {
public:
    // Slots for a frame of `count` values, or nullptr when the sandbox's budget is spent.
    Value* allocate(std::size_t count, int& chunk);
    // Gives back the slots of the frame allocated last; they must already be Null.
    void release(Value* base, int chunk);

private:
    static constexpr std::size_t kChunkValues = 1 << 16;  // 1 MiB of Values per chunk
    static constexpr std::size_t kMaxChunks = 256;        // 256 MiB at most, far beyond recursion
    struct Chunk {
        std::unique_ptr<Value[]> values;
        std::size_t size = 0;
    };
    std::vector<Chunk> chunks_;
    int current_ = -1;
    Value* top_ = nullptr;
};

}  // namespace mlsyslab::pyvm
