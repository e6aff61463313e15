#include "pyvm/SymbolAnalysis.h"

#include <set>
#include <string>

#include "common/Concat.h"

namespace mlsyslab::pyvm {
namespace {

using NameSet = std::set<std::string>;

// Where CPython reports an error about a name: its first global/nonlocal statement.
SyntaxError errorAtDirective(const ScopeInfo& scope, const std::string& name, std::string message) {
    for (const auto& directive : scope.directives) {
        if (directive.name == name) {
            return SyntaxError{"SyntaxError", std::move(message), directive.where.line,
                               directive.where.column + 1};
        }
    }
    return SyntaxError{"SyntaxError", std::move(message), 1, 1};
}

class ScopeAnalysis {
public:
    std::optional<SyntaxError> error;

    // `bound` is null for the module (nothing encloses it); `free` collects the names this block
    // needs from outside.
    void block(ScopeInfo& scope, NameSet* bound, NameSet& free, NameSet& global) {
        NameSet local;
        for (const auto& name : scope.symbolOrder) {
            if (error) return;
            name_(scope, name, scope.flags.at(name), bound, local, free, global);
        }
        NameSet newBound;
        NameSet newGlobal = global;
        if (scope.kind == ScopeInfo::Kind::Function) newBound.insert(local.begin(), local.end());
        if (bound != nullptr) newBound.insert(bound->begin(), bound->end());

        NameSet newFree;
        for (ScopeInfo* child : scope.children) {
            NameSet childBound = newBound;
            NameSet childGlobal = newGlobal;
            NameSet childFree;
            block(*child, &childBound, childFree, childGlobal);
            if (error) return;
            newFree.insert(childFree.begin(), childFree.end());
            if (child->hasFree || child->childHasFree) scope.childHasFree = true;
        }
        // Locals that a nested scope captures become cells.
        if (scope.kind == ScopeInfo::Kind::Function) {
            for (auto& [name, nameScope] : scope.scopes) {
                if (nameScope == NameScope::Local && newFree.erase(name) > 0) nameScope = NameScope::Cell;
            }
        }
        // Free names of children this block does not bind pass through it as free variables,
        // unless nothing encloses them (then they are globals).
        for (const auto& name : newFree) {
            if (scope.flags.count(name) > 0) continue;
            if (bound != nullptr && bound->count(name) == 0) continue;
            scope.flags.emplace(name, 0);
            scope.symbolOrder.push_back(name);
            scope.scopes[name] = NameScope::Free;
        }
        free.insert(newFree.begin(), newFree.end());
    }

private:
    void name_(ScopeInfo& scope, const std::string& name, int flags, NameSet* bound,
               NameSet& local, NameSet& free, NameSet& global) {
        if (flags & ScopeInfo::DefGlobal) {
            if (flags & ScopeInfo::DefNonlocal) {
                error = errorAtDirective(scope, name, concat("name '", name, "' is nonlocal and global"));
                return;
            }
            scope.scopes[name] = NameScope::GlobalExplicit;
            global.insert(name);
            if (bound != nullptr) bound->erase(name);
            return;
        }
        if (flags & ScopeInfo::DefNonlocal) {
            if (bound == nullptr) {
                error = errorAtDirective(scope, name, "nonlocal declaration not allowed at module level");
                return;
            }
            if (bound->count(name) == 0) {
                error = errorAtDirective(scope, name, concat("no binding for nonlocal '", name, "' found"));
                return;
            }
            scope.scopes[name] = NameScope::Free;
            scope.hasFree = true;
            free.insert(name);
            return;
        }
        if (flags & ScopeInfo::DefBound) {
            scope.scopes[name] = NameScope::Local;
            local.insert(name);
            global.erase(name);
            return;
        }
        if (bound != nullptr && bound->count(name) > 0) {
            scope.scopes[name] = NameScope::Free;
            scope.hasFree = true;
            free.insert(name);
            return;
        }
        if (scope.nested) scope.hasFree = true;
        scope.scopes[name] = NameScope::GlobalImplicit;
    }
};

}  // namespace

std::optional<SyntaxError> analyzeScopes(ScopeInfo& module) {
    ScopeAnalysis analysis;
    NameSet free;
    NameSet global;
    analysis.block(module, nullptr, free, global);
    return analysis.error;
}

}  // namespace mlsyslab::pyvm
