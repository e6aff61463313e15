#include "pyvm/SymbolTable.h"

#include <algorithm>
#include <type_traits>

#include "common/Concat.h"
#include "pyvm/SymbolAnalysis.h"

namespace mlsyslab::pyvm {

NameScope ScopeInfo::scopeOf(const std::string& name) const {
    const auto found = scopes.find(name);
    return found == scopes.end() ? NameScope::GlobalImplicit : found->second;
}

std::vector<std::string> ScopeInfo::namesIn(NameScope scope) const {
    std::vector<std::string> names;
    for (const auto& [name, nameScope] : scopes) {
        if (nameScope == scope) names.push_back(name);
    }
    std::sort(names.begin(), names.end());
    return names;
}

// Walks the tree once, recording what each scope does with each name (CPython's symtable.c
// visitors), then hands the scopes to the analysis that decides local, global, free or cell.
class SymbolTableBuilder {
public:
    explicit SymbolTableBuilder(SymbolTable& table) : table_(table) {}

    void module(const ast::Module& module) {
        current_ = enter(ScopeInfo::Kind::Module, &module);
        statements(module.body);
    }

private:
    SymbolTable& table_;
    ScopeInfo* current_ = nullptr;

    bool failed() const { return table_.error_.has_value(); }

    void fail(std::string message, const ast::Location& where) {
        if (failed()) return;
        table_.error_ = SyntaxError{"SyntaxError", std::move(message), where.line, where.column + 1};
    }

    ScopeInfo* enter(ScopeInfo::Kind kind, const void* node) {
        auto scope = std::make_unique<ScopeInfo>();
        scope->kind = kind;
        if (current_ != nullptr) {
            scope->nested = current_->nested || current_->kind == ScopeInfo::Kind::Function;
            current_->children.push_back(scope.get());
        }
        ScopeInfo* raw = scope.get();
        table_.scopes_.push_back(std::move(scope));
        table_.byNode_[node] = raw;
        return raw;
    }

    int lookup(const std::string& name) const {
        const auto found = current_->flags.find(name);
        return found == current_->flags.end() ? 0 : found->second;
    }

    void addDefinition(const std::string& name, int flag, const ast::Location& where) {
        auto found = current_->flags.find(name);
        if (found == current_->flags.end()) {
            current_->flags.emplace(name, flag);
            current_->symbolOrder.push_back(name);
        } else {
            if ((flag & ScopeInfo::DefParam) && (found->second & ScopeInfo::DefParam)) {
                fail(concat("duplicate argument '", name, "' in function definition"), where);
                return;
            }
            found->second |= flag;
        }
        if (flag & ScopeInfo::DefParam) current_->parameters.push_back(name);
        // A `global` anywhere makes the name global at module level too (CPython's st_global).
        if ((flag & ScopeInfo::DefGlobal) && current_ != table_.scopes_.front().get()) {
            ScopeInfo& top = *table_.scopes_.front();
            auto [entry, inserted] = top.flags.emplace(name, flag);
            if (inserted) {
                top.symbolOrder.push_back(name);
            } else {
                entry->second |= flag;
            }
        }
    }

    void statements(const ast::StmtList& body) {
        for (const auto& statement : body) {
            if (failed()) return;
            visit(*statement);
        }
    }

    void expressions(const ast::ExprList& list) {
        for (const auto& expression : list) {
            if (expression) visit(*expression);
        }
    }

    void arguments(const ast::Arguments& arguments) {
        for (const auto& arg : arguments.posonlyargs) addDefinition(arg.name, ScopeInfo::DefParam, arg.where);
        for (const auto& arg : arguments.args) addDefinition(arg.name, ScopeInfo::DefParam, arg.where);
        for (const auto& arg : arguments.kwonlyargs) addDefinition(arg.name, ScopeInfo::DefParam, arg.where);
        if (arguments.vararg) {
            addDefinition(arguments.vararg->name, ScopeInfo::DefParam, arguments.vararg->where);
            current_->varArgs = true;
        }
        if (arguments.kwarg) {
            addDefinition(arguments.kwarg->name, ScopeInfo::DefParam, arguments.kwarg->where);
            current_->varKeywords = true;
        }
    }

    void directive(const std::vector<std::string>& names, bool isGlobal, const ast::Location& where) {
        const char* kindWord = isGlobal ? "global" : "nonlocal";
        for (const auto& name : names) {
            const int flags = lookup(name);
            if (flags & (ScopeInfo::DefParam | ScopeInfo::DefLocal | ScopeInfo::Use)) {
                if (flags & ScopeInfo::DefParam) {
                    fail(concat("name '", name, "' is parameter and ", kindWord), where);
                } else if (flags & ScopeInfo::Use) {
                    fail(concat("name '", name, "' is used prior to ", kindWord, " declaration"), where);
                } else {
                    fail(concat("name '", name, "' is assigned to before ", kindWord, " declaration"),
                         where);
                }
                return;
            }
            addDefinition(name, isGlobal ? ScopeInfo::DefGlobal : ScopeInfo::DefNonlocal, where);
            current_->directives.push_back({name, where});
        }
    }

