// The whole-graph passes of CPython 3.11's compile.c: normalize_basic_block, extend_block,
// optimize_cfg (with mark_reachable and eliminate_empty_basic_blocks),
// duplicate_exits_without_lineno, trim_unused_consts, propagate_line_numbers,
// guarantee_lineno_for_exits and normalize_jumps.
#include <algorithm>

#include "pyvm/FlowGraphOptimizer.h"

namespace mlsyslab::pyvm::cfg {
namespace {

constexpr int kNop = op(Opcode::NOP);
constexpr std::size_t kMaxCopySize = 4;  // MAX_COPY_SIZE: the largest exit block worth copying

int blockCount(const Graph& graph) { return static_cast<int>(graph.blocks.size()); }

bool hasLineNumber(const BasicBlock& block) {
    return std::any_of(block.instructions.begin(), block.instructions.end(),
                       [](const Instruction& instruction) { return instruction.where.line > 0; });
}

bool isExitWithoutLine(const BasicBlock& block) {
    if (!block.exit) return false;
    return std::none_of(block.instructions.begin(), block.instructions.end(),
                        [](const Instruction& instruction) { return instruction.where.line >= 0; });
}

// The next block in layout order that has instructions.
int skipEmpty(const Graph& graph, int block) {
    while (graph.blocks[block].instructions.empty()) block = graph.blocks[block].next;
    return block;
}

void extendBlock(Graph& graph, int index) {
    BasicBlock& block = graph.blocks[index];
    Instruction* last = block.last();
    if (last == nullptr || !isUnconditionalJump(last->opcode)) return;
    const BasicBlock& target = graph.blocks[last->target];
    if (!target.exit || target.instructions.size() > kMaxCopySize) return;
    if (hasLineNumber(target)) return;  // only copy artificial exits, like the implicit return
    last->opcode = kNop;
    const std::vector<Instruction> copied = target.instructions;
    block.instructions.insert(block.instructions.end(), copied.begin(), copied.end());
    block.exit = true;
}

void markReachable(Graph& graph) {
    std::vector<int> stack;
    graph.blocks[graph.entry()].predecessors = 1;
    stack.push_back(graph.entry());
    while (!stack.empty()) {
        const int index = stack.back();
        stack.pop_back();
        const BasicBlock& block = graph.blocks[index];
        if (block.next >= 0 && !block.noFallthrough) {
            if (graph.blocks[block.next].predecessors == 0) stack.push_back(block.next);
            graph.blocks[block.next].predecessors++;
        }
        for (const Instruction& instruction : block.instructions) {
            if (!isJumpOpcode(instruction.opcode)) continue;
            if (graph.blocks[instruction.target].predecessors == 0) stack.push_back(instruction.target);
            graph.blocks[instruction.target].predecessors++;
        }
    }
}

void eliminateEmptyBlocks(Graph& graph) {
    for (int index = graph.entry(); index >= 0; index = graph.blocks[index].next) {
        int next = graph.blocks[index].next;
        if (next >= 0) {
            while (graph.blocks[next].instructions.empty() && graph.blocks[next].next >= 0) {
                next = graph.blocks[next].next;
            }
            graph.blocks[index].next = next;
        }
    }
    for (int index = graph.entry(); index >= 0; index = graph.blocks[index].next) {
        Instruction* last = graph.blocks[index].last();
        if (last != nullptr && isJumpOpcode(last->opcode)) last->target = skipEmpty(graph, last->target);
    }
}

}  // namespace

void normalizeBlocks(Graph& graph) {
    for (BasicBlock& block : graph.blocks) {
        for (Instruction& instruction : block.instructions) {
            if (instruction.opcode == op(Opcode::RETURN_VALUE)) {
                block.exit = true;
                block.noFallthrough = true;
            } else if (isJumpOpcode(instruction.opcode)) {
                if (instruction.opcode == Jump) block.noFallthrough = true;
                instruction.target = skipEmpty(graph, instruction.target);
            }
        }
    }
}

void extendBlocks(Graph& graph) {
    for (int index = blockCount(graph) - 1; index >= 0; --index) extendBlock(graph, index);
}

void optimizeGraph(Graph& graph, std::vector<Constant>& consts) {
    for (int index = graph.entry(); index >= 0; index = graph.blocks[index].next) {
        optimizeBlock(graph, index, consts);
        cleanBlock(graph, index);
    }
    extendBlocks(graph);
    markReachable(graph);
    for (int index = graph.entry(); index >= 0; index = graph.blocks[index].next) {
        if (graph.blocks[index].predecessors == 0) {  // unreachable
            graph.blocks[index].instructions.clear();
            graph.blocks[index].noFallthrough = false;
        }
    }
    eliminateEmptyBlocks(graph);
    for (int index = graph.entry(); index >= 0; index = graph.blocks[index].next) cleanBlock(graph, index);
    // A jump to the very next block is no jump at all.
    bool maybeEmptyBlocks = false;
    for (int index = graph.entry(); index >= 0; index = graph.blocks[index].next) {
        BasicBlock& block = graph.blocks[index];
        Instruction* last = block.last();
        if (last != nullptr && last->opcode == Jump && last->target == block.next) {
            block.noFallthrough = false;
            last->opcode = kNop;
            maybeEmptyBlocks = true;
        }
    }
    if (maybeEmptyBlocks) eliminateEmptyBlocks(graph);
}

// PEP 626 wants every return to know its line: an artificial exit reached by several jumps is
// copied once per jump, and each copy takes its jump's line.
void duplicateExitsWithoutLine(Graph& graph) {
    for (int index = blockCount(graph) - 1; index >= 0; --index) {
        const Instruction* last = graph.blocks[index].last();
        if (last == nullptr || !isJumpOpcode(last->opcode)) continue;
        const int target = last->target;
        if (!isExitWithoutLine(graph.blocks[target]) || graph.blocks[target].predecessors <= 1) continue;
        BasicBlock copy;
        copy.instructions = graph.blocks[target].instructions;
        copy.exit = graph.blocks[target].exit;
        copy.noFallthrough = true;
        copy.instructions.front().where = last->where;
        copy.predecessors = 1;
        copy.next = graph.blocks[target].next;
        graph.blocks.push_back(std::move(copy));
        const int copyIndex = blockCount(graph) - 1;
        graph.blocks[index].instructions.back().target = copyIndex;
        graph.blocks[target].predecessors--;
        graph.blocks[target].next = copyIndex;
    }
    for (int index = blockCount(graph) - 1; index >= 0; --index) {
        BasicBlock& block = graph.blocks[index];
        while (block.next >= 0 && graph.blocks[block.next].instructions.empty()) {
            block.next = graph.blocks[block.next].next;
        }
    }
    for (int index = blockCount(graph) - 1; index >= 0; --index) {
        const BasicBlock& block = graph.blocks[index];
        if (block.noFallthrough || block.next < 0 || block.instructions.empty()) continue;
        BasicBlock& next = graph.blocks[block.next];
        if (isExitWithoutLine(next)) next.instructions.front().where = block.instructions.back().where;
    }
}

void trimUnusedConstants(const Graph& graph, std::vector<Constant>& consts) {
    int highest = 0;  // the first constant may be the docstring: always kept
    for (int index = graph.entry(); index >= 0; index = graph.blocks[index].next) {
        for (const Instruction& instruction : graph.blocks[index].instructions) {
            if (instruction.opcode == op(Opcode::LOAD_CONST) || instruction.opcode == op(Opcode::KW_NAMES)) {
                highest = std::max(highest, instruction.arg);
            }
        }
    }
    if (static_cast<std::size_t>(highest) + 1 < consts.size()) consts.resize(static_cast<std::size_t>(highest) + 1);
}

void propagateLineNumbers(Graph& graph) {
    for (int index = graph.entry(); index >= 0; index = graph.blocks[index].next) {
        BasicBlock& block = graph.blocks[index];
        if (block.instructions.empty()) continue;
        SourceSpan previous;
        for (Instruction& instruction : block.instructions) {
            if (instruction.where.line < 0) {
                instruction.where = previous;
            } else {
                previous = instruction.where;
            }
        }
        if (!block.noFallthrough && block.next >= 0 && graph.blocks[block.next].predecessors == 1) {
            Instruction& first = graph.blocks[block.next].instructions.front();
            if (first.where.line < 0) first.where = previous;
        }
        const Instruction& last = block.instructions.back();
        if (isJumpOpcode(last.opcode)) {
            BasicBlock& target = graph.blocks[last.target];
            if (target.predecessors == 1 && target.instructions.front().where.line < 0) {
                target.instructions.front().where = previous;
            }
        }
    }
}

void guaranteeLineForExits(Graph& graph, int firstLine) {
    int line = firstLine;
    for (int index = graph.entry(); index >= 0; index = graph.blocks[index].next) {
        BasicBlock& block = graph.blocks[index];
        if (block.instructions.empty()) continue;
        const Instruction& last = block.instructions.back();
        if (last.where.line < 0) {
            if (last.opcode == op(Opcode::RETURN_VALUE)) {
                for (Instruction& instruction : block.instructions) instruction.where.line = line;
            }
        } else {
            line = last.where.line;
        }
    }
}

void normalizeJumps(Graph& graph) {
    for (BasicBlock& block : graph.blocks) block.visited = false;
    for (int index = graph.entry(); index >= 0; index = graph.blocks[index].next) {
        BasicBlock& block = graph.blocks[index];
        block.visited = true;
        Instruction* last = block.last();
        if (last == nullptr || !isJumpOpcode(last->opcode)) continue;
        const bool forward = !graph.blocks[last->target].visited;
        switch (last->opcode) {
            case Jump:
                last->opcode = op(forward ? Opcode::JUMP_FORWARD : Opcode::JUMP_BACKWARD);
                break;
            case PopJumpIfFalse:
                last->opcode = op(forward ? Opcode::POP_JUMP_FORWARD_IF_FALSE : Opcode::POP_JUMP_BACKWARD_IF_FALSE);
                break;
            case PopJumpIfTrue:
                last->opcode = op(forward ? Opcode::POP_JUMP_FORWARD_IF_TRUE : Opcode::POP_JUMP_BACKWARD_IF_TRUE);
                break;
            case PopJumpIfNone:
                last->opcode = op(forward ? Opcode::POP_JUMP_FORWARD_IF_NONE : Opcode::POP_JUMP_BACKWARD_IF_NONE);
                break;
            case PopJumpIfNotNone:
                last->opcode =
                    op(forward ? Opcode::POP_JUMP_FORWARD_IF_NOT_NONE : Opcode::POP_JUMP_BACKWARD_IF_NOT_NONE);
                break;
            default:
                break;
        }
    }
}

}  // namespace mlsyslab::pyvm::cfg
