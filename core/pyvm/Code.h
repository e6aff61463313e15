#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "pyvm/Constant.h"

namespace mlsyslab::pyvm {

// CPython 3.11's opcodes that the lesson subset compiles to, with CPython's own numbers (from the
// `opcode` module), so a trace or a disassembly reads exactly like `python3.11 -m dis`.
#define MLSYSLAB_PYVM_OPCODES(X)                                                                   \
    X(POP_TOP, 1) X(PUSH_NULL, 2) X(NOP, 9) X(UNARY_POSITIVE, 10) X(UNARY_NEGATIVE, 11)            \
    X(UNARY_NOT, 12) X(UNARY_INVERT, 15) X(BINARY_SUBSCR, 25) X(STORE_SUBSCR, 60)                  \
    X(DELETE_SUBSCR, 61) X(GET_ITER, 68) X(LIST_TO_TUPLE, 82) X(RETURN_VALUE, 83)                  \
    X(STORE_NAME, 90) X(DELETE_NAME, 91) X(UNPACK_SEQUENCE, 92) X(FOR_ITER, 93) X(UNPACK_EX, 94)   \
    X(STORE_ATTR, 95) X(STORE_GLOBAL, 97) X(DELETE_GLOBAL, 98) X(SWAP, 99) X(LOAD_CONST, 100)      \
    X(LOAD_NAME, 101) X(BUILD_TUPLE, 102) X(BUILD_LIST, 103) X(BUILD_SET, 104) X(BUILD_MAP, 105)   \
    X(LOAD_ATTR, 106) X(COMPARE_OP, 107) X(JUMP_FORWARD, 110) X(JUMP_IF_FALSE_OR_POP, 111)         \
    X(JUMP_IF_TRUE_OR_POP, 112) X(POP_JUMP_FORWARD_IF_FALSE, 114)                                  \
    X(POP_JUMP_FORWARD_IF_TRUE, 115) X(LOAD_GLOBAL, 116) X(IS_OP, 117) X(CONTAINS_OP, 118)         \
    X(COPY, 120) X(BINARY_OP, 122) X(LOAD_FAST, 124) X(STORE_FAST, 125) X(DELETE_FAST, 126)        \
    X(POP_JUMP_FORWARD_IF_NOT_NONE, 128) X(POP_JUMP_FORWARD_IF_NONE, 129) X(MAKE_FUNCTION, 132)    \
    X(BUILD_SLICE, 133) X(MAKE_CELL, 135) X(LOAD_CLOSURE, 136) X(LOAD_DEREF, 137)                  \
    X(STORE_DEREF, 138) X(DELETE_DEREF, 139) X(JUMP_BACKWARD, 140) X(CALL_FUNCTION_EX, 142)        \
    X(LIST_APPEND, 145) X(SET_ADD, 146) X(MAP_ADD, 147) X(COPY_FREE_VARS, 149) X(RESUME, 151)      \
    X(FORMAT_VALUE, 155) X(BUILD_CONST_KEY_MAP, 156) X(BUILD_STRING, 157) X(LOAD_METHOD, 160)      \
    X(LIST_EXTEND, 162) X(SET_UPDATE, 163) X(DICT_MERGE, 164) X(DICT_UPDATE, 165) X(PRECALL, 166)  \
    X(CALL, 171) X(KW_NAMES, 172) X(POP_JUMP_BACKWARD_IF_NOT_NONE, 173)                            \
    X(POP_JUMP_BACKWARD_IF_NONE, 174) X(POP_JUMP_BACKWARD_IF_FALSE, 175)                           \
    X(POP_JUMP_BACKWARD_IF_TRUE, 176)

enum class Opcode : std::uint8_t {
#define MLSYSLAB_PYVM_OPCODE_ENUM(name, number) name = number,
    MLSYSLAB_PYVM_OPCODES(MLSYSLAB_PYVM_OPCODE_ENUM)
#undef MLSYSLAB_PYVM_OPCODE_ENUM
};

constexpr std::string_view opcodeName(Opcode opcode) {
    switch (opcode) {
#define MLSYSLAB_PYVM_OPCODE_NAME(name, number) \
    case Opcode::name:                          \
        return #name;
        MLSYSLAB_PYVM_OPCODES(MLSYSLAB_PYVM_OPCODE_NAME)
#undef MLSYSLAB_PYVM_OPCODE_NAME
    }
    return "UNKNOWN";
}

// Whether the argument of `opcode` is a jump target.
bool isJump(Opcode opcode);

// `BINARY_OP`'s argument, CPython's NB_* numbering (`dis` shows the symbol: `+`, `+=`, ...).
enum class BinaryOpArg : int {
    Add = 0, And = 1, FloorDivide = 2, LShift = 3, MatrixMultiply = 4, Multiply = 5, Remainder = 6,
    Or = 7, Power = 8, RShift = 9, Subtract = 10, TrueDivide = 11, Xor = 12,
    InplaceOffset = 13,  // NB_INPLACE_ADD = 13 ... NB_INPLACE_XOR = 25: the binary one plus 13
};

// `COMPARE_OP`'s argument, CPython's cmp_op order: <, <=, ==, !=, >, >=.
enum class CompareOpArg : int { Less = 0, LessEqual = 1, Equal = 2, NotEqual = 3, Greater = 4, GreaterEqual = 5 };

// MAKE_FUNCTION's flag bits, in CPython's order.
enum MakeFunctionFlag : int { Defaults = 0x01, KwDefaults = 0x02, Annotations = 0x04, Closure = 0x08 };

// co_flags bits the subset produces.
enum CodeFlag : int {
    Optimized = 0x0001, NewLocals = 0x0002, VarArgs = 0x0004, VarKeywords = 0x0008, Nested = 0x0010,
    NoFree = 0x0040,  // not used by 3.11 any more; listed so no one reuses the bit
};

// One instruction, CACHE entries left out. A jump's `arg` is its target's index in `code` (not a
// byte offset): the normalized disassembly prints it as `to #N` and the VM jumps straight there.
// LOAD_GLOBAL's arg keeps CPython's encoding (name index << 1 | push-NULL bit); deref opcodes index
// `localsPlus`. The location is the source span of the expression or statement it came from
// (line 0 for the module's RESUME, as CPython has it); views use it to mark the running code.
struct Instruction {
    Opcode op = Opcode::NOP;
    int arg = 0;
    int line = 0;
    int column = 0;
    int endLine = 0;
    int endColumn = 0;
};

// One slot of a frame's "fast locals plus" array, as CPython 3.11 lays it out: the arguments and
// local variables (co_varnames) first, then the cells that are not also arguments, then the free
// variables copied in from the closure.
struct LocalSlot {
    enum Kind : int { Local = 1, Cell = 2, Free = 4 };
    std::string name;
    int kind = Local;  // Local|Cell for an argument that a nested function captures
};

// A compiled function body or module, shaped like CPython 3.11's code object.
struct CodeObject {
    std::string name;      // co_name: `<module>`, `add`, `<listcomp>`, `<lambda>`
    std::string qualname;  // co_qualname: `outer.<locals>.inner`
    std::string filename;
    int firstLine = 1;
    int argCount = 0;  // positional parameters, positional-only included
    int posOnlyArgCount = 0;
    int kwOnlyArgCount = 0;
    int flags = 0;  // CodeFlag bits
    std::vector<Instruction> code;
    std::vector<Constant> consts;
    std::vector<std::string> names;  // co_names: globals, attributes, methods
    std::vector<LocalSlot> localsPlus;
    int localCount = 0;  // co_nlocals: the Local slots, which come first

    int freeCount() const;  // the trailing Free slots (COPY_FREE_VARS's argument)
};

}  // namespace mlsyslab::pyvm
