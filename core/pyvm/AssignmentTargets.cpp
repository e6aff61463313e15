#include "pyvm/AssignmentTargets.h"

#include <type_traits>

namespace mlsyslab::pyvm::grammar {
namespace {

template <typename Sequence>
const ast::Expr* firstInvalid(const Sequence& node, TargetUse use) {
    for (const ast::ExprPtr& element : node.elts) {
        if (const ast::Expr* invalid = invalidTarget(*element, use)) return invalid;
    }
    return nullptr;
}

}  // namespace

const ast::Expr* invalidTarget(const ast::Expr& expression, TargetUse use) {
    if (const auto* list = std::get_if<ast::List>(&expression.node))
        return firstInvalid(*list, use);
    if (const auto* tuple = std::get_if<ast::Tuple>(&expression.node)) {
        return firstInvalid(*tuple, use);
    }
    if (const auto* starred = std::get_if<ast::Starred>(&expression.node)) {
        return use == TargetUse::Delete ? &expression : invalidTarget(*starred->value, use);
    }
    if (const auto* compare = std::get_if<ast::Compare>(&expression.node)) {
        // `for a in b` reaches here as the comparison `a in b` when its target is invalid.
        if (use != TargetUse::For) return &expression;
        if (compare->ops.front() != ast::CompareOperator::In) return nullptr;
        return invalidTarget(*compare->left, use);
    }
    if (isSingleTarget(expression)) return nullptr;
    return &expression;
}

std::string_view expressionName(const ast::Expr& expression) {
    return std::visit(
        [](const auto& node) -> std::string_view {
            using Node = std::decay_t<decltype(node)>;
            if constexpr (std::is_same_v<Node, ast::Attribute>) return "attribute";
            if constexpr (std::is_same_v<Node, ast::Subscript>) return "subscript";
            if constexpr (std::is_same_v<Node, ast::Starred>) return "starred";
            if constexpr (std::is_same_v<Node, ast::Name>) return "name";
            if constexpr (std::is_same_v<Node, ast::List>) return "list";
            if constexpr (std::is_same_v<Node, ast::Tuple>) return "tuple";
            if constexpr (std::is_same_v<Node, ast::Lambda>) return "lambda";
            if constexpr (std::is_same_v<Node, ast::Call>) return "function call";
            if constexpr (std::is_same_v<Node, ast::BoolOp> || std::is_same_v<Node, ast::BinOp> ||
                          std::is_same_v<Node, ast::UnaryOp>) {
                return "expression";
            }
            if constexpr (std::is_same_v<Node, ast::ListComp>) return "list comprehension";
            if constexpr (std::is_same_v<Node, ast::Dict>) return "dict literal";
            if constexpr (std::is_same_v<Node, ast::Set>) return "set display";
            if constexpr (std::is_same_v<Node, ast::JoinedStr> ||
                          std::is_same_v<Node, ast::FormattedValue>) {
                return "f-string expression";
            }
            if constexpr (std::is_same_v<Node, ast::Compare>) return "comparison";
            if constexpr (std::is_same_v<Node, ast::IfExp>) return "conditional expression";
            if constexpr (std::is_same_v<Node, ast::ConstantExpr>) {
                const auto& value = node.value.value;
                if (std::holds_alternative<Constant::None>(value)) return "None";
                if (const auto* flag = std::get_if<bool>(&value)) return *flag ? "True" : "False";
                if (std::holds_alternative<Constant::Ellipsis>(value)) return "ellipsis";
                return "literal";
            }
            return "expression";
        },
        expression.node);
}

bool isSingleTarget(const ast::Expr& expression) {
    return std::holds_alternative<ast::Name>(expression.node) ||
           std::holds_alternative<ast::Attribute>(expression.node) ||
           std::holds_alternative<ast::Subscript>(expression.node);
}

void setContext(ast::Expr& target, ast::Context context) {
    std::visit(
        [&](auto& node) {
            using Node = std::decay_t<decltype(node)>;
            if constexpr (std::is_same_v<Node, ast::Name> || std::is_same_v<Node, ast::Attribute> ||
                          std::is_same_v<Node, ast::Subscript>) {
                node.ctx = context;
            } else if constexpr (std::is_same_v<Node, ast::Starred>) {
                node.ctx = context;
                setContext(*node.value, context);
            } else if constexpr (std::is_same_v<Node, ast::List> ||
                                 std::is_same_v<Node, ast::Tuple>) {
                node.ctx = context;
                for (ast::ExprPtr& element : node.elts) setContext(*element, context);
            }
        },
        target.node);
}

}  // namespace mlsyslab::pyvm::grammar
