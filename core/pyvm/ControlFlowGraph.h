#pragma once

#include <vector>

#include "pyvm/Code.h"

// The compiler's intermediate form: basic blocks of instructions whose jumps name blocks, not
// offsets, shaped like CPython 3.11's compile.c so its flow-graph passes can be applied one for one.
namespace mlsyslab::pyvm::cfg {

// Jumps whose direction is unknown until the blocks are laid out. CPython calls them virtual
// opcodes; the assembler turns each into its FORWARD or BACKWARD form.
enum PseudoOpcode : int {
    Jump = -1,
    PopJumpIfFalse = -2,
    PopJumpIfTrue = -3,
    PopJumpIfNone = -4,
    PopJumpIfNotNone = -5,
};

constexpr int op(Opcode opcode) { return static_cast<int>(opcode); }

// Where an instruction came from; line < 0 means "artificial", to be inherited from a neighbour.
struct SourceSpan {
    int line = -1;
    int column = -1;
    int endLine = -1;
    int endColumn = -1;
};

struct Instruction {
    int opcode = op(Opcode::NOP);  // an Opcode value or a PseudoOpcode
    int arg = 0;
    int target = -1;  // the target block of a jump
    SourceSpan where;
};

struct BasicBlock {
    std::vector<Instruction> instructions;
    int next = -1;  // the block that follows in layout order (CPython's b_next)
    int predecessors = 0;
    bool noFallthrough = false;  // ends with a return or an unconditional jump
    bool exit = false;           // ends with a return
    bool returns = false;        // holds a RETURN_VALUE the code generator emitted
    bool visited = false;

    const Instruction* last() const { return instructions.empty() ? nullptr : &instructions.back(); }
    Instruction* last() { return instructions.empty() ? nullptr : &instructions.back(); }
};

bool isJumpOpcode(int opcode);          // any jump, FOR_ITER and the pseudo jumps included
bool endsBasicBlock(int opcode);        // a jump or a return
bool isUnconditionalJump(int opcode);

// The blocks of one code object. `blocks` is in allocation order: CPython walks its b_list from
// the newest block back, which is this vector read backwards.
struct Graph {
    std::vector<BasicBlock> blocks;
    int current = 0;
    bool needNewImplicitBlock = false;

    Graph() { blocks.emplace_back(); }

    int entry() const { return 0; }
    int newBlock();
    void useNextBlock(int block);  // link `block` after the current one and continue there
    void add(const Instruction& instruction);
};

}  // namespace mlsyslab::pyvm::cfg
