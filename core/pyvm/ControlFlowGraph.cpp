#include "pyvm/ControlFlowGraph.h"

namespace mlsyslab::pyvm::cfg {

bool isJumpOpcode(int opcode) {
    if (opcode < 0) return true;  // every pseudo opcode is a jump
    return isJump(static_cast<Opcode>(opcode));
}

bool endsBasicBlock(int opcode) {
    return isJumpOpcode(opcode) || opcode == op(Opcode::RETURN_VALUE);
}

bool isUnconditionalJump(int opcode) {
    return opcode == Jump || opcode == op(Opcode::JUMP_FORWARD) ||
           opcode == op(Opcode::JUMP_BACKWARD);
}

int Graph::newBlock() {
    blocks.emplace_back();
    return static_cast<int>(blocks.size()) - 1;
}

void Graph::useNextBlock(int block) {
    blocks[current].next = block;
    current = block;
    needNewImplicitBlock = false;
}

void Graph::add(const Instruction& instruction) {
    // After a jump or a return, CPython starts a fresh block for whatever follows.
    if (needNewImplicitBlock) useNextBlock(newBlock());
    BasicBlock& block = blocks[current];
    block.instructions.push_back(instruction);
    if (instruction.opcode == op(Opcode::RETURN_VALUE)) block.returns = true;
    if (endsBasicBlock(instruction.opcode)) needNewImplicitBlock = true;
}

}  // namespace mlsyslab::pyvm::cfg
