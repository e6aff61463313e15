#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "pyvm/Ast.h"
#include "pyvm/Code.h"
#include "pyvm/Lexer.h"

namespace mlsyslab::pyvm {

// The module's code object, or the first error (a syntax error from the parser, or one the
// compiler finds: `'return' outside function`, `'break' outside loop`, `no binding for nonlocal
// 'x' found`, `name 'x' is used prior to global declaration`), as CPython 3.11 words them.
struct CompileResult {
    std::shared_ptr<const CodeObject> code;
    std::optional<SyntaxError> error;

    bool ok() const { return !error.has_value(); }
};

// Compiles source to CPython 3.11's bytecode: the same instructions, arguments, constants and
// names that `compile(source, filename, "exec")` produces, constant folding and CFG optimizations
// included, CACHE entries left out.
CompileResult compile(std::string_view source, std::string filename);

// The same for a tree already parsed (or built by hand, as unit tests do). Constant folding
// rewrites `module` in place.
CompileResult compileTree(ast::Module& module, std::string filename);

// The normalized disassembly of DESIGN §4: `== NAME` per code object (module first, nested code
// depth first in co_consts order), then `OPNAME ARGREPR` per instruction, jumps as `to #N`.
std::string disassemble(const CodeObject& code);

// The argrepr `dis` prints for one instruction (`NULL + print`, `+=`, `to #12`, `<`, ...), empty
// when dis prints none.
std::string argumentRepr(const CodeObject& code, const Instruction& instruction);

}  // namespace mlsyslab::pyvm
