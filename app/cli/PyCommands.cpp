#include "cli/PyCommands.h"

#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>

#include "cli/JsonLine.h"
#include "cli/PyProgramInput.h"
#include "cli/PyTraceJson.h"
#include "pyvm/Compiler.h"
#include "pyvm/Vm.h"

namespace mlsyslab::cli {

namespace {

// `py trace` stops after this many snapshots unless --max-steps says otherwise: enough for any
// lesson example, small enough that a runaway loop still gives a readable file.
constexpr std::int64_t kDefaultTraceSnapshots = 10'000;

void write(std::ostream& stream, std::string_view text) {
    stream.write(text.data(), static_cast<std::streamsize>(text.size()));
}

// An uncaught exception: CPython's stderr text (ending in `ExcType: message`), exit status 1.
int reportError(const pyvm::RunResult& result, Streams& streams) {
    std::string text = result.traceback.empty() ? result.error->line() : result.traceback;
    if (!text.ends_with('\n')) text += '\n';
    write(streams.err, text);
    return kExitFailed;
}

int runPyRun(Arguments& arguments, Streams& streams) {
    const auto input = readPyProgramInput(arguments, streams, "py run", pyvm::Limits{}.maxSteps);
    if (!input) return kExitUsage;
    pyvm::RunOptions options;
    options.filename = input->filename;
    options.limits.maxSteps = input->maxSteps;
    const pyvm::RunResult result = pyvm::runProgram(input->source, options);
    write(streams.out, result.output);
    streams.out.flush();
    return result.error ? reportError(result, streams) : kExitOk;
}

int runPyDis(Arguments& arguments, Streams& streams) {
    const auto input = readPyProgramInput(arguments, streams, "py dis", std::nullopt);
    if (!input) return kExitUsage;
    const pyvm::CompileResult compiled = pyvm::compile(input->source, input->filename);
    if (!compiled.ok()) {
        write(streams.err, syntaxErrorReport(*compiled.error, input->source, input->filename));
        return kExitFailed;
    }
    write(streams.out, pyvm::disassemble(*compiled.code));
    return kExitOk;
}

int runPyTrace(Arguments& arguments, Streams& streams) {
    const auto input = readPyProgramInput(arguments, streams, "py trace", kDefaultTraceSnapshots);
    if (!input) return kExitUsage;
    pyvm::RunOptions options;
    options.filename = input->filename;
    options.recordTrace = true;
    options.maxSnapshots = input->maxSteps;
    const pyvm::RunResult result = pyvm::runProgram(input->source, options);
    std::string line;
    for (const pyvm::Snapshot& snapshot : result.trace.snapshots) {
        line = snapshotJson(snapshot, result.trace);
        line += '\n';
        write(streams.out, line);
    }
    // A run stopped at the limit did not fail: it was cut short, and the last line says so.
    if (result.trace.truncated()) {
        write(streams.out, jsonLine(Json{{"truncated", true}}) + '\n');
        return kExitOk;
    }
    streams.out.flush();
    return result.error ? reportError(result, streams) : kExitOk;
}

constexpr std::string_view kRunDetails =
    "Runs the program on MLSysLab's Python VM (the lesson subset of Python 3.11: no imports,\n"
    "classes or try) and writes what it prints, byte for byte as python3.11 would.\n"
    "\n"
    "An uncaught exception (a syntax error included) prints CPython's traceback on stderr, its\n"
    "last line 'ExcType: message', and the exit status is 1; otherwise it is 0. The file name in\n"
    "tracebacks is FILE as given; FILE - reads the program from stdin ('<stdin>').\n"
    "\n"
    "Options:\n"
    "  --max-steps N   stop after N instructions with RuntimeError (default 50000000)\n"
    "\n"
    "Example: py run fib.py   prints what fib.py prints\n";

constexpr std::string_view kDisDetails =
    "Compiles the program to CPython 3.11 bytecode and prints the normalized disassembly:\n"
    "a '== NAME' line per code object (<module> first, then nested code depth first), then\n"
    "'OPNAME ARGREPR' per instruction as python3.11's dis prints it, without offsets, line\n"
    "numbers or CACHE entries; jumps read 'to #N' (the target's instruction index), code\n"
    "constants '<code object NAME>', and an argument without a repr shows its number.\n"
    "\n"
    "A syntax error prints CPython's report on stderr (last line 'SyntaxError: message') and\n"
    "exits with 1. FILE - reads stdin.\n"
    "\n"
    "Example: py dis add.py   prints  == <module> / RESUME 0 / LOAD_CONST <code object add> ...\n";

constexpr std::string_view kTraceDetails =
    "Runs the program and prints one JSON object per line for every snapshot (the state before\n"
    "each instruction, then a final one when the module returns or an exception escapes):\n"
    "  step         0, 1, 2, ...\n"
    "  event        instruction; call on a called function's first instruction; return on\n"
    "               the final snapshot after the module returned; exception on the final\n"
    "               snapshot of a program that raised, where it raised\n"
    "  function     the running frame's qualified name (<module>, add, outer.<locals>.inner)\n"
    "  instruction  the instruction's index in its code object (as in py dis)\n"
    "  opname       its opcode name\n"
    "  argrepr      its argument as py dis prints it (jumps 'to #N')\n"
    "  line         its source line\n"
    "  stack        the running frame's value stack as reprs, bottom first\n"
    "  frames       every frame from <module> to the running one: function, line,\n"
    "               instruction, locals (name -> repr)\n"
    "  globals      the program's global names -> reprs, in the order they were defined\n"
    "  output       everything printed so far\n"
    "  exception    'ExcType: message', on an exception event only\n"
    "\n"
    "Options:\n"
    "  --max-steps N   at most N instruction snapshots (default 10000); a run that goes\n"
    "                  further stops there, without a final snapshot, and the last line is\n"
    "                  {\"truncated\": true} (exit status 0)\n"
    "\n"
    "An uncaught exception prints the traceback on stderr after the lines, exit status 1.\n"
    "\n"
    "Example: py trace add.py --max-steps 3\n";

}  // namespace

std::vector<Command> pyCommands() {
    return {
        {{"py", "run"},
         "FILE [--max-steps N]",
         "Run a Python program on the lesson VM: its output exactly as CPython 3.11 prints it.",
         std::string(kRunDetails),
         runPyRun},
        {{"py", "dis"},
         "FILE",
         "Disassemble a Python program: CPython 3.11 bytecode in normalized form.",
         std::string(kDisDetails),
         runPyDis},
        {{"py", "trace"},
         "FILE [--max-steps N]",
         "Trace a Python program: JSON lines, one snapshot per executed instruction.",
         std::string(kTraceDetails),
         runPyTrace},
    };
}

}  // namespace mlsyslab::cli
