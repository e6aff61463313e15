#pragma once

#include <string>
#include <vector>

#include "pyvm/Code.h"
#include "pyvm/ControlFlowGraph.h"
#include "pyvm/SymbolTable.h"

namespace mlsyslab::pyvm {

// CPython's STACK_USE_GUIDELINE: displays and calls bigger than this are built incrementally.
constexpr std::size_t kStackUseGuideline = 30;

// Everything the compiler gathers for one code object before assembly (CPython's
// compiler_unit): its blocks, constants, names and variables in first-use order.
struct CompilationUnit {
    enum class Kind { Module, Function, Lambda, Comprehension };

    // A loop the code being generated sits in; `break` and `continue` jump to its blocks.
    struct Loop {
        bool isFor = false;  // a for loop keeps its iterator on the stack
        int start = -1;
        int exit = -1;
    };

    Kind kind = Kind::Module;
    const ScopeInfo* scope = nullptr;
    std::string name;
    std::string qualname;
    int firstLine = 1;
    int argCount = 0;
    int posOnlyArgCount = 0;
    int kwOnlyArgCount = 0;

    std::vector<Constant> consts;
    std::vector<std::string> names;
    std::vector<std::string> varnames;
    std::vector<std::string> cellvars;  // sorted, as CPython numbers them
    std::vector<std::string> freevars;  // sorted

    cfg::Graph graph;
    cfg::SourceSpan where;  // the location new instructions get
    std::vector<Loop> loops;

    bool isFunctionBlock() const { return kind != Kind::Module; }
};

// Index of `value` in `list`, appended when new (co_names, co_varnames, co_consts all grow so).
int indexOf(std::vector<std::string>& list, const std::string& value);
int constantIndex(std::vector<Constant>& consts, const Constant& value);

}  // namespace mlsyslab::pyvm
