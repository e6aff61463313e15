#include "pyvm/AstOptimizer.h"

#include <string>
#include <type_traits>

#include "pyvm/ConstantFolding.h"
#include "pyvm/FrozenSetConstant.h"
#include "pyvm/PercentFormatFolding.h"

namespace mlsyslab::pyvm {
namespace {

const Constant* constantOf(const ast::Expr& expression) {
    const auto* constant = std::get_if<ast::ConstantExpr>(&expression.node);
    return constant ? &constant->value : nullptr;
}

bool isDocstring(const ast::StmtList& body) {
    if (body.empty()) return false;
    const auto* statement = std::get_if<ast::ExprStmt>(&body.front()->node);
    if (!statement) return false;
    const Constant* value = constantOf(*statement->value);
    return value && std::holds_alternative<std::string>(value->value);
}

bool hasStarred(const ast::ExprList& elements) {
    for (const auto& element : elements) {
        if (std::holds_alternative<ast::Starred>(element->node)) return true;
    }
    return false;
}

// make_const_tuple: the elements as one constant tuple, if every one is a constant.
std::optional<Constant> constantTuple(const ast::ExprList& elements) {
    Constant::Tuple tuple;
    for (const auto& element : elements) {
        const Constant* value = constantOf(*element);
        if (!value) return std::nullopt;
        tuple.push_back(*value);
    }
    return Constant{tuple};
}

void replaceWithConstant(ast::Expr& expression, Constant value) {
    expression.node = ast::ConstantExpr{std::move(value)};
}

void statements(ast::StmtList& body);
void expression(ast::Expr& node);

void expressions(ast::ExprList& list) {
    for (auto& item : list) {
        if (item) expression(*item);
    }
}

// fold_iter: a list literal that is only iterated or searched may as well be a tuple.
void foldIterable(ast::Expr& iterable) {
    if (auto* list = std::get_if<ast::List>(&iterable.node)) {
        if (hasStarred(list->elts)) return;
        ast::Tuple tuple{std::move(list->elts), list->ctx};
        iterable.node = std::move(tuple);
        if (auto folded = constantTuple(std::get<ast::Tuple>(iterable.node).elts)) {
            replaceWithConstant(iterable, std::move(*folded));
        }
    } else if (auto* set = std::get_if<ast::Set>(&iterable.node)) {
        if (auto folded = constantTuple(set->elts)) {
            replaceWithConstant(iterable, makeFrozenSet(std::get<Constant::Tuple>(std::move(folded->value))));
        }
    }
}

// `not a in b` is `a not in b`, and likewise for `is`; other comparisons cannot be inverted.
bool foldNotIntoComparison(ast::Expr& node, ast::UnaryOp& unary) {
    auto* compare = std::get_if<ast::Compare>(&unary.operand->node);
    if (unary.op != ast::UnaryOperator::Not || !compare || compare->ops.size() != 1) return false;
    ast::CompareOperator& op = compare->ops.front();
    switch (op) {
        case ast::CompareOperator::Is: op = ast::CompareOperator::IsNot; break;
        case ast::CompareOperator::IsNot: op = ast::CompareOperator::Is; break;
        case ast::CompareOperator::In: op = ast::CompareOperator::NotIn; break;
        case ast::CompareOperator::NotIn: op = ast::CompareOperator::In; break;
        default: return false;
    }
    ast::ExprPtr operand = std::move(unary.operand);
    node = std::move(*operand);  // the comparison takes the place (and location) of the `not`
    return true;
}

void binaryOperation(ast::Expr& node, ast::BinOp& binary) {
    expression(*binary.left);
    expression(*binary.right);
    const Constant* left = constantOf(*binary.left);
    if (!left) return;
    if (binary.op == ast::BinaryOperator::Mod && std::holds_alternative<std::string>(left->value)) {
        if (auto* tuple = std::get_if<ast::Tuple>(&binary.right->node); tuple && !hasStarred(tuple->elts)) {
            if (auto joined = percentFormatAsFString(std::get<std::string>(left->value), tuple->elts)) {
                node.node = std::move(*joined);
            }
            return;
        }
    }
    const Constant* right = constantOf(*binary.right);
    if (!right) return;
    if (auto folded = folding::binary(binary.op, *left, *right)) replaceWithConstant(node, std::move(*folded));
}

void expression(ast::Expr& node) {
    std::visit(
        [&](auto& value) {
            using Node = std::decay_t<decltype(value)>;
            if constexpr (std::is_same_v<Node, ast::BinOp>) {
                binaryOperation(node, value);
            } else if constexpr (std::is_same_v<Node, ast::UnaryOp>) {
                expression(*value.operand);
                if (const Constant* operand = constantOf(*value.operand)) {
                    if (auto folded = folding::unary(value.op, *operand)) replaceWithConstant(node, std::move(*folded));
                } else {
                    foldNotIntoComparison(node, value);
                }
            } else if constexpr (std::is_same_v<Node, ast::BoolOp>) {
                expressions(value.values);
            } else if constexpr (std::is_same_v<Node, ast::Compare>) {
                expression(*value.left);
                expressions(value.comparators);
                const auto last = value.ops.back();
                if (last == ast::CompareOperator::In || last == ast::CompareOperator::NotIn) {
                    foldIterable(*value.comparators.back());
                }
            } else if constexpr (std::is_same_v<Node, ast::Call>) {
                expression(*value.func);
                expressions(value.args);
                for (auto& keyword : value.keywords) expression(*keyword.value);
            } else if constexpr (std::is_same_v<Node, ast::Attribute> || std::is_same_v<Node, ast::Starred>) {
                expression(*value.value);
            } else if constexpr (std::is_same_v<Node, ast::Subscript>) {
                expression(*value.value);
                expression(*value.slice);
                const Constant* base = constantOf(*value.value);
                const Constant* index = constantOf(*value.slice);
                if (value.ctx == ast::Context::Load && base && index) {
                    if (auto folded = folding::subscript(*base, *index)) replaceWithConstant(node, std::move(*folded));
                }
            } else if constexpr (std::is_same_v<Node, ast::Slice>) {
                if (value.lower) expression(*value.lower);
                if (value.upper) expression(*value.upper);
                if (value.step) expression(*value.step);
            } else if constexpr (std::is_same_v<Node, ast::List> || std::is_same_v<Node, ast::Set>) {
                expressions(value.elts);
            } else if constexpr (std::is_same_v<Node, ast::Tuple>) {
                expressions(value.elts);
                if (value.ctx == ast::Context::Load) {
                    if (auto folded = constantTuple(value.elts)) replaceWithConstant(node, std::move(*folded));
                }
            } else if constexpr (std::is_same_v<Node, ast::Dict>) {
                expressions(value.keys);
                expressions(value.values);
            } else if constexpr (std::is_same_v<Node, ast::ListComp>) {
                expression(*value.elt);
                for (auto& generator : value.generators) {
                    expression(*generator.target);
                    expression(*generator.iter);
                    expressions(generator.ifs);
                    foldIterable(*generator.iter);
                }
            } else if constexpr (std::is_same_v<Node, ast::IfExp>) {
                expression(*value.test);
                expression(*value.body);
                expression(*value.orelse);
            } else if constexpr (std::is_same_v<Node, ast::Lambda>) {
                expressions(value.args.kwDefaults);
                expressions(value.args.defaults);
                expression(*value.body);
            } else if constexpr (std::is_same_v<Node, ast::FormattedValue>) {
                expression(*value.value);
                if (value.formatSpec) expression(*value.formatSpec);
            } else if constexpr (std::is_same_v<Node, ast::JoinedStr>) {
                expressions(value.values);
            } else if constexpr (std::is_same_v<Node, ast::Name>) {
                if (value.ctx == ast::Context::Load && value.id == "__debug__") replaceWithConstant(node, Constant{true});
            }
        },
        node.node);
}

void statement(ast::Stmt& node) {
    std::visit(
        [&](auto& value) {
            using Node = std::decay_t<decltype(value)>;
            if constexpr (std::is_same_v<Node, ast::FunctionDef>) {
                expressions(value.args.kwDefaults);
                expressions(value.args.defaults);
                statements(value.body);
            } else if constexpr (std::is_same_v<Node, ast::Return>) {
                if (value.value) expression(*value.value);
            } else if constexpr (std::is_same_v<Node, ast::Delete>) {
                expressions(value.targets);
            } else if constexpr (std::is_same_v<Node, ast::Assign>) {
                expressions(value.targets);
                expression(*value.value);
            } else if constexpr (std::is_same_v<Node, ast::AugAssign>) {
                expression(*value.target);
                expression(*value.value);
            } else if constexpr (std::is_same_v<Node, ast::For>) {
                expression(*value.target);
                expression(*value.iter);
                statements(value.body);
                statements(value.orelse);
                foldIterable(*value.iter);
            } else if constexpr (std::is_same_v<Node, ast::While> || std::is_same_v<Node, ast::If>) {
                expression(*value.test);
                statements(value.body);
                statements(value.orelse);
            } else if constexpr (std::is_same_v<Node, ast::ExprStmt>) {
                expression(*value.value);
            }
        },
        node.node);
}

// astfold_body: folding must not turn a plain expression statement into a docstring, so a string
// that only folding produced is wrapped in an f-string, as CPython does.
void statements(ast::StmtList& body) {
    const bool hadDocstring = isDocstring(body);
    for (auto& item : body) statement(*item);
    if (!hadDocstring && isDocstring(body)) {
        auto& first = std::get<ast::ExprStmt>(body.front()->node);
        ast::JoinedStr joined;
        joined.values.push_back(std::move(first.value));
        auto wrapper = std::make_unique<ast::Expr>();
        wrapper->where = body.front()->where;
        wrapper->node = std::move(joined);
        first.value = std::move(wrapper);
    }
}

}  // namespace

void optimizeTree(ast::Module& module) { statements(module.body); }

}  // namespace mlsyslab::pyvm
