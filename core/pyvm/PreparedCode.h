#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "pyvm/Code.h"
#include "pyvm/Value.h"

namespace mlsyslab::pyvm {

// One instruction as the eval loop reads it: 8 bytes instead of Instruction's 24, so a loop body
// stays in a few cache lines. Locations stay in the CodeObject for tracebacks and views.
struct PreparedInstruction {
    Opcode op = Opcode::NOP;
    std::int32_t arg = 0;
};

// Where a global or builtin name was last found, so LOAD_GLOBAL / LOAD_NAME / STORE_NAME skip the
// hash lookup. Valid while the interpreter's globals version is unchanged (it changes whenever a
// global name is added or removed) and the entry at `index` still holds the very key object that
// was found there (the cache keeps it alive, so identity cannot be faked by a recycled address).
struct NameCache {
    std::uint64_t globalsVersion = 0;  // 0: empty
    std::int32_t index = -1;
    bool inBuiltins = false;
    Value key;
};

// A code object made ready to run, once per code object: compact instructions, constants and
// names as Values, the stack depth to reserve, and the name caches.
struct PreparedCode {
    explicit PreparedCode(std::shared_ptr<const CodeObject> code);

    std::shared_ptr<const CodeObject> code;
    std::vector<PreparedInstruction> instructions;
    std::vector<Value> constants;
    std::vector<Value> names;           // co_names as str Values (dict keys)
    std::vector<NameCache> nameCaches;  // one per co_names entry
    int localsPlusCount = 0;
    int maxStack = 0;
    int plainCellCount =
        0;  // Cell slots that are not arguments (for UnboundLocalError vs NameError)
    int frameSlots() const { return localsPlusCount + maxStack; }
};

}  // namespace mlsyslab::pyvm
