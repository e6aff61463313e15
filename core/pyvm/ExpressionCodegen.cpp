// Expressions, compiled as CPython 3.11's compiler_visit_expr1 and its helpers do.
#include <type_traits>

#include "pyvm/CodeGenerator.h"
#include "pyvm/OperatorCodes.h"

namespace mlsyslab::pyvm {

using cfg::op;

// compiler_visit_expr: an expression's instructions carry its own location, and the enclosing
// location comes back afterwards.
void CodeGenerator::expression(const ast::Expr& node) {
    const cfg::SourceSpan saved = unit().where;
    setLocation(node.where);
    expressionHere(node);
    unit().where = saved;
}

void CodeGenerator::expressionHere(const ast::Expr& node) {
    std::visit(
        [&](const auto& value) {
            using Node = std::decay_t<decltype(value)>;
            if constexpr (std::is_same_v<Node, ast::ConstantExpr>) {
                loadConstant(value.value);
            } else if constexpr (std::is_same_v<Node, ast::Name>) {
                nameOperation(value.id, value.ctx);
            } else if constexpr (std::is_same_v<Node, ast::BinOp>) {
                expression(*value.left);
                expression(*value.right);
                emit(op(Opcode::BINARY_OP), binaryOpArgument(value.op));
            } else if constexpr (std::is_same_v<Node, ast::UnaryOp>) {
                expression(*value.operand);
                emit(op(unaryOpcode(value.op)));
            } else if constexpr (std::is_same_v<Node, ast::BoolOp>) {
                boolOperation(value);
            } else if constexpr (std::is_same_v<Node, ast::Compare>) {
                comparison(value);
            } else if constexpr (std::is_same_v<Node, ast::Call>) {
                call(value);
            } else if constexpr (std::is_same_v<Node, ast::Attribute>) {
                attribute(node, value);
            } else if constexpr (std::is_same_v<Node, ast::Subscript>) {
                subscript(value);
            } else if constexpr (std::is_same_v<Node, ast::Slice>) {
                slice(value);
            } else if constexpr (std::is_same_v<Node, ast::Starred>) {
                fail(value.ctx == ast::Context::Store ? "starred assignment target must be in a list or tuple"
                                                      : "can't use starred expression here");
            } else if constexpr (std::is_same_v<Node, ast::List> || std::is_same_v<Node, ast::Tuple>) {
                if (value.ctx == ast::Context::Store) {
                    unpackAssignment(value.elts);
                } else if (value.ctx == ast::Context::Load) {
                    starUnpack(value.elts, 0, op(Opcode::BUILD_LIST), op(Opcode::LIST_APPEND),
                               op(Opcode::LIST_EXTEND), std::is_same_v<Node, ast::Tuple>);
                } else {
                    for (const auto& element : value.elts) expression(*element);
                }
            } else if constexpr (std::is_same_v<Node, ast::Set>) {
                starUnpack(value.elts, 0, op(Opcode::BUILD_SET), op(Opcode::SET_ADD), op(Opcode::SET_UPDATE), false);
            } else if constexpr (std::is_same_v<Node, ast::Dict>) {
                dictionary(value);
            } else if constexpr (std::is_same_v<Node, ast::ListComp>) {
                listComprehension(node, value);
            } else if constexpr (std::is_same_v<Node, ast::IfExp>) {
                conditionalExpression(value);
            } else if constexpr (std::is_same_v<Node, ast::Lambda>) {
                lambda(node, value);
            } else if constexpr (std::is_same_v<Node, ast::FormattedValue>) {
                formattedValue(value);
            } else if constexpr (std::is_same_v<Node, ast::JoinedStr>) {
                joinedString(value);
            }
        },
        node.node);
}

// compiler_jump_if: jumps to `target` when the expression's truth equals `condition`, without
// materializing `not`, `and`/`or` or a chained comparison's result.
void CodeGenerator::jumpIf(const ast::Expr& node, int target, bool condition) {
    if (const auto* unary = std::get_if<ast::UnaryOp>(&node.node)) {
        if (unary->op == ast::UnaryOperator::Not) {
            jumpIf(*unary->operand, target, !condition);
            return;
        }
    } else if (const auto* boolean = std::get_if<ast::BoolOp>(&node.node)) {
        const bool isOr = boolean->op == ast::BooleanOperator::Or;
        int nextTarget = target;
        if (isOr != condition) nextTarget = newBlock();
        for (std::size_t index = 0; index + 1 < boolean->values.size(); ++index) {
            jumpIf(*boolean->values[index], nextTarget, isOr);
        }
        jumpIf(*boolean->values.back(), target, condition);
        if (nextTarget != target) useNextBlock(nextTarget);
        return;
    } else if (const auto* conditional = std::get_if<ast::IfExp>(&node.node)) {
        const int end = newBlock();
        const int otherwise = newBlock();
        jumpIf(*conditional->test, otherwise, false);
        jumpIf(*conditional->body, target, condition);
        emitJumpNoLine(cfg::Jump, end);
        useNextBlock(otherwise);
        jumpIf(*conditional->orelse, target, condition);
        useNextBlock(end);
        return;
    } else if (const auto* compare = std::get_if<ast::Compare>(&node.node)) {
        setLocation(node.where);
        if (compare->ops.size() > 1) {
            const int cleanup = newBlock();
            expression(*compare->left);
            const std::size_t last = compare->ops.size() - 1;
            for (std::size_t index = 0; index < last; ++index) {
                expression(*compare->comparators[index]);
                emit(op(Opcode::SWAP), 2);
                emit(op(Opcode::COPY), 2);
                addComparison(compare->ops[index]);
                emitJump(cfg::PopJumpIfFalse, cleanup);
            }
            expression(*compare->comparators[last]);
            addComparison(compare->ops[last]);
            emitJump(condition ? cfg::PopJumpIfTrue : cfg::PopJumpIfFalse, target);
            const int end = newBlock();
            emitJumpNoLine(cfg::Jump, end);
            useNextBlock(cleanup);
            emit(op(Opcode::POP_TOP));
            if (!condition) emitJumpNoLine(cfg::Jump, target);
            useNextBlock(end);
            return;
        }
    }
    expression(node);
    emitJump(condition ? cfg::PopJumpIfTrue : cfg::PopJumpIfFalse, target);
}

void CodeGenerator::boolOperation(const ast::BoolOp& node) {
    const int jump = node.op == ast::BooleanOperator::And ? op(Opcode::JUMP_IF_FALSE_OR_POP)
                                                          : op(Opcode::JUMP_IF_TRUE_OR_POP);
    const int end = newBlock();
    for (std::size_t index = 0; index + 1 < node.values.size(); ++index) {
        expression(*node.values[index]);
        emitJump(jump, end);
        useNextBlock(newBlock());
    }
    expression(*node.values.back());
    useNextBlock(end);
}

void CodeGenerator::addComparison(ast::CompareOperator comparison) {
    switch (comparison) {
        case ast::CompareOperator::Eq: emit(op(Opcode::COMPARE_OP), static_cast<int>(CompareOpArg::Equal)); return;
        case ast::CompareOperator::NotEq: emit(op(Opcode::COMPARE_OP), static_cast<int>(CompareOpArg::NotEqual)); return;
        case ast::CompareOperator::Lt: emit(op(Opcode::COMPARE_OP), static_cast<int>(CompareOpArg::Less)); return;
        case ast::CompareOperator::LtE: emit(op(Opcode::COMPARE_OP), static_cast<int>(CompareOpArg::LessEqual)); return;
        case ast::CompareOperator::Gt: emit(op(Opcode::COMPARE_OP), static_cast<int>(CompareOpArg::Greater)); return;
        case ast::CompareOperator::GtE: emit(op(Opcode::COMPARE_OP), static_cast<int>(CompareOpArg::GreaterEqual)); return;
        case ast::CompareOperator::Is: emit(op(Opcode::IS_OP), 0); return;
        case ast::CompareOperator::IsNot: emit(op(Opcode::IS_OP), 1); return;
        case ast::CompareOperator::In: emit(op(Opcode::CONTAINS_OP), 0); return;
        case ast::CompareOperator::NotIn: emit(op(Opcode::CONTAINS_OP), 1); return;
    }
}

// compiler_compare: a chain keeps each middle operand with SWAP/COPY and stops at the first false.
void CodeGenerator::comparison(const ast::Compare& node) {
    expression(*node.left);
    const std::size_t last = node.ops.size() - 1;
    if (last == 0) {
        expression(*node.comparators[0]);
        addComparison(node.ops[0]);
        return;
    }
    const int cleanup = newBlock();
    for (std::size_t index = 0; index < last; ++index) {
        expression(*node.comparators[index]);
        emit(op(Opcode::SWAP), 2);
        emit(op(Opcode::COPY), 2);
        addComparison(node.ops[index]);
        emitJump(op(Opcode::JUMP_IF_FALSE_OR_POP), cleanup);
    }
    expression(*node.comparators[last]);
    addComparison(node.ops[last]);
    const int end = newBlock();
    emitJumpNoLine(cfg::Jump, end);
    useNextBlock(cleanup);
    emit(op(Opcode::SWAP), 2);
    emit(op(Opcode::POP_TOP));
    useNextBlock(end);
}

void CodeGenerator::conditionalExpression(const ast::IfExp& node) {
    const int end = newBlock();
    const int otherwise = newBlock();
    jumpIf(*node.test, otherwise, false);
    expression(*node.body);
    emitJumpNoLine(cfg::Jump, end);
    useNextBlock(otherwise);
    expression(*node.orelse);
    useNextBlock(end);
}

// update_start_location_to_match_attr: an attribute on a later line than its object is located
// at the attribute's name.
void CodeGenerator::moveStartToAttribute(const ast::Expr& node) {
    const auto& attribute = std::get<ast::Attribute>(node.node);
    cfg::SourceSpan& where = unit().where;
    if (where.line == node.where.endLine) return;
    where.line = node.where.endLine;
    const int length = static_cast<int>(attribute.attr.size());
    if (length <= node.where.endColumn) {
        where.column = node.where.endColumn - length;
    } else {
        where.column = -1;
        where.endColumn = -1;
    }
    if (where.endLine < where.line) where.endLine = where.line;
    if (where.line == where.endLine && where.endColumn < where.column) where.endColumn = where.column;
}

void CodeGenerator::attribute(const ast::Expr& node, const ast::Attribute& value) {
    expression(*value.value);
    moveStartToAttribute(node);
    const int name = indexOf(unit().names, value.attr);
    if (value.ctx == ast::Context::Load) {
        emit(op(Opcode::LOAD_ATTR), name);
    } else if (value.ctx == ast::Context::Store) {
        emit(op(Opcode::STORE_ATTR), name);
    } else {
        fail("deleting an attribute is not supported by the lesson VM");
    }
}

void CodeGenerator::subscript(const ast::Subscript& node) {
    expression(*node.value);
    expression(*node.slice);
    switch (node.ctx) {
        case ast::Context::Load: emit(op(Opcode::BINARY_SUBSCR)); return;
        case ast::Context::Store: emit(op(Opcode::STORE_SUBSCR)); return;
        case ast::Context::Del: emit(op(Opcode::DELETE_SUBSCR)); return;
    }
}

void CodeGenerator::slice(const ast::Slice& node) {
    const Constant none{Constant::None{}};
    if (node.lower) {
        expression(*node.lower);
    } else {
        loadConstant(none);
    }
    if (node.upper) {
        expression(*node.upper);
    } else {
        loadConstant(none);
    }
    int count = 2;
    if (node.step) {
        expression(*node.step);
        count = 3;
    }
    emit(op(Opcode::BUILD_SLICE), count);
}

void CodeGenerator::joinedString(const ast::JoinedStr& node) {
    if (node.values.size() > kStackUseGuideline) {
        // A long f-string is built as ''.join([...]).
        loadConstant(Constant{std::string()});
        emit(op(Opcode::LOAD_METHOD), indexOf(unit().names, "join"));
        emit(op(Opcode::BUILD_LIST), 0);
        for (const auto& value : node.values) {
            expression(*value);
            emit(op(Opcode::LIST_APPEND), 1);
        }
        emit(op(Opcode::PRECALL), 1);
        emit(op(Opcode::CALL), 1);
        return;
    }
    for (const auto& value : node.values) expression(*value);
    if (node.values.size() != 1) emit(op(Opcode::BUILD_STRING), static_cast<int>(node.values.size()));
}

// FORMAT_VALUE's argument: the conversion in the low two bits, 4 when a spec is on the stack.
void CodeGenerator::formattedValue(const ast::FormattedValue& node) {
    expression(*node.value);
    int argument = 0;
    switch (node.conversion) {
        case 's': argument = 1; break;
        case 'r': argument = 2; break;
        case 'a': argument = 3; break;
        default: argument = 0; break;
    }
    if (node.formatSpec) {
        expression(*node.formatSpec);
        argument |= 4;
    }
    emit(op(Opcode::FORMAT_VALUE), argument);
}

}  // namespace mlsyslab::pyvm
