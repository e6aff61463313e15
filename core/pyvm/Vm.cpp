#include "pyvm/Vm.h"

#include "pyvm/Compiler.h"
#include "pyvm/Interpreter.h"
#include "pyvm/Traceback.h"

namespace mlsyslab::pyvm {

RunResult runProgram(std::string_view source, const RunOptions& options) {
    RunResult result;
    const CompileResult compiled = compile(source, options.filename);
    if (!compiled.ok()) {
        const SyntaxError& error = *compiled.error;
        result.error = PyError{error.kind, error.message};
        result.traceback = formatSyntaxError(error, source, options.filename);
        result.errorLine = error.line;
        result.errorOffset = error.offset;
        return result;
    }

    Interpreter interpreter(
        InterpreterOptions{options.recordTrace, options.maxSnapshots, options.cancel});
    interpreter.setLimits(options.limits);
    const bool finished = interpreter.runModule(compiled.code);
    result.output = interpreter.output();
    result.steps = interpreter.steps();
    if (!finished) {
        PyError error = interpreter.takeError().value_or(
            PyError{"SystemError", "error return without exception set"});
        if (error.type != kSnapshotLimitStop) {
            const auto& entries = interpreter.traceback();
            if (!entries.empty()) {
                const TracebackEntry& innermost = entries.back();
                const Instruction& instruction =
                    innermost.code->code[static_cast<std::size_t>(innermost.instruction)];
                result.errorLine = instruction.line;
                result.errorOffset = instruction.column + 1;
            }
            result.traceback = formatTraceback(entries, error, source, options.filename);
            result.error = std::move(error);
        }
    }
    if (options.recordTrace) {
        result.trace = std::move(interpreter.trace());
        result.trace.output = result.output;
    }
    return result;
}

}  // namespace mlsyslab::pyvm
