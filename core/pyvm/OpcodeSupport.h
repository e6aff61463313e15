#pragma once

#include <string>

#include "pyvm/Frame.h"
#include "pyvm/Interpreter.h"
#include "pyvm/Value.h"

namespace mlsyslab::pyvm {

// The opcodes' slow and rare paths, out of the eval loop so the loop stays small. Each takes the
// stack pointer where the instruction found it and returns the new one, or nullptr after raising
// (the stack is then left as it was, so the exception's snapshot shows the operands).
struct OpcodeSupport {
    static Value* buildTuple(Interpreter& vm, Value* sp, int count);
    static Value* buildList(Interpreter& vm, Value* sp, int count);
    static Value* buildSet(Interpreter& vm, Value* sp, int count);
    static Value* buildMap(Interpreter& vm, Value* sp, int count);
    static Value* buildConstKeyMap(Interpreter& vm, Value* sp, int count);
    static Value* buildString(Interpreter& vm, Value* sp, int count);
    static Value* buildSlice(Interpreter& vm, Value* sp, int count);
    static Value* listExtend(Interpreter& vm, Value* sp, int depth);
    static Value* setUpdate(Interpreter& vm, Value* sp, int depth);
    static Value* dictUpdate(Interpreter& vm, Value* sp, int depth, bool merge);
    static Value* unpackSequence(Interpreter& vm, Value* sp, int count);
    static Value* unpackEx(Interpreter& vm, Value* sp, int counts);
    static Value* formatValue(Interpreter& vm, Value* sp, int flags);
    static Value* makeFunction(Interpreter& vm, Value* sp, int flags);
    static Value* storeAttribute(Interpreter& vm, Value* sp, const Value& name);
    static Value* loadAttribute(Interpreter& vm, Value* sp, const Value& name, bool forMethod);
    // CALL_FUNCTION_EX: the callable and its arguments as a tuple (and a dict) are popped, the
    // result pushed. A Python function's frame is pushed instead (`pushed` says so).
    static Value* callFunctionEx(Interpreter& vm, Value* sp, int flags, Frame*& pushed);

    // `f()`-style name of a callable for call errors (`__main__.f()`, `print()`).
    static std::string functionString(const Value& callable);
};

}  // namespace mlsyslab::pyvm
