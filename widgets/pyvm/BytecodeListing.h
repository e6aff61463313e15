#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "pyvm/Code.h"

namespace mlsyslab::widgets {

// What `dis` prints for one instruction after its name, and whether its argument is a jump
// target. The VM's compiler knows both (pyvm::argumentRepr, pyvm::isJump); the listing asks
// through this so it can be built in the worker thread that ran the program.
struct InstructionText {
    std::string argument;
    bool jumps = false;
};
using DescribeInstruction =
    std::function<InstructionText(const pyvm::CodeObject&, const pyvm::Instruction&)>;

// One row of the bytecode pane: a `== NAME` header, or one instruction laid out as `dis` lays it
// out (source line on the first instruction of a line, `>>` on jump targets).
struct BytecodeRow {
    enum class Kind { Header, Instruction };
    Kind kind = Kind::Instruction;
    int section = 0;       // which code object, in listing order
    int instruction = -1;  // index in that code object
    int line = -1;         // the source line, on the first instruction of each line (else -1)
    bool jumpTarget = false;
    std::string opname;    // or, for a header, its text: `== add`
    std::string argument;  // dis's argrepr, or the number when dis shows none
    int jumpTargetRow = -1;  // for a jump: the row it jumps to
};

// Every code object of a program as the bytecode pane lists it: `<module>` first, then nested
// code objects depth first in co_consts order (as dis recurses and DESIGN §4 prints them). It is
// built once per run; stepping only looks rows up.
struct BytecodeListing {
    std::vector<std::shared_ptr<const pyvm::CodeObject>> codes;
    std::vector<BytecodeRow> rows;

    // The row of `instruction` in `code`, or -1. A code object is found by identity, else by its
    // qualified name and first line (a trace may carry its own copies).
    int rowOf(const pyvm::CodeObject* code, int instruction) const;
    // "9 CALL 2": index, name and argument of an instruction row (for tests and accessibility).
    std::string rowText(int row) const;
};

BytecodeListing buildListing(const std::shared_ptr<const pyvm::CodeObject>& module,
                             const DescribeInstruction& describe);

}  // namespace mlsyslab::widgets
