#pragma once

#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "pyvm/Ast.h"
#include "pyvm/Lexer.h"

namespace mlsyslab::pyvm {

// Where a name lives, decided once per scope with CPython 3.11's symtable rules.
enum class NameScope { Local, GlobalExplicit, GlobalImplicit, Free, Cell };

// One scope: the module, a function, a lambda or a list comprehension (the last three are all
// "function blocks" to CPython).
struct ScopeInfo {
    enum class Kind { Module, Function };

    // CPython's DEF_* flags, as the analysis needs them.
    enum Flag : int {
        DefGlobal = 1,
        DefLocal = 2,
        DefParam = 4,
        DefNonlocal = 8,
        Use = 16,
        DefBound = DefLocal | DefParam,
    };

    struct Directive {  // a `global` or `nonlocal` statement naming `name`
        std::string name;
        ast::Location where;
    };

    Kind kind = Kind::Module;
    std::vector<std::string> symbolOrder;  // first mention order, like CPython's dict
    std::unordered_map<std::string, int> flags;
    std::unordered_map<std::string, NameScope> scopes;
    std::vector<std::string> parameters;  // in co_varnames order
    std::vector<Directive> directives;
    std::vector<ScopeInfo*> children;
    bool nested = false;
    bool varArgs = false;
    bool varKeywords = false;
    bool hasFree = false;
    bool childHasFree = false;

    // The scope of a name this block mentions; names it never saw are implicit globals.
    NameScope scopeOf(const std::string& name) const;
    std::vector<std::string> namesIn(NameScope scope) const;  // sorted, as CPython numbers cells
};

// The scopes of a whole module, found by the syntax node that opens each one (FunctionDef,
// Lambda, ListComp), or the first error with CPython's wording and location.
class SymbolTable {
public:
    static SymbolTable build(const ast::Module& module);

    const std::optional<SyntaxError>& error() const { return error_; }
    const ScopeInfo& module() const { return *scopes_.front(); }
    const ScopeInfo& scopeOf(const void* node) const { return *byNode_.at(node); }

private:
    friend class SymbolTableBuilder;
    std::vector<std::unique_ptr<ScopeInfo>> scopes_;
    std::unordered_map<const void*, ScopeInfo*> byNode_;
    std::optional<SyntaxError> error_;
};

}  // namespace mlsyslab::pyvm
