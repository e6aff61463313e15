#include "pyvm/Compiler.h"

#include "pyvm/Parser.h"

namespace mlsyslab::pyvm {

CompileResult compile(std::string_view source, std::string filename) {
    ParseResult parsed = parse(source);
    if (!parsed.ok()) return CompileResult{nullptr, parsed.error};
    return compileTree(parsed.module, std::move(filename));
}

}  // namespace mlsyslab::pyvm
