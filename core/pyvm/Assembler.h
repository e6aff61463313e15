#pragma once

#include <memory>
#include <string>

#include "pyvm/Code.h"
#include "pyvm/CompilationUnit.h"

namespace mlsyslab::pyvm {

// CPython 3.11's assemble(): adds the implicit `return None`, the MAKE_CELL/COPY_FREE_VARS
// prologue, runs the flow-graph optimizations, lays the blocks out, and writes the code object
// (jump arguments as instruction indices, deref arguments as localsplus indices).
std::shared_ptr<const CodeObject> assemble(CompilationUnit& unit, const std::string& filename);

}  // namespace mlsyslab::pyvm
