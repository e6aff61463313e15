#pragma once

// Runs built by hand for the pyvm widget's tests, exactly as the lesson VM records them
// (CPython 3.11's bytecode and positions, checked against `python3.11 -m dis`), so the widget
// can be tested on its own. scriptedRunner() knows four programs: the seed program, a division
// by zero, a loop that never ends (it stops at the snapshot limit and watches the cancel flag)
// and anything else, which it answers with a syntax error at line 1.
#include <memory>
#include <string>
#include <vector>

#include "pyvm/ProgramRun.h"

namespace mlsyslab::testing {

using namespace mlsyslab::pyvm;
using widgets::ProgramRun;

inline const char* const kSeedProgram = "def add(a, b):\n    return a + b\nresult = add(3, 5)\nprint(result)\n";
inline const char* const kDivisionProgram = "x = 1\ny = x / 0\n";
inline const char* const kForeverProgram = "n = 0\nwhile True:\n    n = n + 1\n";

// One instruction: opcode, argument, and its source span.
inline Instruction at(Opcode op, int arg, int line, int column, int endLine, int endColumn) {
    return {op, arg, line, column, endLine, endColumn};
}

inline std::string argumentOf(const CodeObject& code, const Instruction& instruction) {
    switch (instruction.op) {
        case Opcode::LOAD_CONST: {
            const Constant& constant = code.consts.at(std::size_t(instruction.arg));
            if (std::holds_alternative<Constant::Code>(constant.value)) {
                return "<code object " + std::get<Constant::Code>(constant.value)->name + ">";
            }
            if (const auto* number = std::get_if<std::int64_t>(&constant.value)) {
                return std::to_string(*number);
            }
            return "None";
        }
        case Opcode::LOAD_NAME:
        case Opcode::STORE_NAME:
            return code.names.at(std::size_t(instruction.arg));
        case Opcode::LOAD_FAST:
        case Opcode::STORE_FAST:
            return code.localsPlus.at(std::size_t(instruction.arg)).name;
        case Opcode::BINARY_OP:
            return instruction.arg == 0 ? "+" : instruction.arg == 11 ? "/" : "?";
        case Opcode::POP_JUMP_BACKWARD_IF_TRUE:
        case Opcode::JUMP_BACKWARD:
            return "to #" + std::to_string(instruction.arg);
        default:
            return "";
    }
}

inline widgets::InstructionText describeInstruction(const CodeObject& code,
                                                    const Instruction& instruction) {
    const bool jumps = instruction.op == Opcode::JUMP_BACKWARD ||
                       instruction.op == Opcode::POP_JUMP_BACKWARD_IF_TRUE;
    return {argumentOf(code, instruction), jumps};
}

// Builds snapshots: each call records the state before one instruction of the running frame.
struct TraceWriter {
    Trace trace;
    std::vector<std::pair<std::string, std::string>> globals;

