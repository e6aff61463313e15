// dump(): the tree as Python 3.11's `ast.dump(tree)` writes it, field by field in the order of
// Parser/Python.asdl, leaving out optional fields that are None and keeping empty lists.
#include <string>
#include <type_traits>

#include "pyvm/Parser.h"
#include "pyvm/Repr.h"

namespace mlsyslab::pyvm {
namespace {

std::string_view contextName(ast::Context context) {
    switch (context) {
        case ast::Context::Load:
            return "Load()";
        case ast::Context::Store:
            return "Store()";
        case ast::Context::Del:
            return "Del()";
    }
    return "Load()";
}

std::string_view operatorName(ast::BinaryOperator op) {
    static constexpr std::string_view names[] = {
        "Add()",    "Sub()",    "Mult()",  "MatMult()", "Div()",    "Mod()",     "Pow()",
        "LShift()", "RShift()", "BitOr()", "BitXor()",  "BitAnd()", "FloorDiv()"};
    return names[static_cast<int>(op)];
}

std::string_view operatorName(ast::UnaryOperator op) {
    static constexpr std::string_view names[] = {"Invert()", "Not()", "UAdd()", "USub()"};
    return names[static_cast<int>(op)];
}

std::string_view operatorName(ast::BooleanOperator op) {
    return op == ast::BooleanOperator::And ? "And()" : "Or()";
}

std::string_view operatorName(ast::CompareOperator op) {
    static constexpr std::string_view names[] = {"Eq()",  "NotEq()", "Lt()",    "LtE()", "Gt()",
                                                 "GtE()", "Is()",    "IsNot()", "In()",  "NotIn()"};
    return names[static_cast<int>(op)];
}

std::string constantText(const Constant& constant) {
    return std::visit(
        [](const auto& value) -> std::string {
            using Value = std::decay_t<decltype(value)>;
            if constexpr (std::is_same_v<Value, Constant::None>) {
                return "None";
            } else if constexpr (std::is_same_v<Value, Constant::Ellipsis>) {
                return "Ellipsis";
            } else if constexpr (std::is_same_v<Value, bool>) {
                return value ? "True" : "False";
            } else if constexpr (std::is_same_v<Value, std::int64_t>) {
                return std::to_string(value);
            } else if constexpr (std::is_same_v<Value, double>) {
                return floatRepr(value);
            } else if constexpr (std::is_same_v<Value, std::string>) {
                return strRepr(value);
            } else {
                return "...";  // tuples and code objects never come out of the parser
            }
        },
        constant.value);
}

class Dumper {
public:
    std::string module(const ast::Module& module) {
        out_ = "Module(body=";
        statements(module.body);
        out_ += ", type_ignores=[])";
        return std::move(out_);
    }

private:
    template <typename... Pieces>
    void text(const Pieces&... pieces) {
        (out_.append(std::string_view(pieces)), ...);
    }

    template <typename Items, typename Write>
    void list(const Items& items, Write write) {
        text("[");
        bool first = true;
        for (const auto& item : items) {
            if (!first) text(", ");
            first = false;
            write(item);
        }
        text("]");
    }

    void statements(const ast::StmtList& body) {
        list(body, [this](const ast::StmtPtr& statement) { this->statement(*statement); });
    }

    void expressions(const ast::ExprList& items) {
        list(items, [this](const ast::ExprPtr& item) { optionalExpression(item.get()); });
    }

    void optionalExpression(const ast::Expr* item) {
        if (item == nullptr) {
            text("None");
        } else {
            expression(*item);
        }
    }

    // `, name=value` for a field that ast.dump leaves out when it is None.
    void optionalField(std::string_view name, const ast::ExprPtr& item) {
        if (!item) return;
        text(", ", name, "=");
        expression(*item);
    }

    void names(const std::vector<std::string>& identifiers) {
        list(identifiers, [this](const std::string& name) { text(strRepr(name)); });
    }

    void arg(const ast::Arg& parameter) { text("arg(arg=", strRepr(parameter.name), ")"); }

