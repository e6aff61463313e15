#include "pyvm/Code.h"

namespace mlsyslab::pyvm {

bool isJump(Opcode opcode) {
    switch (opcode) {
        case Opcode::FOR_ITER:
        case Opcode::JUMP_FORWARD:
        case Opcode::JUMP_BACKWARD:
        case Opcode::JUMP_IF_FALSE_OR_POP:
        case Opcode::JUMP_IF_TRUE_OR_POP:
        case Opcode::POP_JUMP_FORWARD_IF_FALSE:
        case Opcode::POP_JUMP_FORWARD_IF_TRUE:
        case Opcode::POP_JUMP_FORWARD_IF_NONE:
        case Opcode::POP_JUMP_FORWARD_IF_NOT_NONE:
        case Opcode::POP_JUMP_BACKWARD_IF_FALSE:
        case Opcode::POP_JUMP_BACKWARD_IF_TRUE:
        case Opcode::POP_JUMP_BACKWARD_IF_NONE:
        case Opcode::POP_JUMP_BACKWARD_IF_NOT_NONE:
            return true;
        default:
            return false;
    }
}

int CodeObject::freeCount() const {
    int count = 0;
    for (auto slot = localsPlus.rbegin(); slot != localsPlus.rend(); ++slot) {
        if (slot->kind != LocalSlot::Free) break;
        ++count;
    }
    return count;
}

}  // namespace mlsyslab::pyvm
