#include "cli/PyTraceJson.h"

#include <string_view>
#include <utility>
#include <vector>

#include "cli/JsonLine.h"
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

Json stringArray(const std::vector<std::string>& items) {
    Json array = Json::array();
    for (const std::string& item : items) array.push_back(item);
    return array;
}

// Name -> repr pairs as an object, in their order (JSON objects keep the order they are written).
Json nameObject(const std::vector<std::pair<std::string, std::string>>& names) {
    Json object = Json::object();
    for (const auto& [name, repr] : names) object[name] = repr;
    return object;
}

Json frameJson(const FrameSnapshot& frame) {
    Json object;
    object["function"] = frame.function;
    object["line"] = frame.line;
    object["instruction"] = frame.instruction;
    object["locals"] = nameObject(frame.locals);
    return object;
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

    Json object;
    object["step"] = snapshot.step;
    object["event"] = eventName(snapshot.event);
    object["function"] = running.function;
    object["instruction"] = running.instruction;
    object["opname"] = instruction ? pyvm::opcodeName(instruction->op) : "";
    object["argrepr"] =
        instruction ? normalizedArgumentRepr(*running.code, *instruction) : std::string();
    object["line"] = running.line;
    object["stack"] = stringArray(running.stack);
    Json frames = Json::array();
    for (const FrameSnapshot& frame : snapshot.frames) frames.push_back(frameJson(frame));
    object["frames"] = std::move(frames);
    object["globals"] = nameObject(snapshot.globals);
    object["output"] = std::string_view(trace.output).substr(0, snapshot.outputLength);
    if (snapshot.event == pyvm::TraceEvent::Exception) object["exception"] = snapshot.exception;
    return jsonLine(object);
}

}  // namespace mlsyslab::cli