    void arguments(const ast::Arguments& args) {
        const auto writeArg = [this](const ast::Arg& parameter) { arg(parameter); };
        text("arguments(posonlyargs=");
        list(args.posonlyargs, writeArg);
        text(", args=");
        list(args.args, writeArg);
        if (args.vararg) {
            text(", vararg=");
            arg(*args.vararg);
        }
        text(", kwonlyargs=");
        list(args.kwonlyargs, writeArg);
        text(", kw_defaults=");
        expressions(args.kwDefaults);
        if (args.kwarg) {
            text(", kwarg=");
            arg(*args.kwarg);
        }
        text(", defaults=");
        expressions(args.defaults);
        text(")");
    }

    void statement(const ast::Stmt& statement) {
        std::visit([this](const auto& node) { this->statementNode(node); }, statement.node);
    }

    void statementNode(const ast::FunctionDef& node) {
        text("FunctionDef(name=", strRepr(node.name), ", args=");
        arguments(node.args);
        text(", body=");
        statements(node.body);
        text(", decorator_list=[])");
    }
    void statementNode(const ast::Return& node) {
        text(node.value ? "Return(value=" : "Return(");
        if (node.value) expression(*node.value);
        text(")");
    }
    void statementNode(const ast::Delete& node) {
        text("Delete(targets=");
        expressions(node.targets);
        text(")");
    }
    void statementNode(const ast::Assign& node) {
        text("Assign(targets=");
        expressions(node.targets);
        text(", value=");
        expression(*node.value);
        text(")");
    }
    void statementNode(const ast::AugAssign& node) {
        text("AugAssign(target=");
        expression(*node.target);
        text(", op=", operatorName(node.op), ", value=");
        expression(*node.value);
        text(")");
    }
    void statementNode(const ast::For& node) {
        text("For(target=");
        expression(*node.target);
        text(", iter=");
        expression(*node.iter);
        loopBody(node.body, node.orelse);
    }
    void statementNode(const ast::While& node) {
        text("While(test=");
        expression(*node.test);
        loopBody(node.body, node.orelse);
    }
    void statementNode(const ast::If& node) {
        text("If(test=");
        expression(*node.test);
        loopBody(node.body, node.orelse);
    }
    void loopBody(const ast::StmtList& body, const ast::StmtList& orelse) {
        text(", body=");
        statements(body);
        text(", orelse=");
        statements(orelse);
        text(")");
    }
    void statementNode(const ast::Global& node) {
        text("Global(names=");
        names(node.names);
        text(")");
    }
    void statementNode(const ast::Nonlocal& node) {
        text("Nonlocal(names=");
        names(node.names);
        text(")");
    }
    void statementNode(const ast::ExprStmt& node) {
        text("Expr(value=");
        expression(*node.value);
        text(")");
    }
    void statementNode(const ast::Pass&) { text("Pass()"); }
    void statementNode(const ast::Break&) { text("Break()"); }
    void statementNode(const ast::Continue&) { text("Continue()"); }

    void expression(const ast::Expr& expression) {
        std::visit([this](const auto& node) { this->expressionNode(node); }, expression.node);
    }

