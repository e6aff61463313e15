#include "pyvm/StackEffect.h"

#include <algorithm>
#include <bit>
#include <vector>

namespace mlsyslab::pyvm {

int stackEffect(const Instruction& instruction, bool jumping) {
    const int arg = instruction.arg;
    switch (instruction.op) {
        case Opcode::NOP:
        case Opcode::RESUME:
        case Opcode::PRECALL:
        case Opcode::KW_NAMES:
        case Opcode::UNARY_POSITIVE:
        case Opcode::UNARY_NEGATIVE:
        case Opcode::UNARY_NOT:
        case Opcode::UNARY_INVERT:
        case Opcode::GET_ITER:
        case Opcode::LIST_TO_TUPLE:
        case Opcode::DELETE_NAME:
        case Opcode::DELETE_GLOBAL:
        case Opcode::DELETE_FAST:
        case Opcode::DELETE_DEREF:
        case Opcode::SWAP:
        case Opcode::LOAD_ATTR:
        case Opcode::JUMP_FORWARD:
        case Opcode::JUMP_BACKWARD:
        case Opcode::MAKE_CELL:
        case Opcode::COPY_FREE_VARS:
            return 0;
        case Opcode::PUSH_NULL:
        case Opcode::LOAD_CONST:
        case Opcode::LOAD_NAME:
        case Opcode::LOAD_FAST:
        case Opcode::LOAD_CLOSURE:
        case Opcode::LOAD_DEREF:
        case Opcode::COPY:
        case Opcode::LOAD_METHOD:
            return 1;
        case Opcode::POP_TOP:
        case Opcode::BINARY_SUBSCR:
        case Opcode::RETURN_VALUE:
        case Opcode::STORE_NAME:
        case Opcode::STORE_GLOBAL:
        case Opcode::STORE_FAST:
        case Opcode::STORE_DEREF:
        case Opcode::COMPARE_OP:
        case Opcode::IS_OP:
        case Opcode::CONTAINS_OP:
        case Opcode::BINARY_OP:
        case Opcode::LIST_APPEND:
        case Opcode::SET_ADD:
        case Opcode::LIST_EXTEND:
        case Opcode::SET_UPDATE:
        case Opcode::DICT_MERGE:
        case Opcode::DICT_UPDATE:
        case Opcode::POP_JUMP_FORWARD_IF_FALSE:
        case Opcode::POP_JUMP_FORWARD_IF_TRUE:
        case Opcode::POP_JUMP_FORWARD_IF_NONE:
        case Opcode::POP_JUMP_FORWARD_IF_NOT_NONE:
        case Opcode::POP_JUMP_BACKWARD_IF_FALSE:
        case Opcode::POP_JUMP_BACKWARD_IF_TRUE:
        case Opcode::POP_JUMP_BACKWARD_IF_NONE:
        case Opcode::POP_JUMP_BACKWARD_IF_NOT_NONE:
            return -1;
        case Opcode::STORE_ATTR:
        case Opcode::DELETE_SUBSCR:
        case Opcode::MAP_ADD:
            return -2;
        case Opcode::STORE_SUBSCR:
            return -3;
        case Opcode::UNPACK_SEQUENCE:
            return arg - 1;
        case Opcode::UNPACK_EX:
            return (arg & 0xFF) + (arg >> 8);
        case Opcode::FOR_ITER:
            return jumping ? -1 : 1;
        case Opcode::JUMP_IF_FALSE_OR_POP:
        case Opcode::JUMP_IF_TRUE_OR_POP:
            return jumping ? 0 : -1;
        case Opcode::BUILD_TUPLE:
        case Opcode::BUILD_LIST:
        case Opcode::BUILD_SET:
        case Opcode::BUILD_STRING:
        case Opcode::BUILD_SLICE:
            return 1 - arg;
        case Opcode::BUILD_MAP:
            return 1 - 2 * arg;
        case Opcode::BUILD_CONST_KEY_MAP:
            return -arg;
        case Opcode::LOAD_GLOBAL:
            return 1 + (arg & 1);
        case Opcode::MAKE_FUNCTION:
            return -std::popcount(static_cast<unsigned>(arg & 0x0F));
        case Opcode::CALL_FUNCTION_EX:
            return -2 - (arg & 1);
        case Opcode::FORMAT_VALUE:
            return (arg & 0x04) != 0 ? -1 : 0;
        case Opcode::CALL:
            return -arg - 1;
    }
    return 0;
}

namespace {

bool endsFlow(Opcode op) {
    return op == Opcode::RETURN_VALUE || op == Opcode::JUMP_FORWARD || op == Opcode::JUMP_BACKWARD;
}

}  // namespace

// A worklist walk over the control flow, as CPython's compiler computes co_stacksize: every
// instruction is reached with one depth (the compiler guarantees it), so each is visited once.
int maxStackDepth(const CodeObject& code) {
    const int count = static_cast<int>(code.code.size());
    std::vector<int> depthAt(count, -1);
    std::vector<int> pending;
    int deepest = 0;
    auto reach = [&](int index, int depth) {
        if (index < 0 || index >= count || depthAt[index] >= depth) return;
        depthAt[index] = depth;
        pending.push_back(index);
    };
    reach(0, 0);
    while (!pending.empty()) {
        const int index = pending.back();
        pending.pop_back();
        const Instruction& instruction = code.code[index];
        const int depth = depthAt[index];
        if (isJump(instruction.op)) {
            const int jumped = depth + stackEffect(instruction, true);
            deepest = std::max(deepest, jumped);
            reach(instruction.arg, jumped);
        }
        const int next = depth + stackEffect(instruction, false);
        deepest =
            std::max({deepest, next, depth + (instruction.op == Opcode::LOAD_GLOBAL ? 2 : 0)});
        if (!endsFlow(instruction.op)) reach(index + 1, next);
    }
    return deepest;
}

}  // namespace mlsyslab::pyvm
