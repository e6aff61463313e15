#include "pyvm/Assembler.h"

#include <algorithm>
#include <vector>

#include "pyvm/FlowGraphOptimizer.h"

namespace mlsyslab::pyvm {
namespace {

using cfg::op;

bool usesDerefIndex(int opcode) {
    return opcode == op(Opcode::MAKE_CELL) || opcode == op(Opcode::LOAD_CLOSURE) ||
           opcode == op(Opcode::LOAD_DEREF) || opcode == op(Opcode::STORE_DEREF) ||
           opcode == op(Opcode::DELETE_DEREF);
}

// Where each cell and free variable ends up in localsplus: a cell that is also an argument
// shares the argument's slot; the others follow the locals (build_cellfixedoffsets).
std::vector<int> cellOffsets(const CompilationUnit& unit) {
    const int locals = static_cast<int>(unit.varnames.size());
    const int cells = static_cast<int>(unit.cellvars.size());
    const int frees = static_cast<int>(unit.freevars.size());
    std::vector<int> fixed(static_cast<std::size_t>(cells + frees));
    for (int index = 0; index < cells + frees; ++index) fixed[index] = locals + index;
    for (int cell = 0; cell < cells; ++cell) {
        const auto found = std::find(unit.varnames.begin(), unit.varnames.end(), unit.cellvars[cell]);
        if (found != unit.varnames.end()) fixed[cell] = static_cast<int>(found - unit.varnames.begin());
    }
    return fixed;
}

// insert_prefix_instructions: COPY_FREE_VARS, then one MAKE_CELL per cell in slot order.
void insertPrologue(CompilationUnit& unit, const std::vector<int>& fixed) {
    std::vector<cfg::Instruction>& entry = unit.graph.blocks[unit.graph.entry()].instructions;
    const int cells = static_cast<int>(unit.cellvars.size());
    const int slots = cells + static_cast<int>(unit.varnames.size());
    std::vector<int> cellAtSlot(static_cast<std::size_t>(slots), -1);
    for (int cell = 0; cell < cells; ++cell) cellAtSlot[fixed[cell]] = cell;
    int inserted = 0;
    for (int slot = 0; slot < slots && inserted < cells; ++slot) {
        if (cellAtSlot[slot] < 0) continue;
        entry.insert(entry.begin() + inserted, cfg::Instruction{op(Opcode::MAKE_CELL), cellAtSlot[slot], -1, {}});
        ++inserted;
    }
    if (!unit.freevars.empty()) {
        entry.insert(entry.begin(),
                     cfg::Instruction{op(Opcode::COPY_FREE_VARS), static_cast<int>(unit.freevars.size()), -1, {}});
    }
}

// fix_cell_offsets: deref arguments become localsplus indices.
void fixCellOffsets(CompilationUnit& unit, std::vector<int> fixed) {
    const int locals = static_cast<int>(unit.varnames.size());
    int dropped = 0;
    for (int index = 0; index < static_cast<int>(fixed.size()); ++index) {
        if (fixed[index] == index + locals) {
            fixed[index] -= dropped;
        } else {
            ++dropped;  // an argument cell: it lives in the argument's slot
        }
    }
    for (auto& block : unit.graph.blocks) {
        for (auto& instruction : block.instructions) {
            if (usesDerefIndex(instruction.opcode)) instruction.arg = fixed[instruction.arg];
        }
    }
}

std::vector<LocalSlot> localsPlusOf(const CompilationUnit& unit) {
    std::vector<LocalSlot> slots;
    for (const auto& name : unit.varnames) {
        const bool isCell = std::find(unit.cellvars.begin(), unit.cellvars.end(), name) != unit.cellvars.end();
        slots.push_back({name, isCell ? (LocalSlot::Local | LocalSlot::Cell) : int{LocalSlot::Local}});
    }
    for (const auto& name : unit.cellvars) {
        if (std::find(unit.varnames.begin(), unit.varnames.end(), name) == unit.varnames.end()) {
            slots.push_back({name, LocalSlot::Cell});
        }
    }
    for (const auto& name : unit.freevars) slots.push_back({name, LocalSlot::Free});
    return slots;
}

int flagsOf(const CompilationUnit& unit) {
    if (!unit.isFunctionBlock()) return 0;
    int flags = CodeFlag::Optimized | CodeFlag::NewLocals;
    if (unit.scope->nested) flags |= CodeFlag::Nested;
    if (unit.scope->varArgs) flags |= CodeFlag::VarArgs;
    if (unit.scope->varKeywords) flags |= CodeFlag::VarKeywords;
    return flags;
}

int nonNegative(int value) { return value < 0 ? 0 : value; }

// Lays the blocks out in order; a jump's argument is the index of its target's first instruction.
std::vector<Instruction> emitInstructions(const cfg::Graph& graph) {
    std::vector<int> startOf(graph.blocks.size(), 0);
    int position = 0;
    for (int index = graph.entry(); index >= 0; index = graph.blocks[index].next) {
        startOf[index] = position;
        position += static_cast<int>(graph.blocks[index].instructions.size());
    }
    std::vector<Instruction> code;
    for (int index = graph.entry(); index >= 0; index = graph.blocks[index].next) {
        for (const auto& instruction : graph.blocks[index].instructions) {
            Instruction out;
            out.op = static_cast<Opcode>(instruction.opcode);
            out.arg = cfg::isJumpOpcode(instruction.opcode) ? startOf[instruction.target] : instruction.arg;
            out.line = nonNegative(instruction.where.line);
            out.column = nonNegative(instruction.where.column);
            out.endLine = nonNegative(instruction.where.endLine);
            out.endColumn = nonNegative(instruction.where.endColumn);
            code.push_back(out);
        }
    }
    return code;
}

}  // namespace

std::shared_ptr<const CodeObject> assemble(CompilationUnit& unit, const std::string& filename) {
    cfg::Graph& graph = unit.graph;
    // Every block that falls off the end returns None.
    if (!graph.blocks[graph.current].returns) {
        unit.where = cfg::SourceSpan{};
        graph.add(cfg::Instruction{op(Opcode::LOAD_CONST), constantIndex(unit.consts, Constant{Constant::None{}}), -1, {}});
        graph.add(cfg::Instruction{op(Opcode::RETURN_VALUE), 0, -1, {}});
    }
    cfg::normalizeBlocks(graph);
    cfg::extendBlocks(graph);
    const std::vector<int> fixed = cellOffsets(unit);
    insertPrologue(unit, fixed);
    fixCellOffsets(unit, fixed);

    std::vector<Constant> consts = unit.consts;
    cfg::optimizeGraph(graph, consts);
    cfg::duplicateExitsWithoutLine(graph);
    cfg::trimUnusedConstants(graph, consts);
    cfg::propagateLineNumbers(graph);
    cfg::guaranteeLineForExits(graph, unit.firstLine);
    for (int index = graph.entry(); index >= 0; index = graph.blocks[index].next) cfg::cleanBlock(graph, index);
    cfg::normalizeJumps(graph);

    auto code = std::make_shared<CodeObject>();
    code->name = unit.name;
    code->qualname = unit.qualname;
    code->filename = filename;
    code->firstLine = unit.firstLine;
    code->argCount = unit.argCount + unit.posOnlyArgCount;
    code->posOnlyArgCount = unit.posOnlyArgCount;
    code->kwOnlyArgCount = unit.kwOnlyArgCount;
    code->flags = flagsOf(unit);
    code->code = emitInstructions(graph);
    code->consts = std::move(consts);
    code->names = unit.names;
    code->localsPlus = localsPlusOf(unit);
    code->localCount = static_cast<int>(unit.varnames.size());
    return code;
}

}  // namespace mlsyslab::pyvm