    void expressionNode(const ast::ConstantExpr& node) {
        text("Constant(value=", constantText(node.value));
        if (!node.kind.empty()) {
            text(", kind=", strRepr(node.kind));
        }
        text(")");
    }
    void expressionNode(const ast::Name& node) {
        text("Name(id=", strRepr(node.id), ", ctx=", contextName(node.ctx), ")");
    }
    void expressionNode(const ast::BinOp& node) {
        text("BinOp(left=");
        expression(*node.left);
        text(", op=", operatorName(node.op), ", right=");
        expression(*node.right);
        text(")");
    }
    void expressionNode(const ast::UnaryOp& node) {
        text("UnaryOp(op=", operatorName(node.op), ", operand=");
        expression(*node.operand);
        text(")");
    }
    void expressionNode(const ast::BoolOp& node) {
        text("BoolOp(op=", operatorName(node.op), ", values=");
        expressions(node.values);
        text(")");
    }
    void expressionNode(const ast::Compare& node) {
        text("Compare(left=");
        expression(*node.left);
        text(", ops=");
        list(node.ops, [this](ast::CompareOperator op) { text(operatorName(op)); });
        text(", comparators=");
        expressions(node.comparators);
        text(")");
    }
    void expressionNode(const ast::Call& node) {
        text("Call(func=");
        expression(*node.func);
        text(", args=");
        expressions(node.args);
        text(", keywords=");
        list(node.keywords, [this](const ast::Keyword& keyword) {
            text("keyword(");
            if (keyword.arg) {
                text("arg=", strRepr(*keyword.arg), ", ");
            }
            text("value=");
            expression(*keyword.value);
            text(")");
        });
        text(")");
    }
    void expressionNode(const ast::Attribute& node) {
        text("Attribute(value=");
        expression(*node.value);
        text(", attr=", strRepr(node.attr), ", ctx=", contextName(node.ctx), ")");
    }
    void expressionNode(const ast::Subscript& node) {
        text("Subscript(value=");
        expression(*node.value);
        text(", slice=");
        expression(*node.slice);
        text(", ctx=", contextName(node.ctx), ")");
    }
    void expressionNode(const ast::Slice& node) {
        // All of Slice's fields are optional: `a[:]` dumps as Slice().
        const std::pair<std::string_view, const ast::Expr*> fields[] = {
            {"lower", node.lower.get()}, {"upper", node.upper.get()}, {"step", node.step.get()}};
        text("Slice(");
        std::string_view separator;
        for (const auto& [name, item] : fields) {
            if (item == nullptr) continue;
            text(separator, name, "=");
            expression(*item);
            separator = ", ";
        }
        text(")");
    }
    void expressionNode(const ast::Starred& node) {
        text("Starred(value=");
        expression(*node.value);
        text(", ctx=", contextName(node.ctx), ")");
    }
    void expressionNode(const ast::List& node) { sequence("List", node.elts, node.ctx); }
    void expressionNode(const ast::Tuple& node) { sequence("Tuple", node.elts, node.ctx); }
    void sequence(std::string_view kind, const ast::ExprList& elements, ast::Context context) {
        text(kind, "(elts=");
        expressions(elements);
        text(", ctx=", contextName(context), ")");
    }
    void expressionNode(const ast::Set& node) {
        text("Set(elts=");
        expressions(node.elts);
        text(")");
    }
    void expressionNode(const ast::Dict& node) {
        text("Dict(keys=");
        expressions(node.keys);
        text(", values=");
        expressions(node.values);
        text(")");
    }
    void expressionNode(const ast::ListComp& node) {
        text("ListComp(elt=");
        expression(*node.elt);
        text(", generators=");
        list(node.generators, [this](const ast::Comprehension& clause) {
            text("comprehension(target=");
            expression(*clause.target);
            text(", iter=");
            expression(*clause.iter);
            text(", ifs=");
            expressions(clause.ifs);
            text(", is_async=0)");
        });
        text(")");
    }
    void expressionNode(const ast::IfExp& node) {
        text("IfExp(test=");
        expression(*node.test);
        text(", body=");
        expression(*node.body);
        text(", orelse=");
        expression(*node.orelse);
        text(")");
    }
    void expressionNode(const ast::Lambda& node) {
        text("Lambda(args=");
        arguments(node.args);
        text(", body=");
        expression(*node.body);
        text(")");
    }
    void expressionNode(const ast::FormattedValue& node) {
        text("FormattedValue(value=");
        expression(*node.value);
        text(", conversion=", std::to_string(node.conversion));
        optionalField("format_spec", node.formatSpec);
        text(")");
    }
    void expressionNode(const ast::JoinedStr& node) {
        text("JoinedStr(values=");
        expressions(node.values);
        text(")");
    }

    std::string out_;
};

}  // namespace

std::string dump(const ast::Module& module) { return Dumper().module(module); }

}  // namespace mlsyslab::pyvm
