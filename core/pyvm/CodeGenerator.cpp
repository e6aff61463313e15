#include "pyvm/CodeGenerator.h"

#include <algorithm>

#include "common/Concat.h"
#include "pyvm/Assembler.h"

namespace mlsyslab::pyvm {

using cfg::op;

int indexOf(std::vector<std::string>& list, const std::string& value) {
    const auto found = std::find(list.begin(), list.end(), value);
    if (found != list.end()) return static_cast<int>(found - list.begin());
    list.push_back(value);
    return static_cast<int>(list.size()) - 1;
}

int constantIndex(std::vector<Constant>& consts, const Constant& value) {
    for (std::size_t index = 0; index < consts.size(); ++index) {
        if (sameConstant(consts[index], value)) return static_cast<int>(index);
    }
    consts.push_back(value);
    return static_cast<int>(consts.size()) - 1;
}

CodeGenerator::CodeGenerator(const SymbolTable& symbols, std::string filename)
    : symbols_(symbols), filename_(std::move(filename)) {}

std::shared_ptr<const CodeObject> CodeGenerator::module(const ast::Module& module) {
    enterScope(CompilationUnit::Kind::Module, symbols_.module(), "<module>", 1);
    unit().where.line = 1;
    body(module.body);
    return exitScope();
}

// compiler_body: a module's docstring becomes __doc__; its first statement sets the location.
void CodeGenerator::body(const ast::StmtList& list) {
    if (list.empty()) return;
    setLocation(list.front()->where);
    std::size_t first = 0;
    if (const auto* statement = std::get_if<ast::ExprStmt>(&list.front()->node)) {
        const auto* constant = std::get_if<ast::ConstantExpr>(&statement->value->node);
        if (constant && std::holds_alternative<std::string>(constant->value.value)) {
            expression(*statement->value);
            clearLocation();
            nameOperation("__doc__", ast::Context::Store);
            first = 1;
        }
    }
    for (std::size_t index = first; index < list.size(); ++index) statement(*list[index]);
}

void CodeGenerator::enterScope(CompilationUnit::Kind kind, const ScopeInfo& scope, std::string name,
                               int firstLine) {
    auto fresh = std::make_unique<CompilationUnit>();
    fresh->kind = kind;
    fresh->scope = &scope;
    fresh->name = name;
    fresh->firstLine = firstLine;
    fresh->varnames = scope.parameters;
    fresh->cellvars = scope.namesIn(NameScope::Cell);
    fresh->freevars = scope.namesIn(NameScope::Free);
    fresh->qualname = name;
    // compiler_set_qualname: nested functions read `outer.<locals>.inner`; a function declared
    // global in its parent keeps its bare name.
    if (kind != CompilationUnit::Kind::Module && units_.size() > 1) {
        const CompilationUnit& parent = *units_.back();
        const bool forceGlobal = kind == CompilationUnit::Kind::Function &&
                                 parent.scope->scopeOf(name) == NameScope::GlobalExplicit;
        if (!forceGlobal) {
            const bool parentIsFunction = parent.kind == CompilationUnit::Kind::Function ||
                                          parent.kind == CompilationUnit::Kind::Lambda;
            fresh->qualname = concat(parent.qualname, parentIsFunction ? ".<locals>." : ".", name);
        }
    }
    fresh->where = cfg::SourceSpan{firstLine, 0, firstLine, 0};
    if (kind == CompilationUnit::Kind::Module) fresh->where.line = 0;  // RESUME sits on line 0
    units_.push_back(std::move(fresh));
    emit(op(Opcode::RESUME), 0);
    if (kind == CompilationUnit::Kind::Module) unit().where.line = -1;
}

std::shared_ptr<const CodeObject> CodeGenerator::exitScope() {
    auto code = assemble(unit(), filename_);
    units_.pop_back();
    return code;
}

void CodeGenerator::setLocation(const ast::Location& where) {
    unit().where = cfg::SourceSpan{where.line, where.column, where.endLine, where.endColumn};
}

void CodeGenerator::clearLocation() { unit().where = cfg::SourceSpan{}; }

void CodeGenerator::fail(std::string message) {
    if (error_) return;
    const cfg::SourceSpan& where = unit().where;
    error_ = SyntaxError{"SyntaxError", std::move(message), where.line, where.column + 1};
}

void CodeGenerator::emit(int opcode, int arg) { unit().graph.add(cfg::Instruction{opcode, arg, -1, unit().where}); }

void CodeGenerator::emitNoLine(int opcode, int arg) {
    unit().graph.add(cfg::Instruction{opcode, arg, -1, cfg::SourceSpan{}});
}

void CodeGenerator::emitJump(int opcode, int target) {
    unit().graph.add(cfg::Instruction{opcode, 0, target, unit().where});
}

void CodeGenerator::emitJumpNoLine(int opcode, int target) {
    unit().graph.add(cfg::Instruction{opcode, 0, target, cfg::SourceSpan{}});
}

void CodeGenerator::loadConstant(const Constant& value) {
    emit(op(Opcode::LOAD_CONST), constantIndex(unit().consts, value));
}

int CodeGenerator::newBlock() { return unit().graph.newBlock(); }

void CodeGenerator::useNextBlock(int block) { unit().graph.useNextBlock(block); }

// compiler_nameop: fast locals in functions, cells and free variables through the deref
// opcodes, globals declared or implied, and plain names at module level.
void CodeGenerator::nameOperation(const std::string& name, ast::Context context) {
    CompilationUnit& current = unit();
    enum class Access { Fast, Global, Deref, Name } access = Access::Name;
    int derefIndex = 0;
    switch (current.scope->scopeOf(name)) {
        case NameScope::Free:
            access = Access::Deref;
            derefIndex = static_cast<int>(current.cellvars.size()) + indexOf(current.freevars, name);
            break;
        case NameScope::Cell:
            access = Access::Deref;
            derefIndex = indexOf(current.cellvars, name);
            break;
        case NameScope::Local:
            if (current.isFunctionBlock()) access = Access::Fast;
            break;
        case NameScope::GlobalImplicit:
            if (current.isFunctionBlock()) access = Access::Global;
            break;
        case NameScope::GlobalExplicit:
            access = Access::Global;
            break;
    }
    const int which = context == ast::Context::Load ? 0 : context == ast::Context::Store ? 1 : 2;
    switch (access) {
        case Access::Fast: {
            const Opcode ops[] = {Opcode::LOAD_FAST, Opcode::STORE_FAST, Opcode::DELETE_FAST};
            emit(op(ops[which]), indexOf(current.varnames, name));
            return;
        }
        case Access::Deref: {
            const Opcode ops[] = {Opcode::LOAD_DEREF, Opcode::STORE_DEREF, Opcode::DELETE_DEREF};
            emit(op(ops[which]), derefIndex);
            return;
        }
        case Access::Global: {
            const Opcode ops[] = {Opcode::LOAD_GLOBAL, Opcode::STORE_GLOBAL, Opcode::DELETE_GLOBAL};
            const int index = indexOf(current.names, name);
            // LOAD_GLOBAL's low bit says whether it also pushes NULL (set later by the optimizer).
            emit(op(ops[which]), which == 0 ? index << 1 : index);
            return;
        }
        case Access::Name: {
            const Opcode ops[] = {Opcode::LOAD_NAME, Opcode::STORE_NAME, Opcode::DELETE_NAME};
            emit(op(ops[which]), indexOf(current.names, name));
            return;
        }
    }
}

}  // namespace mlsyslab::pyvm
