#include "pyvm/TraceRecorder.h"

#include <optional>
#include <string>

#include "common/Concat.h"
#include "pyvm/Operations.h"

namespace mlsyslab::pyvm {

namespace {

bool isDunder(const std::string& name) {
    return name.size() > 4 && name.starts_with("__") && name.ends_with("__");
}

// A stack slot as a view shows it. LOAD_METHOD's pair (a bound builtin with its object right
// above it) shows the method as CPython's stack holds it, unbound: `<method 'append' of 'list'
// objects>`.
std::string slotRepr(Runtime& runtime, const Value* slot, const Value* top) {
    if (slot->isNull()) return "NULL";
    if (slot->kind() == Kind::Builtin && slot + 1 != top) {
        const auto& builtin = slot->as<BuiltinObject>();
        if (!builtin.self.isNull() && isSame(builtin.self, slot[1])) {
            return concat("<method '", builtin.name, "' of '", typeName(builtin.self),
                          "' objects>");
        }
    }
    return repr(runtime, *slot);
}

FrameSnapshot frameSnapshot(Interpreter& vm, const Frame& frame, bool running) {
    FrameSnapshot snapshot;
    const CodeObject& code = *frame.code->code;
    snapshot.code = frame.code->code;
    snapshot.function = code.qualname.empty() ? code.name : code.qualname;
    snapshot.instruction = frame.instructionIndex(running);
    if (snapshot.instruction >= 0 && snapshot.instruction < static_cast<int>(code.code.size())) {
        snapshot.line = code.code[static_cast<std::size_t>(snapshot.instruction)].line;
    }
    if (!frame.function.isNull()) {
        for (std::size_t index = 0; index < code.localsPlus.size(); ++index) {
            const Value* value = &frame.localsPlus[index];
            if (value->kind() == Kind::Cell && code.localsPlus[index].kind != LocalSlot::Local) {
                value = &value->as<CellObject>().contents;
            }
            if (value->isNull()) continue;
            snapshot.locals.emplace_back(code.localsPlus[index].name, repr(vm, *value));
        }
    }
    for (const Value* slot = frame.stackBase; slot != frame.stackTop; ++slot) {
        snapshot.stack.push_back(slotRepr(vm, slot, frame.stackTop));
    }
    return snapshot;
}

Snapshot snapshotNow(Interpreter& vm, TraceEvent event, bool topRunning, int frameCount,
                     const std::vector<Frame>& frames, const DictObject* globals) {
    Snapshot snapshot;
    snapshot.event = event;
    for (int index = 0; index < frameCount; ++index) {
        const bool running = topRunning && index == frameCount - 1;
        snapshot.frames.push_back(
            frameSnapshot(vm, frames[static_cast<std::size_t>(index)], running));
    }
    if (globals != nullptr) {
        for (const DictObject::Entry& entry : globals->entries) {
            if (entry.key.kind() != Kind::Str) continue;
            const std::string& name = entry.key.as<StrObject>().text;
            if (isDunder(name)) continue;
            snapshot.globals.emplace_back(name, repr(vm, entry.value));
        }
    }
    snapshot.outputLength = vm.output().size();
    return snapshot;
}

}  // namespace

bool TraceRecorder::recordStep(Interpreter& vm) {
    Trace& trace = vm.trace_;
    vm.recordedFrames_ += vm.frameCount_;
    if (static_cast<std::int64_t>(trace.snapshots.size()) >= vm.options_.maxSnapshots) {
        trace.limitReached = TraceLimit::Snapshots;
    } else if (vm.recordedFrames_ > kMaxRecordedFrames) {
        trace.limitReached = TraceLimit::RecordedFrames;
    }
    if (trace.truncated()) {
        vm.raise(kSnapshotLimitStop, "");
        return false;
    }
    Frame& top = vm.frames_[static_cast<std::size_t>(vm.frameCount_ - 1)];
    const TraceEvent event =
        top.freshlyCalled && vm.frameCount_ > 1 ? TraceEvent::Call : TraceEvent::Instruction;
    top.freshlyCalled = false;
    Snapshot snapshot = snapshotNow(vm, event, true, vm.frameCount_, vm.frames_, vm.globals_);
    snapshot.step = static_cast<std::int64_t>(trace.snapshots.size());
    trace.snapshots.push_back(std::move(snapshot));
    return true;
}

void TraceRecorder::recordReturn(Interpreter& vm) {
    Trace& trace = vm.trace_;
    Snapshot snapshot = snapshotNow(vm, TraceEvent::Return, false, 1, vm.frames_, vm.globals_);
    snapshot.step = static_cast<std::int64_t>(trace.snapshots.size());
    trace.snapshots.push_back(std::move(snapshot));
}

void TraceRecorder::recordException(Interpreter& vm) {
    Trace& trace = vm.trace_;
    // Rendering reprs must not disturb the pending exception.
    const PyError pending = *vm.takeError();
    Snapshot snapshot =
        snapshotNow(vm, TraceEvent::Exception, false, vm.frameCount_, vm.frames_, vm.globals_);
    vm.takeError();
    snapshot.step = static_cast<std::int64_t>(trace.snapshots.size());
    snapshot.exception = pending.line();
    trace.snapshots.push_back(std::move(snapshot));
    vm.raise(pending.type, pending.message);
}

}  // namespace mlsyslab::pyvm
