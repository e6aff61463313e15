// Statements, compiled as CPython 3.11's compile.c compiles them (compiler_visit_stmt and the
// compiler_if/for/while/return/break/continue helpers).
#include <type_traits>

#include "pyvm/CodeGenerator.h"
#include "pyvm/OperatorCodes.h"

namespace mlsyslab::pyvm {

using cfg::op;

void CodeGenerator::statements(const ast::StmtList& list) {
    for (const auto& item : list) statement(*item);
}

void CodeGenerator::statement(const ast::Stmt& node) {
    setLocation(node.where);  // every statement starts a new line's worth of instructions
    std::visit(
        [&](const auto& value) {
            using Node = std::decay_t<decltype(value)>;
            if constexpr (std::is_same_v<Node, ast::FunctionDef>) {
                functionDefinition(node, value);
            } else if constexpr (std::is_same_v<Node, ast::Return>) {
                returnStatement(node, value);
            } else if constexpr (std::is_same_v<Node, ast::Delete>) {
                for (const auto& target : value.targets) expression(*target);
            } else if constexpr (std::is_same_v<Node, ast::Assign>) {
                assignment(value);
            } else if constexpr (std::is_same_v<Node, ast::AugAssign>) {
                augmentedAssignment(value);
            } else if constexpr (std::is_same_v<Node, ast::For>) {
                forLoop(value);
            } else if constexpr (std::is_same_v<Node, ast::While>) {
                whileLoop(node, value);
            } else if constexpr (std::is_same_v<Node, ast::If>) {
                ifStatement(value);
            } else if constexpr (std::is_same_v<Node, ast::ExprStmt>) {
                expressionStatement(value);
            } else if constexpr (std::is_same_v<Node, ast::Pass>) {
                emit(op(Opcode::NOP));
            } else if constexpr (std::is_same_v<Node, ast::Break>) {
                breakStatement();
            } else if constexpr (std::is_same_v<Node, ast::Continue>) {
                continueStatement();
            }
            // global and nonlocal only matter to the symbol table
        },
        node.node);
}

void CodeGenerator::assignment(const ast::Assign& assign) {
    expression(*assign.value);
    for (std::size_t index = 0; index < assign.targets.size(); ++index) {
        if (index + 1 < assign.targets.size()) emit(op(Opcode::COPY), 1);
        expression(*assign.targets[index]);
    }
}

// compiler_augassign: the target is read once, combined in place, and stored back.
void CodeGenerator::augmentedAssignment(const ast::AugAssign& assign) {
    const ast::Expr& target = *assign.target;
    const cfg::SourceSpan saved = unit().where;
    setLocation(target.where);
    if (const auto* attribute = std::get_if<ast::Attribute>(&target.node)) {
        expression(*attribute->value);
        emit(op(Opcode::COPY), 1);
        moveStartToAttribute(target);
        emit(op(Opcode::LOAD_ATTR), indexOf(unit().names, attribute->attr));
    } else if (const auto* item = std::get_if<ast::Subscript>(&target.node)) {
        expression(*item->value);
        expression(*item->slice);
        emit(op(Opcode::COPY), 2);
        emit(op(Opcode::COPY), 2);
        emit(op(Opcode::BINARY_SUBSCR));
    } else if (const auto* name = std::get_if<ast::Name>(&target.node)) {
        nameOperation(name->id, ast::Context::Load);
    }
    unit().where = saved;
    expression(*assign.value);
    emit(op(Opcode::BINARY_OP), binaryOpArgument(assign.op) + static_cast<int>(BinaryOpArg::InplaceOffset));
    setLocation(target.where);
    if (const auto* attribute = std::get_if<ast::Attribute>(&target.node)) {
        moveStartToAttribute(target);
        emit(op(Opcode::SWAP), 2);
        emit(op(Opcode::STORE_ATTR), indexOf(unit().names, attribute->attr));
    } else if (std::holds_alternative<ast::Subscript>(target.node)) {
        emit(op(Opcode::SWAP), 3);
        emit(op(Opcode::SWAP), 2);
        emit(op(Opcode::STORE_SUBSCR));
    } else if (const auto* name = std::get_if<ast::Name>(&target.node)) {
        nameOperation(name->id, ast::Context::Store);
    }
}

void CodeGenerator::ifStatement(const ast::If& node) {
    const int end = newBlock();
    const int next = node.orelse.empty() ? end : newBlock();
    jumpIf(*node.test, next, false);
    statements(node.body);
    if (!node.orelse.empty()) {
        emitJumpNoLine(cfg::Jump, end);
        useNextBlock(next);
        statements(node.orelse);
    }
    useNextBlock(end);
}

void CodeGenerator::forLoop(const ast::For& node) {
    const int start = newBlock();
    const int bodyBlock = newBlock();
    const int cleanup = newBlock();
    const int end = newBlock();
    unit().loops.push_back({true, start, end});
    expression(*node.iter);
    emit(op(Opcode::GET_ITER));
    useNextBlock(start);
    emitJump(op(Opcode::FOR_ITER), cleanup);
    useNextBlock(bodyBlock);
    expression(*node.target);
    statements(node.body);
    clearLocation();  // the jump back is artificial
    emitJump(cfg::Jump, start);
    useNextBlock(cleanup);
    unit().loops.pop_back();
    statements(node.orelse);
    useNextBlock(end);
}

// compiler_while: the test is compiled twice, at the top and again at the bottom of the body.
void CodeGenerator::whileLoop(const ast::Stmt& statement, const ast::While& node) {
    const int loop = newBlock();
    const int bodyBlock = newBlock();
    const int anchor = newBlock();
    const int end = newBlock();
    useNextBlock(loop);
    unit().loops.push_back({false, loop, end});
    jumpIf(*node.test, anchor, false);
    useNextBlock(bodyBlock);
    statements(node.body);
    setLocation(statement.where);
    jumpIf(*node.test, bodyBlock, true);
    unit().loops.pop_back();
    useNextBlock(anchor);
    statements(node.orelse);
    useNextBlock(end);
}

void CodeGenerator::unwindLoops(bool preserveTop) {
    for (auto loop = unit().loops.rbegin(); loop != unit().loops.rend(); ++loop) {
        if (!loop->isFor) continue;
        if (preserveTop) emit(op(Opcode::SWAP), 2);
        emit(op(Opcode::POP_TOP));
    }
}

void CodeGenerator::returnStatement(const ast::Stmt& statement, const ast::Return& node) {
    const bool preserveTop = node.value && !std::holds_alternative<ast::ConstantExpr>(node.value->node);
    if (!unit().isFunctionBlock()) {
        fail("'return' outside function");
        return;
    }
    if (preserveTop) {
        expression(*node.value);
    } else if (node.value) {
        setLocation(node.value->where);  // a NOP so the returned constant's line is traced
        emit(op(Opcode::NOP));
    }
    if (!node.value || node.value->where.line != statement.where.line) {
        setLocation(statement.where);
        emit(op(Opcode::NOP));
    }
    unwindLoops(preserveTop);
    if (!node.value) {
        loadConstant(Constant{Constant::None{}});
    } else if (!preserveTop) {
        loadConstant(std::get<ast::ConstantExpr>(node.value->node).value);
    }
    emit(op(Opcode::RETURN_VALUE));
}

void CodeGenerator::breakStatement() {
    emit(op(Opcode::NOP));
    if (unit().loops.empty()) {
        fail("'break' outside loop");
        return;
    }
    const CompilationUnit::Loop loop = unit().loops.back();
    if (loop.isFor) emit(op(Opcode::POP_TOP));
    emitJump(cfg::Jump, loop.exit);
}

void CodeGenerator::continueStatement() {
    emit(op(Opcode::NOP));
    if (unit().loops.empty()) {
        fail("'continue' not properly in loop");
        return;
    }
    emitJump(cfg::Jump, unit().loops.back().start);
}

void CodeGenerator::expressionStatement(const ast::ExprStmt& node) {
    if (std::holds_alternative<ast::ConstantExpr>(node.value->node)) {
        emit(op(Opcode::NOP));  // a lone constant does nothing, but its line still counts
        return;
    }
    expression(*node.value);
    clearLocation();
    emit(op(Opcode::POP_TOP));
}

}  // namespace mlsyslab::pyvm