    void visit(const ast::Stmt& statement) {
        std::visit(
            [&](const auto& node) {
                using Node = std::decay_t<decltype(node)>;
                if constexpr (std::is_same_v<Node, ast::FunctionDef>) {
                    addDefinition(node.name, ScopeInfo::DefLocal, statement.where);
                    expressions(node.args.defaults);
                    expressions(node.args.kwDefaults);
                    ScopeInfo* outer = current_;
                    current_ = enter(ScopeInfo::Kind::Function, &statement);
                    arguments(node.args);
                    statements(node.body);
                    current_ = outer;
                } else if constexpr (std::is_same_v<Node, ast::Return>) {
                    if (node.value) visit(*node.value);
                } else if constexpr (std::is_same_v<Node, ast::Delete>) {
                    expressions(node.targets);
                } else if constexpr (std::is_same_v<Node, ast::Assign>) {
                    expressions(node.targets);
                    visit(*node.value);
                } else if constexpr (std::is_same_v<Node, ast::AugAssign>) {
                    visit(*node.target);
                    visit(*node.value);
                } else if constexpr (std::is_same_v<Node, ast::For>) {
                    visit(*node.target);
                    visit(*node.iter);
                    statements(node.body);
                    statements(node.orelse);
                } else if constexpr (std::is_same_v<Node, ast::While> || std::is_same_v<Node, ast::If>) {
                    visit(*node.test);
                    statements(node.body);
                    statements(node.orelse);
                } else if constexpr (std::is_same_v<Node, ast::Global>) {
                    directive(node.names, true, statement.where);
                } else if constexpr (std::is_same_v<Node, ast::Nonlocal>) {
                    directive(node.names, false, statement.where);
                } else if constexpr (std::is_same_v<Node, ast::ExprStmt>) {
                    visit(*node.value);
                }
            },
            statement.node);
    }

    void visit(const ast::Expr& expression) {
        if (failed()) return;
        std::visit(
            [&](const auto& node) {
                using Node = std::decay_t<decltype(node)>;
                if constexpr (std::is_same_v<Node, ast::Name>) {
                    addDefinition(node.id,
                                  node.ctx == ast::Context::Load ? ScopeInfo::Use : ScopeInfo::DefLocal,
                                  expression.where);
                } else if constexpr (std::is_same_v<Node, ast::BinOp>) {
                    visit(*node.left);
                    visit(*node.right);
                } else if constexpr (std::is_same_v<Node, ast::UnaryOp>) {
                    visit(*node.operand);
                } else if constexpr (std::is_same_v<Node, ast::BoolOp>) {
                    expressions(node.values);
                } else if constexpr (std::is_same_v<Node, ast::Compare>) {
                    visit(*node.left);
                    expressions(node.comparators);
                } else if constexpr (std::is_same_v<Node, ast::Call>) {
                    visit(*node.func);
                    expressions(node.args);
                    for (const auto& keyword : node.keywords) visit(*keyword.value);
                } else if constexpr (std::is_same_v<Node, ast::Attribute>) {
                    visit(*node.value);
                } else if constexpr (std::is_same_v<Node, ast::Subscript>) {
                    visit(*node.value);
                    visit(*node.slice);
                } else if constexpr (std::is_same_v<Node, ast::Slice>) {
                    if (node.lower) visit(*node.lower);
                    if (node.upper) visit(*node.upper);
                    if (node.step) visit(*node.step);
                } else if constexpr (std::is_same_v<Node, ast::Starred>) {
                    visit(*node.value);
                } else if constexpr (std::is_same_v<Node, ast::List> || std::is_same_v<Node, ast::Tuple> ||
                                     std::is_same_v<Node, ast::Set>) {
                    expressions(node.elts);
                } else if constexpr (std::is_same_v<Node, ast::Dict>) {
                    expressions(node.keys);
                    expressions(node.values);
                } else if constexpr (std::is_same_v<Node, ast::IfExp>) {
                    visit(*node.test);
                    visit(*node.body);
                    visit(*node.orelse);
                } else if constexpr (std::is_same_v<Node, ast::Lambda>) {
                    expressions(node.args.defaults);
                    expressions(node.args.kwDefaults);
                    ScopeInfo* outer = current_;
                    current_ = enter(ScopeInfo::Kind::Function, &expression);
                    arguments(node.args);
                    visit(*node.body);
                    current_ = outer;
                } else if constexpr (std::is_same_v<Node, ast::ListComp>) {
                    listComprehension(expression, node);
                } else if constexpr (std::is_same_v<Node, ast::FormattedValue>) {
                    visit(*node.value);
                    if (node.formatSpec) visit(*node.formatSpec);
                } else if constexpr (std::is_same_v<Node, ast::JoinedStr>) {
                    expressions(node.values);
                }
            },
            expression.node);
    }

    // The outermost iterable is evaluated in the enclosing scope and passed in as `.0`.
    void listComprehension(const ast::Expr& expression, const ast::ListComp& comprehension) {
        const ast::Comprehension& outermost = comprehension.generators.front();
        visit(*outermost.iter);
        ScopeInfo* outer = current_;
        current_ = enter(ScopeInfo::Kind::Function, &expression);
        addDefinition(".0", ScopeInfo::DefParam, expression.where);
        visit(*outermost.target);
        expressions(outermost.ifs);
        for (std::size_t index = 1; index < comprehension.generators.size(); ++index) {
            const ast::Comprehension& generator = comprehension.generators[index];
            visit(*generator.target);
            visit(*generator.iter);
            expressions(generator.ifs);
        }
        visit(*comprehension.elt);
        current_ = outer;
    }
};

SymbolTable SymbolTable::build(const ast::Module& module) {
    SymbolTable table;
    SymbolTableBuilder builder(table);
    builder.module(module);
    if (!table.error_) table.error_ = analyzeScopes(*table.scopes_.front());
    return table;
}

}  // namespace mlsyslab::pyvm
