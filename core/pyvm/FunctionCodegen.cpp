// Functions, lambdas and list comprehensions: each body is its own code object, made into a
// function (with defaults and a closure when needed) where it is defined.
#include "pyvm/CodeGenerator.h"

namespace mlsyslab::pyvm {

using cfg::op;

// compiler_default_arguments: a tuple of positional defaults, a dict of keyword-only ones.
int CodeGenerator::defaultArguments(const ast::Arguments& arguments) {
    int flags = 0;
    if (!arguments.defaults.empty()) {
        for (const auto& value : arguments.defaults) expression(*value);
        emit(op(Opcode::BUILD_TUPLE), static_cast<int>(arguments.defaults.size()));
        flags |= MakeFunctionFlag::Defaults;
    }
    Constant::Tuple keys;
    for (std::size_t index = 0; index < arguments.kwonlyargs.size(); ++index) {
        if (index >= arguments.kwDefaults.size() || !arguments.kwDefaults[index]) continue;
        keys.push_back(Constant{arguments.kwonlyargs[index].name});
        expression(*arguments.kwDefaults[index]);
    }
    if (!keys.empty()) {
        const auto count = static_cast<int>(keys.size());
        loadConstant(Constant{std::move(keys)});
        emit(op(Opcode::BUILD_CONST_KEY_MAP), count);
        flags |= MakeFunctionFlag::KwDefaults;
    }
    return flags;
}

void CodeGenerator::setArgumentCounts(const ast::Arguments& arguments) {
    unit().argCount = static_cast<int>(arguments.args.size());
    unit().posOnlyArgCount = static_cast<int>(arguments.posonlyargs.size());
    unit().kwOnlyArgCount = static_cast<int>(arguments.kwonlyargs.size());
}

// compiler_make_closure: the cells the new function captures go in a tuple, then MAKE_FUNCTION.
void CodeGenerator::makeClosure(const std::shared_ptr<const CodeObject>& code, int flags) {
    const int freeCount = code->freeCount();
    if (freeCount > 0) {
        CompilationUnit& current = unit();
        const std::size_t first = code->localsPlus.size() - static_cast<std::size_t>(freeCount);
        for (std::size_t index = first; index < code->localsPlus.size(); ++index) {
            const std::string& name = code->localsPlus[index].name;
            int argument = 0;
            if (current.scope->scopeOf(name) == NameScope::Cell) {
                argument = indexOf(current.cellvars, name);
            } else {
                argument = static_cast<int>(current.cellvars.size()) + indexOf(current.freevars, name);
            }
            emit(op(Opcode::LOAD_CLOSURE), argument);
        }
        flags |= MakeFunctionFlag::Closure;
        emit(op(Opcode::BUILD_TUPLE), freeCount);
    }
    loadConstant(Constant{code});
    emit(op(Opcode::MAKE_FUNCTION), flags);
}

void CodeGenerator::functionDefinition(const ast::Stmt& definition, const ast::FunctionDef& node) {
    const int flags = defaultArguments(node.args);
    enterScope(CompilationUnit::Kind::Function, symbols_.scopeOf(&definition), node.name, definition.where.line);
    // The first constant is the docstring, or None so that no later constant can pass for one.
    std::size_t first = 0;
    Constant docstring{Constant::None{}};
    if (!node.body.empty()) {
        if (const auto* expressionStatement = std::get_if<ast::ExprStmt>(&node.body.front()->node)) {
            const auto* constant = std::get_if<ast::ConstantExpr>(&expressionStatement->value->node);
            if (constant && std::holds_alternative<std::string>(constant->value.value)) {
                docstring = constant->value;
                first = 1;
            }
        }
    }
    constantIndex(unit().consts, docstring);
    setArgumentCounts(node.args);
    for (std::size_t index = first; index < node.body.size(); ++index) statement(*node.body[index]);
    auto code = exitScope();
    makeClosure(code, flags);
    nameOperation(node.name, ast::Context::Store);
}

void CodeGenerator::lambda(const ast::Expr& expression, const ast::Lambda& node) {
    const int flags = defaultArguments(node.args);
    enterScope(CompilationUnit::Kind::Lambda, symbols_.scopeOf(&expression), "<lambda>", expression.where.line);
    constantIndex(unit().consts, Constant{Constant::None{}});  // a lambda has no docstring
    setArgumentCounts(node.args);
    this->expression(*node.body);
    emit(op(Opcode::RETURN_VALUE));
    auto code = exitScope();
    makeClosure(code, flags);
}

// compiler_comprehension: the body runs in its own code object, called with the outermost
// iterator (its `.0` argument).
void CodeGenerator::listComprehension(const ast::Expr& expression, const ast::ListComp& node) {
    enterScope(CompilationUnit::Kind::Comprehension, symbols_.scopeOf(&expression), "<listcomp>",
               expression.where.line);
    setLocation(expression.where);
    emit(op(Opcode::BUILD_LIST), 0);
    comprehensionGenerator(node, 0, 0);
    emit(op(Opcode::RETURN_VALUE));
    auto code = exitScope();
    makeClosure(code, 0);
    this->expression(*node.generators.front().iter);
    emit(op(Opcode::GET_ITER));
    emit(op(Opcode::PRECALL), 0);
    emit(op(Opcode::CALL), 0);
}

// compiler_sync_comprehension_generator: one nested loop per `for`, its `if`s skipping ahead.
void CodeGenerator::comprehensionGenerator(const ast::ListComp& node, std::size_t index, int depth) {
    int start = newBlock();
    const int ifCleanup = newBlock();
    const int anchor = newBlock();
    const ast::Comprehension& generator = node.generators[index];
    if (index == 0) {
        unit().argCount = 1;
        emit(op(Opcode::LOAD_FAST), 0);
    } else {
        // `for y in [f(x)]` just binds y: no loop at all.
        const ast::ExprList* elements = nullptr;
        if (const auto* list = std::get_if<ast::List>(&generator.iter->node)) elements = &list->elts;
        if (const auto* tuple = std::get_if<ast::Tuple>(&generator.iter->node)) elements = &tuple->elts;
        if (elements && elements->size() == 1 && !std::holds_alternative<ast::Starred>(elements->front()->node)) {
            expression(*elements->front());
            start = -1;
        }
        if (start >= 0) {
            expression(*generator.iter);
            emit(op(Opcode::GET_ITER));
        }
    }
    if (start >= 0) {
        ++depth;
        useNextBlock(start);
        emitJump(op(Opcode::FOR_ITER), anchor);
    }
    expression(*generator.target);
    for (const auto& condition : generator.ifs) jumpIf(*condition, ifCleanup, false);
    if (index + 1 < node.generators.size()) {
        comprehensionGenerator(node, index + 1, depth);
    } else {
        expression(*node.elt);
        emit(op(Opcode::LIST_APPEND), depth + 1);
    }
    useNextBlock(ifCleanup);
    if (start >= 0) {
        emitJump(cfg::Jump, start);
        useNextBlock(anchor);
    }
}

}  // namespace mlsyslab::pyvm
