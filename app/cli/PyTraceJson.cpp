#include "cli/PyTraceJson.h"

#include <string_view>
#include <utility>
#include <vector>

#include "cli/JsonText.h"
#include "common/Concat.h"
#include "pyvm/Compiler.h"

namespace mlsyslab::cli {

namespace {

using pyvm::FrameSnapshot;

// CPython's HAVE_ARGUMENT (Lib/opcode.py): opcodes from 90 up take an argument; below, `dis`
// shows no argument at all (`POP_TOP`), above it shows the number when it has no repr.
constexpr int kFirstOpcodeWithArgument = 90;

std::string_view eventName(pyvm::TraceEvent event) {
    switch (event) {
        case pyvm::TraceEvent::Instruction:
            return "instruction";
        case pyvm::TraceEvent::Call:
            return "call";
        case pyvm::TraceEvent::Return:
            return "return";
        case pyvm::TraceEvent::Exception:
            return "exception";
    }
    return "instruction";
}

// The instruction a frame stands at, or nothing when its index is outside the code.
const pyvm::Instruction* currentInstruction(const FrameSnapshot& frame) {
    if (!frame.code || frame.instruction < 0 ||
        static_cast<std::size_t>(frame.instruction) >= frame.code->code.size()) {
        return nullptr;
    }
    return &frame.code->code[static_cast<std::size_t>(frame.instruction)];
}

void appendField(std::string& out, std::string_view name) {
    if (out.size() > 1) out += ", ";
    appendJsonString(out, name);
    out += ": ";
}

void appendStringArray(std::string& out, const std::vector<std::string>& items) {
    out += '[';
    for (std::size_t index = 0; index < items.size(); ++index) {
        if (index > 0) out += ", ";
        appendJsonString(out, items[index]);
    }
    out += ']';
}

// Name -> repr pairs as an object, in their order (JSON objects keep the order they are written).
void appendNameObject(std::string& out,
                      const std::vector<std::pair<std::string, std::string>>& names) {
    out += '{';
    for (std::size_t index = 0; index < names.size(); ++index) {
        if (index > 0) out += ", ";
        appendJsonString(out, names[index].first);
        out += ": ";
        appendJsonString(out, names[index].second);
    }
    out += '}';
}

void appendFrame(std::string& out, const FrameSnapshot& frame) {
    out += "{\"function\": ";
    appendJsonString(out, frame.function);
    out += concat(", \"line\": ", std::to_string(frame.line));
    out += concat(", \"instruction\": ", std::to_string(frame.instruction));
    out += ", \"locals\": ";
    appendNameObject(out, frame.locals);
    out += '}';
}

}  // namespace

std::string normalizedArgumentRepr(const pyvm::CodeObject& code,
                                   const pyvm::Instruction& instruction) {
    std::string text = pyvm::argumentRepr(code, instruction);
    if (text.empty() && static_cast<int>(instruction.op) >= kFirstOpcodeWithArgument) {
        text = std::to_string(instruction.arg);
    }
    return text;
}

std::string snapshotJson(const pyvm::Snapshot& snapshot, const pyvm::Trace& trace) {
    static const FrameSnapshot kNoFrame;
    const FrameSnapshot& running = snapshot.frames.empty() ? kNoFrame : snapshot.frames.back();
    const pyvm::Instruction* instruction = currentInstruction(running);

    std::string out = "{";
    appendField(out, "step");
    out += std::to_string(snapshot.step);
    appendField(out, "event");
    appendJsonString(out, eventName(snapshot.event));
    appendField(out, "function");
    appendJsonString(out, running.function);
    appendField(out, "instruction");
    out += std::to_string(running.instruction);
    appendField(out, "opname");
    appendJsonString(out, instruction ? pyvm::opcodeName(instruction->op) : "");
    appendField(out, "argrepr");
    appendJsonString(out, instruction ? normalizedArgumentRepr(*running.code, *instruction) : "");
    appendField(out, "line");
    out += std::to_string(running.line);
    appendField(out, "stack");
    appendStringArray(out, running.stack);
    appendField(out, "frames");
    out += '[';
    for (std::size_t index = 0; index < snapshot.frames.size(); ++index) {
        if (index > 0) out += ", ";
        appendFrame(out, snapshot.frames[index]);
    }
    out += ']';
    appendField(out, "globals");
    appendNameObject(out, snapshot.globals);
    appendField(out, "output");
    appendJsonString(out, std::string_view(trace.output).substr(0, snapshot.outputLength));
    if (snapshot.event == pyvm::TraceEvent::Exception) {
        appendField(out, "exception");
        appendJsonString(out, snapshot.exception);
    }
    out += '}';
    return out;
}

}  // namespace mlsyslab::cli
