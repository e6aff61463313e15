#include "pyvm/StepNavigation.h"

#include <algorithm>

namespace mlsyslab::widgets {

namespace {

using Variables = std::vector<std::pair<std::string, std::string>>;

std::vector<bool> changedVariables(const Variables& before, const Variables& now) {
    std::vector<bool> changed;
    changed.reserve(now.size());
    for (const auto& [name, value] : now) {
        const auto found = std::find_if(before.begin(), before.end(),
                                        [&name](const auto& entry) { return entry.first == name; });
        changed.push_back(found == before.end() || found->second != value);
    }
    return changed;
}

// The frame at `depth` of the snapshot before, when it is the same function's frame.
const pyvm::FrameSnapshot* sameFrameBefore(const pyvm::Trace& trace, int position,
                                           std::size_t depth) {
    if (position <= 0 || position >= int(trace.snapshots.size())) return nullptr;
    const pyvm::Snapshot& before = trace.snapshots[std::size_t(position - 1)];
    const pyvm::Snapshot& now = trace.snapshots[std::size_t(position)];
    if (depth >= before.frames.size() || depth >= now.frames.size()) return nullptr;
    const pyvm::FrameSnapshot& frame = before.frames[depth];
    return frame.code == now.frames[depth].code ? &frame : nullptr;
}

}  // namespace

int nextLineStep(const pyvm::Trace& trace, int position) {
    const int count = int(trace.snapshots.size());
    if (count == 0) return 0;
    position = std::clamp(position, 0, count - 1);
    const pyvm::Snapshot& start = trace.snapshots[std::size_t(position)];
    if (start.frames.empty()) return std::min(position + 1, count - 1);
    const std::size_t depth = start.frames.size();
    int line = start.frames.back().line;
    int instruction = start.frames.back().instruction;
    for (int next = position + 1; next < count; ++next) {
        const pyvm::Snapshot& snapshot = trace.snapshots[std::size_t(next)];
        if (snapshot.frames.size() < depth) return next;  // back in the caller
        if (snapshot.frames.size() > depth) continue;     // inside a call: stepped over
        const pyvm::FrameSnapshot& frame = snapshot.frames.back();
        if (frame.line != line || frame.instruction < instruction) return next;
        line = frame.line;
        instruction = frame.instruction;
    }
    return count - 1;
}

std::vector<bool> changedStackSlots(const pyvm::Trace& trace, int position) {
    if (position < 0 || position >= int(trace.snapshots.size())) return {};
    const pyvm::Snapshot& now = trace.snapshots[std::size_t(position)];
    if (now.frames.empty()) return {};
    const std::vector<std::string>& stack = now.frames.back().stack;
    const pyvm::FrameSnapshot* before = sameFrameBefore(trace, position, now.frames.size() - 1);
    std::vector<bool> changed(stack.size(), true);
    if (before == nullptr) return position == 0 ? std::vector<bool>(stack.size(), false) : changed;
    for (std::size_t slot = 0; slot < stack.size(); ++slot) {
        changed[slot] = slot >= before->stack.size() || before->stack[slot] != stack[slot];
    }
    return changed;
}

std::vector<std::vector<bool>> changedLocals(const pyvm::Trace& trace, int position) {
    if (position < 0 || position >= int(trace.snapshots.size())) return {};
    const pyvm::Snapshot& now = trace.snapshots[std::size_t(position)];
    std::vector<std::vector<bool>> changed;
    for (std::size_t depth = 0; depth < now.frames.size(); ++depth) {
        const Variables& locals = now.frames[depth].locals;
        const pyvm::FrameSnapshot* before = sameFrameBefore(trace, position, depth);
        if (before == nullptr) {
            changed.emplace_back(locals.size(), position > 0);
        } else {
            changed.push_back(changedVariables(before->locals, locals));
        }
    }
    return changed;
}

std::vector<bool> changedGlobals(const pyvm::Trace& trace, int position) {
    if (position < 0 || position >= int(trace.snapshots.size())) return {};
    const Variables& globals = trace.snapshots[std::size_t(position)].globals;
    if (position == 0) return std::vector<bool>(globals.size(), false);
    return changedVariables(trace.snapshots[std::size_t(position - 1)].globals, globals);
}

}  // namespace mlsyslab::widgets
