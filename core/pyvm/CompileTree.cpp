#include "pyvm/AstOptimizer.h"
#include "pyvm/CodeGenerator.h"
#include "pyvm/Compiler.h"
#include "pyvm/SymbolTable.h"

namespace mlsyslab::pyvm {

// CPython's pipeline after parsing: fold constants in the tree, find every name's scope,
// generate blocks, optimize and assemble them. Each stage reports the first error it meets.
CompileResult compileTree(ast::Module& module, std::string filename) {
    optimizeTree(module);
    const SymbolTable symbols = SymbolTable::build(module);
    if (symbols.error()) return CompileResult{nullptr, symbols.error()};
    CodeGenerator generator(symbols, std::move(filename));
    auto code = generator.module(module);
    if (generator.error()) return CompileResult{nullptr, generator.error()};
    return CompileResult{std::move(code), std::nullopt};
}

}  // namespace mlsyslab::pyvm
