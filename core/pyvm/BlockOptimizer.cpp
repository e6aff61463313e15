// optimize_basic_block and its helpers (swaptimize, apply_static_swaps,
// fold_tuple_on_constants) from CPython 3.11's compile.c.
#include <algorithm>
#include <vector>

#include "pyvm/ConstantFolding.h"
#include "pyvm/FlowGraphOptimizer.h"

namespace mlsyslab::pyvm::cfg {
namespace {

constexpr int kNop = op(Opcode::NOP);
constexpr int kVisited = -1;

// LOAD_CONST a; LOAD_CONST b; BUILD_TUPLE 2 -> LOAD_CONST (a, b).
void foldTupleOfConstants(std::vector<Instruction>& code, int first, int count, std::vector<Constant>& consts) {
    for (int index = first; index < first + count; ++index) {
        if (code[index].opcode != op(Opcode::LOAD_CONST)) return;
    }
    Constant::Tuple items;
    for (int index = first; index < first + count; ++index) items.push_back(consts[code[index].arg]);
    const Constant tuple{std::move(items)};
    int constantIndex = static_cast<int>(consts.size());
    for (std::size_t index = 0; index < consts.size(); ++index) {
        if (sameConstant(consts[index], tuple)) {
            constantIndex = static_cast<int>(index);
            break;
        }
    }
    if (constantIndex == static_cast<int>(consts.size())) consts.push_back(tuple);
    for (int index = first; index < first + count; ++index) code[index].opcode = kNop;
    code[first + count].opcode = op(Opcode::LOAD_CONST);
    code[first + count].arg = constantIndex;
}

// swaptimize: a run of SWAPs and NOPs becomes the fewest SWAPs with the same effect.
void swaptimize(std::vector<Instruction>& code, int& position) {
    const int limit = static_cast<int>(code.size()) - position;
    int depth = code[position].arg;
    int length = 0;
    bool more = false;
    while (++length < limit) {
        const int opcode = code[position + length].opcode;
        if (opcode == op(Opcode::SWAP)) {
            depth = std::max(depth, code[position + length].arg);
            more = true;
        } else if (opcode != kNop) {
            break;
        }
    }
    if (!more) return;
    std::vector<int> stack(static_cast<std::size_t>(depth));
    for (int index = 0; index < depth; ++index) stack[index] = index;
    for (int index = 0; index < length; ++index) {
        if (code[position + index].opcode == op(Opcode::SWAP)) {
            const int argument = code[position + index].arg;
            std::swap(stack[0], stack[argument - 1]);
        }
    }
    int current = length - 1;
    for (int index = 0; index < depth; ++index) {
        if (stack[index] == kVisited || stack[index] == index) continue;
        int cursor = index;
        for (;;) {
            if (cursor != 0) {
                code[position + current].opcode = op(Opcode::SWAP);
                code[position + current].arg = cursor + 1;
                --current;
            }
            if (stack[cursor] == kVisited) break;
            const int next = stack[cursor];
            stack[cursor] = kVisited;
            cursor = next;
        }
    }
    while (current >= 0) code[position + current--].opcode = kNop;
    position += length - 1;
}

bool isSwappable(int opcode) { return opcode == op(Opcode::STORE_FAST) || opcode == op(Opcode::POP_TOP); }

int storesTo(const Instruction& instruction) {
    return instruction.opcode == op(Opcode::STORE_FAST) ? instruction.arg : -1;
}

int nextSwappable(const std::vector<Instruction>& code, int index, int line) {
    while (++index < static_cast<int>(code.size())) {
        const Instruction& instruction = code[index];
        if (line >= 0 && instruction.where.line != line) return -1;  // would reorder across lines
        if (instruction.opcode == kNop) continue;
        if (isSwappable(instruction.opcode)) return index;
        return -1;
    }
    return -1;
}

// apply_static_swaps: SWAP 2; STORE_FAST a; STORE_FAST b becomes STORE_FAST b; STORE_FAST a.
void applyStaticSwaps(std::vector<Instruction>& code, int index) {
    for (; index >= 0; --index) {
        Instruction& swap = code[index];
        if (swap.opcode != op(Opcode::SWAP)) {
            if (swap.opcode == kNop || isSwappable(swap.opcode)) continue;
            return;
        }
        const int first = nextSwappable(code, index, -1);
        if (first < 0) return;
        int second = first;
        const int line = code[first].where.line;
        for (int count = swap.arg - 1; count > 0; --count) {
            second = nextSwappable(code, second, line);
            if (second < 0) return;
        }
        const int storeFirst = storesTo(code[first]);
        const int storeSecond = storesTo(code[second]);
        if (storeFirst >= 0 || storeSecond >= 0) {
            if (storeFirst == storeSecond) return;
            for (int between = first + 1; between < second; ++between) {
                const int store = storesTo(code[between]);
                if (store >= 0 && (store == storeFirst || store == storeSecond)) return;
            }
        }
        swap.opcode = kNop;
        std::swap(code[first], code[second]);
    }
}

// jump_thread: a jump to a jump goes straight to the final target, if both are on one line.
bool jumpThread(Instruction& instruction, const Instruction& target, int opcode) {
    if (instruction.where.line == target.where.line && instruction.target != target.target) {
        instruction.target = target.target;
        instruction.opcode = opcode;
        return true;
    }
    return false;
}

}  // namespace

void optimizeBlock(Graph& graph, int blockIndex, std::vector<Constant>& consts) {
    std::vector<Instruction>& code = graph.blocks[blockIndex].instructions;
    for (int i = 0; i < static_cast<int>(code.size()); ++i) {
        Instruction& instruction = code[i];
        const int argument = instruction.arg;
        const int nextOpcode = i + 1 < static_cast<int>(code.size()) ? code[i + 1].opcode : 0;
        Instruction target;  // the first instruction at the jump's target, or a NOP
        if (isJumpOpcode(instruction.opcode)) {
            while (graph.blocks[instruction.target].instructions.empty()) {
                instruction.target = graph.blocks[instruction.target].next;
            }
            target = graph.blocks[instruction.target].instructions.front();
        }
        switch (instruction.opcode) {
            case op(Opcode::LOAD_CONST): {
                if (nextOpcode == PopJumpIfFalse || nextOpcode == PopJumpIfTrue) {
                    const bool isTrue = folding::isTrue(consts[argument]);
                    instruction.opcode = kNop;
                    if (isTrue == (nextOpcode == PopJumpIfTrue)) {
                        code[i + 1].opcode = Jump;
                        graph.blocks[blockIndex].noFallthrough = true;
                    } else {
                        code[i + 1].opcode = kNop;
                    }
                } else if (nextOpcode == op(Opcode::JUMP_IF_FALSE_OR_POP) ||
                           nextOpcode == op(Opcode::JUMP_IF_TRUE_OR_POP)) {
                    const bool isTrue = folding::isTrue(consts[argument]);
                    if (isTrue == (nextOpcode == op(Opcode::JUMP_IF_TRUE_OR_POP))) {
                        code[i + 1].opcode = Jump;
                        graph.blocks[blockIndex].noFallthrough = true;
                    } else {
                        instruction.opcode = kNop;
                        code[i + 1].opcode = kNop;
                    }
                } else if (nextOpcode == op(Opcode::IS_OP)) {
                    const int jumpOpcode = i + 2 < static_cast<int>(code.size()) ? code[i + 2].opcode : 0;
                    const bool isNone = std::holds_alternative<Constant::None>(consts[argument].value);
                    if (isNone && (jumpOpcode == PopJumpIfFalse || jumpOpcode == PopJumpIfTrue)) {
                        const int invert = code[i + 1].arg;
                        instruction.opcode = kNop;
                        code[i + 1].opcode = kNop;
                        code[i + 2].opcode = (invert ^ (jumpOpcode == PopJumpIfFalse ? 1 : 0)) != 0
                                                 ? PopJumpIfNotNone
                                                 : PopJumpIfNone;
                    }
                }
                break;
            }
            case op(Opcode::BUILD_TUPLE):
                if (nextOpcode == op(Opcode::UNPACK_SEQUENCE) && argument == code[i + 1].arg) {
                    if (argument == 1) {
                        instruction.opcode = kNop;
                        code[i + 1].opcode = kNop;
                        continue;
                    }
                    if (argument == 2 || argument == 3) {
                        instruction.opcode = kNop;
                        code[i + 1].opcode = op(Opcode::SWAP);
                        continue;
                    }
                }
                if (i >= argument) foldTupleOfConstants(code, i - argument, argument, consts);
                break;
            case op(Opcode::JUMP_IF_FALSE_OR_POP):
            case op(Opcode::JUMP_IF_TRUE_OR_POP): {
                const bool onFalse = instruction.opcode == op(Opcode::JUMP_IF_FALSE_OR_POP);
                const int sameTest = onFalse ? PopJumpIfFalse : PopJumpIfTrue;
                const int sameOrPop = instruction.opcode;
                const int oppositeTest = onFalse ? PopJumpIfTrue : PopJumpIfFalse;
                const int oppositeOrPop = onFalse ? op(Opcode::JUMP_IF_TRUE_OR_POP) : op(Opcode::JUMP_IF_FALSE_OR_POP);
                if (target.opcode == sameTest) {
                    if (jumpThread(instruction, target, sameTest)) --i;
                } else if (target.opcode == Jump || target.opcode == sameOrPop) {
                    if (jumpThread(instruction, target, sameOrPop)) --i;
                } else if (target.opcode == oppositeOrPop || target.opcode == oppositeTest) {
                    // The second test is bound to fail: skip past it, popping the value.
                    if (instruction.where.line == target.where.line) {
                        instruction.opcode = sameTest;
                        instruction.target = graph.blocks[instruction.target].next;
                        --i;
                    }
                }
                break;
            }
            case PopJumpIfNotNone:
            case PopJumpIfNone:
            case PopJumpIfFalse:
            case PopJumpIfTrue:
            case Jump:
                if (target.opcode == Jump && jumpThread(instruction, target, instruction.opcode)) --i;
                break;
            case op(Opcode::SWAP):
                if (argument == 1) {
                    instruction.opcode = kNop;
                    break;
                }
                swaptimize(code, i);
                applyStaticSwaps(code, i);
                break;
            case op(Opcode::PUSH_NULL):
                if (nextOpcode == op(Opcode::LOAD_GLOBAL)) {
                    instruction.opcode = kNop;
                    instruction.arg = 0;
                    code[i + 1].arg |= 1;
                }
                break;
            default:
                break;
        }
    }
}

void cleanBlock(Graph& graph, int blockIndex) {
    std::vector<Instruction>& code = graph.blocks[blockIndex].instructions;
    std::size_t destination = 0;
    int previousLine = -1;
    for (std::size_t source = 0; source < code.size(); ++source) {
        const int line = code[source].where.line;
        if (code[source].opcode == kNop) {
            if (line < 0) continue;                // no line to keep
            if (previousLine == line) continue;    // the line is already marked
            if (source + 1 < code.size()) {
                const int nextLine = code[source + 1].where.line;
                if (nextLine == line) continue;
                if (nextLine < 0) {
                    code[source + 1].where = code[source].where;
                    continue;
                }
            } else {
                int next = graph.blocks[blockIndex].next;
                while (next >= 0 && graph.blocks[next].instructions.empty()) next = graph.blocks[next].next;
                if (next >= 0 && line == graph.blocks[next].instructions.front().where.line) continue;
            }
        }
        if (destination != source) code[destination] = code[source];
        ++destination;
        previousLine = line;
    }
    code.resize(destination);
}

}  // namespace mlsyslab::pyvm::cfg
