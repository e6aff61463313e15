#include "AstLocations.h"

#include <array>
#include <deque>
#include <string_view>
#include <type_traits>
#include <variant>

#include "common/Concat.h"

namespace ast = mlsyslab::pyvm::ast;

namespace {

// ast.walk also visits nodes that are neither statements nor expressions (arguments,
// comprehension, keyword); their children join the queue where they do.
using WalkItem = std::variant<const ast::Stmt*, const ast::Expr*, const ast::Arguments*,
                              const ast::Comprehension*, const ast::Keyword*>;

// Class names in the order of the node variants in Ast.h.
constexpr std::array<std::string_view, 14> statementNames = {
    "FunctionDef", "Return", "Delete",   "Assign", "AugAssign", "For",   "While",
    "If",          "Global", "Nonlocal", "Expr",   "Pass",      "Break", "Continue"};
constexpr std::array<std::string_view, 20> expressionNames = {
    "Constant",  "Name",      "BinOp", "UnaryOp", "BoolOp",         "Compare",  "Call",
    "Attribute", "Subscript", "Slice", "Starred", "List",           "Tuple",    "Set",
    "Dict",      "ListComp",  "IfExp", "Lambda",  "FormattedValue", "JoinedStr"};

class Walk {
public:
    explicit Walk(std::deque<WalkItem>& queue) : queue_(queue) {}

    void expression(const ast::ExprPtr& item) {
        if (item) queue_.push_back(item.get());  // ast.iter_child_nodes skips None
    }
    void expressions(const ast::ExprList& items) {
        for (const ast::ExprPtr& item : items) expression(item);
    }
    void statements(const ast::StmtList& items) {
        for (const ast::StmtPtr& item : items) queue_.push_back(item.get());
    }

    void children(const WalkItem& item) {
        if (const auto* statement = std::get_if<const ast::Stmt*>(&item)) {
            std::visit([this](const auto& node) { statementChildren(node); }, (*statement)->node);
        } else if (const auto* expr = std::get_if<const ast::Expr*>(&item)) {
            std::visit([this](const auto& node) { expressionChildren(node); }, (*expr)->node);
        } else if (const auto* arguments = std::get_if<const ast::Arguments*>(&item)) {
            expressions((*arguments)->kwDefaults);  // arg nodes have no expression children
            expressions((*arguments)->defaults);
        } else if (const auto* clause = std::get_if<const ast::Comprehension*>(&item)) {
            expression((*clause)->target);
            expression((*clause)->iter);
            expressions((*clause)->ifs);
        } else if (const auto* keyword = std::get_if<const ast::Keyword*>(&item)) {
            expression((*keyword)->value);
        }
    }

private:
    template <typename Node>
    void statementChildren(const Node& node) {
        if constexpr (std::is_same_v<Node, ast::FunctionDef>) {
            queue_.push_back(&node.args);
            statements(node.body);
        } else if constexpr (std::is_same_v<Node, ast::Return> ||
                             std::is_same_v<Node, ast::ExprStmt>) {
            expression(node.value);
        } else if constexpr (std::is_same_v<Node, ast::Delete>) {
            expressions(node.targets);
        } else if constexpr (std::is_same_v<Node, ast::Assign>) {
            expressions(node.targets);
            expression(node.value);
        } else if constexpr (std::is_same_v<Node, ast::AugAssign>) {
            expression(node.target);
            expression(node.value);
        } else if constexpr (std::is_same_v<Node, ast::For>) {
            expression(node.target);
            expression(node.iter);
            statements(node.body);
            statements(node.orelse);
        } else if constexpr (std::is_same_v<Node, ast::While> || std::is_same_v<Node, ast::If>) {
            expression(node.test);
            statements(node.body);
            statements(node.orelse);
        }
    }

    template <typename Node>
    void expressionChildren(const Node& node) {
        if constexpr (std::is_same_v<Node, ast::BinOp>) {
            expression(node.left);
            expression(node.right);
        } else if constexpr (std::is_same_v<Node, ast::UnaryOp>) {
            expression(node.operand);
        } else if constexpr (std::is_same_v<Node, ast::BoolOp>) {
            expressions(node.values);
        } else if constexpr (std::is_same_v<Node, ast::Compare>) {
            expression(node.left);
            expressions(node.comparators);
        } else if constexpr (std::is_same_v<Node, ast::Call>) {
            expression(node.func);
            expressions(node.args);
            for (const ast::Keyword& keyword : node.keywords) queue_.push_back(&keyword);
        } else if constexpr (std::is_same_v<Node, ast::Attribute> ||
                             std::is_same_v<Node, ast::Starred>) {
            expression(node.value);
        } else if constexpr (std::is_same_v<Node, ast::Subscript>) {
            expression(node.value);
            expression(node.slice);
        } else if constexpr (std::is_same_v<Node, ast::Slice>) {
            expression(node.lower);
            expression(node.upper);
            expression(node.step);
        } else if constexpr (std::is_same_v<Node, ast::List> || std::is_same_v<Node, ast::Tuple> ||
                             std::is_same_v<Node, ast::Set>) {
            expressions(node.elts);
        } else if constexpr (std::is_same_v<Node, ast::Dict>) {
            expressions(node.keys);
            expressions(node.values);
        } else if constexpr (std::is_same_v<Node, ast::ListComp>) {
            expression(node.elt);
            for (const ast::Comprehension& clause : node.generators) queue_.push_back(&clause);
        } else if constexpr (std::is_same_v<Node, ast::IfExp>) {
            expression(node.test);
            expression(node.body);
            expression(node.orelse);
        } else if constexpr (std::is_same_v<Node, ast::Lambda>) {
            queue_.push_back(&node.args);
            expression(node.body);
        } else if constexpr (std::is_same_v<Node, ast::FormattedValue>) {
            expression(node.value);
            expression(node.formatSpec);
        } else if constexpr (std::is_same_v<Node, ast::JoinedStr>) {
            expressions(node.values);
        }
    }

    std::deque<WalkItem>& queue_;
};

std::string describe(std::string_view name, const ast::Location& where) {
    return mlsyslab::concat(name, " ", std::to_string(where.line), ":",
                            std::to_string(where.column), "-", std::to_string(where.endLine), ":",
                            std::to_string(where.endColumn));
}

}  // namespace

std::vector<std::string> locationLines(const ast::Module& module) {
    std::deque<WalkItem> queue;
    Walk walk(queue);
    walk.statements(module.body);
    std::vector<std::string> lines;
    while (!queue.empty()) {
        const WalkItem item = queue.front();
        queue.pop_front();
        walk.children(item);
        if (const auto* statement = std::get_if<const ast::Stmt*>(&item)) {
            lines.push_back(
                describe(statementNames[(*statement)->node.index()], (*statement)->where));
        } else if (const auto* expression = std::get_if<const ast::Expr*>(&item)) {
            lines.push_back(
                describe(expressionNames[(*expression)->node.index()], (*expression)->where));
        }
    }
    return lines;
}