    void record(std::vector<FrameSnapshot> frames) {
        Snapshot snapshot;
        snapshot.step = std::int64_t(trace.snapshots.size());
        snapshot.frames = std::move(frames);
        snapshot.globals = globals;
        snapshot.outputLength = trace.output.size();
        trace.snapshots.push_back(std::move(snapshot));
    }
};

inline FrameSnapshot frame(const std::shared_ptr<const CodeObject>& code, int instruction,
                           std::vector<std::string> stack,
                           std::vector<std::pair<std::string, std::string>> locals = {}) {
    FrameSnapshot shot;
    shot.code = code;
    shot.function = code->qualname;
    shot.instruction = instruction;
    shot.line = code->code.at(std::size_t(instruction)).line;
    shot.stack = std::move(stack);
    shot.locals = std::move(locals);
    return shot;
}

inline ProgramRun finish(TraceWriter& writer, const std::shared_ptr<const CodeObject>& module) {
    ProgramRun run;
    run.result.output = writer.trace.output;
    run.result.steps = std::int64_t(writer.trace.snapshots.size());
    run.result.trace = std::move(writer.trace);
    run.listing = std::make_shared<const widgets::BytecodeListing>(
        widgets::buildListing(module, describeInstruction));
    return run;
}

inline ProgramRun seedRun() {
    auto add = std::make_shared<CodeObject>();
    add->name = add->qualname = "add";
    add->argCount = 2;
    add->localsPlus = {{"a"}, {"b"}};
    add->localCount = 2;
    add->code = {at(Opcode::RESUME, 0, 1, 0, 1, 0), at(Opcode::LOAD_FAST, 0, 2, 11, 2, 12),
                 at(Opcode::LOAD_FAST, 1, 2, 15, 2, 16), at(Opcode::BINARY_OP, 0, 2, 11, 2, 16),
                 at(Opcode::RETURN_VALUE, 0, 2, 4, 2, 16)};
    auto module = std::make_shared<CodeObject>();
    module->name = module->qualname = "<module>";
    module->consts = {{Constant::Code(add)}, {std::int64_t(3)}, {std::int64_t(5)}, {Constant::None{}}};
    module->names = {"add", "result", "print"};
    module->code = {
        at(Opcode::RESUME, 0, 0, 0, 0, 0),      at(Opcode::LOAD_CONST, 0, 1, 0, 2, 16),
        at(Opcode::MAKE_FUNCTION, 0, 1, 0, 2, 16), at(Opcode::STORE_NAME, 0, 1, 0, 2, 16),
        at(Opcode::PUSH_NULL, 0, 3, 9, 3, 12),  at(Opcode::LOAD_NAME, 0, 3, 9, 3, 12),
        at(Opcode::LOAD_CONST, 1, 3, 13, 3, 14), at(Opcode::LOAD_CONST, 2, 3, 16, 3, 17),
        at(Opcode::PRECALL, 2, 3, 9, 3, 18),    at(Opcode::CALL, 2, 3, 9, 3, 18),
        at(Opcode::STORE_NAME, 1, 3, 0, 3, 6),  at(Opcode::PUSH_NULL, 0, 4, 0, 4, 5),
        at(Opcode::LOAD_NAME, 2, 4, 0, 4, 5),   at(Opcode::LOAD_NAME, 1, 4, 6, 4, 12),
        at(Opcode::PRECALL, 1, 4, 0, 4, 13),    at(Opcode::CALL, 1, 4, 0, 4, 13),
        at(Opcode::POP_TOP, 0, 4, 0, 4, 13),    at(Opcode::LOAD_CONST, 3, 4, 0, 4, 13),
        at(Opcode::RETURN_VALUE, 0, 4, 0, 4, 13)};
    const std::string function = "<function add>";
    const std::string print = "<built-in function print>";
    TraceWriter writer;
    const std::vector<std::vector<std::string>> moduleStacks = {
        {}, {}, {"<code object add>"}, {function}, {}, {"NULL"}, {"NULL", function},
        {"NULL", function, "3"}, {"NULL", function, "3", "5"}, {"NULL", function, "3", "5"}};
    for (int index = 0; index < 10; ++index) {
        if (index == 4) writer.globals = {{"add", function}};
        writer.record({frame(module, index, moduleStacks[std::size_t(index)])});
    }
    const std::vector<std::vector<std::string>> addStacks = {{}, {}, {"3"}, {"3", "5"}, {"8"}};
    for (int index = 0; index < 5; ++index) {
        writer.record({frame(module, 9, {}),
                       frame(add, index, addStacks[std::size_t(index)], {{"a", "3"}, {"b", "5"}})});
    }
    const std::vector<std::vector<std::string>> endStacks = {
        {"8"}, {}, {"NULL"}, {"NULL", print}, {"NULL", print, "8"}, {"NULL", print, "8"},
        {"None"}, {}, {"None"}};
    for (int index = 10; index < 19; ++index) {
        if (index == 11) writer.globals.push_back({"result", "8"});
        if (index == 16) writer.trace.output = "8\n";
        writer.record({frame(module, index, endStacks[std::size_t(index - 10)])});
    }
    return finish(writer, module);
}

inline std::shared_ptr<CodeObject> moduleOf(std::vector<Instruction> code,
                                            std::vector<std::string> names,
                                            std::vector<Constant> consts) {
    auto module = std::make_shared<CodeObject>();
    module->name = module->qualname = "<module>";
    module->code = std::move(code);
    module->names = std::move(names);
    module->consts = std::move(consts);
    return module;
}

inline ProgramRun divisionRun() {
    const auto module = moduleOf(
        {at(Opcode::RESUME, 0, 0, 0, 0, 0), at(Opcode::LOAD_CONST, 0, 1, 4, 1, 5),
         at(Opcode::STORE_NAME, 0, 1, 0, 1, 1), at(Opcode::LOAD_NAME, 0, 2, 4, 2, 5),
         at(Opcode::LOAD_CONST, 1, 2, 8, 2, 9), at(Opcode::BINARY_OP, 11, 2, 4, 2, 9)},
        {"x", "y"}, {{std::int64_t(1)}, {std::int64_t(0)}});
    TraceWriter writer;
    const std::vector<std::vector<std::string>> stacks = {{}, {}, {"1"}, {}, {"1"}, {"1", "0"}};
    for (int index = 0; index < 6; ++index) {
        if (index == 3) writer.globals = {{"x", "1"}};
        writer.record({frame(module, index, stacks[std::size_t(index)])});
    }
    writer.trace.snapshots.back().event = TraceEvent::Exception;
    writer.trace.snapshots.back().exception = "ZeroDivisionError: division by zero";
    ProgramRun run = finish(writer, module);
    run.result.error = PyError{"ZeroDivisionError", "division by zero"};
    run.result.errorLine = 2;
    return run;
}

// `n = 0; while True: n = n + 1` until the snapshot limit or the cancel flag.
inline ProgramRun foreverRun(const RunOptions& options) {
    const auto module = moduleOf(
        {at(Opcode::RESUME, 0, 0, 0, 0, 0), at(Opcode::LOAD_CONST, 0, 1, 4, 1, 5),
         at(Opcode::STORE_NAME, 0, 1, 0, 1, 1), at(Opcode::NOP, 0, 2, 6, 2, 10),
         at(Opcode::LOAD_NAME, 0, 3, 8, 3, 9), at(Opcode::LOAD_CONST, 1, 3, 12, 3, 13),
         at(Opcode::BINARY_OP, 0, 3, 8, 3, 13), at(Opcode::STORE_NAME, 0, 3, 4, 3, 5),
         at(Opcode::JUMP_BACKWARD, 4, 3, 4, 3, 13)},
        {"n"}, {{std::int64_t(0)}, {std::int64_t(1)}});
    TraceWriter writer;
    int instruction = 0;
    long long n = 0;
    while (std::int64_t(writer.trace.snapshots.size()) < options.maxSnapshots) {
        if (options.cancel != nullptr && options.cancel->load()) break;
        if (instruction >= 3) writer.globals = {{"n", std::to_string(n)}};
        writer.record({frame(module, instruction, {})});
        if (instruction == 7) ++n;
        instruction = instruction == 8 ? 4 : instruction + 1;
    }
    ProgramRun run = finish(writer, module);
    run.result.trace.limitReached = TraceLimit::Snapshots;
    return run;
}

inline ProgramRun syntaxErrorRun() {
    ProgramRun run;
    run.result.error = PyError{"SyntaxError", "invalid syntax"};
    run.result.errorLine = 1;
    run.result.errorOffset = 5;
    run.listing = std::make_shared<const widgets::BytecodeListing>();
    return run;
}

inline ProgramRun scriptedRun(const std::string& source, const RunOptions& options) {
    if (source == kSeedProgram) return seedRun();
    if (source == kDivisionProgram) return divisionRun();
    if (source == kForeverProgram) return foreverRun(options);
    return syntaxErrorRun();
}

}  // namespace mlsyslab::testing
