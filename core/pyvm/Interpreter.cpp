#include "pyvm/Interpreter.h"

#include <algorithm>

#include "common/Concat.h"
#include "pyvm/Operations.h"
#include "pyvm/TraceRecorder.h"

namespace mlsyslab::pyvm {

namespace {

// Steps between the sandbox's checks of the cancel flag and of memory: often enough that a
// runaway program stops within milliseconds, rarely enough to cost nothing.
constexpr std::int64_t kStepsPerSlice = 4096;

// Room for the frames the recursion limit allows, plus the few that builtins may stack on top.
constexpr int kExtraFrames = 8;

}  // namespace

Interpreter::Interpreter(const InterpreterOptions& options) : options_(options) {}

Interpreter::~Interpreter() {
    // Frames hold Values whose objects may refer back to globals; drop them in a defined order.
    while (frameCount_ > 0) popFrame();
}

const PreparedCode& Interpreter::prepare(const std::shared_ptr<const CodeObject>& code) {
    if (code.get() == lastPreparedKey_) return *lastPrepared_;
    auto& slot = prepared_[code.get()];
    if (!slot) slot = std::make_unique<PreparedCode>(code);
    lastPreparedKey_ = code.get();
    lastPrepared_ = slot.get();
    return *slot;
}

Frame* Interpreter::pushFrame(const PreparedCode& code, Value function, DictObject* globals) {
    if (frameCount_ + nativeDepth_ >= limits().maxRecursionDepth) {
        raise("RecursionError", "maximum recursion depth exceeded");
        return nullptr;
    }
    if (frameCount_ >= static_cast<int>(frames_.size())) {
        raise("RecursionError", "maximum recursion depth exceeded");
        return nullptr;
    }
    int chunk = 0;
    Value* base = slots_.allocate(static_cast<std::size_t>(code.frameSlots()), chunk);
    if (base == nullptr) {
        raise("MemoryError", "");
        return nullptr;
    }
    Frame& frame = frames_[frameCount_++];
    frame.code = &code;
    frame.function = std::move(function);
    frame.globals = globals;
    frame.localsPlus = base;
    frame.stackBase = base + code.localsPlusCount;
    frame.stackTop = frame.stackBase;
    frame.next = code.instructions.data();
    frame.keywordNames = nullptr;
    frame.returnsToNative = false;
    frame.freshlyCalled = true;
    frame.chunk = chunk;
    return &frame;
}

void Interpreter::popFrame() {
    Frame& frame = frames_[--frameCount_];
    for (Value* slot = frame.localsPlus; slot != frame.stackTop; ++slot) *slot = Value();
    slots_.release(frame.localsPlus, frame.chunk);
    frame.function = Value();
}

Frame* Interpreter::pushFunctionFrame(const Value& function, const CallArguments& arguments) {
    const auto& object = function.as<FunctionObject>();
    const PreparedCode& code = prepare(object.code);
    Frame* frame = pushFrame(code, function, &object.globals.as<DictObject>());
    if (frame == nullptr) return nullptr;
    if (!bindArguments(*frame, object, arguments)) {
        popFrame();
        return nullptr;
    }
    return frame;
}

bool Interpreter::runModule(std::shared_ptr<const CodeObject> module) {
    builtins = makeBuiltins();
    builtinsDict_ = &builtins.as<DictObject>();
    globalsValue_ = newDict();
    globals_ = &globalsValue_.as<DictObject>();
    globals_->set(*this, newStr("__name__"), newStr("__main__"));
    globals_->set(*this, newStr("__builtins__"), builtins);
    frames_.resize(
        static_cast<std::size_t>(std::max(limits().maxRecursionDepth, 1) + kExtraFrames));
    stepsBeforeSlice_ = 0;
    startSlice();

    const PreparedCode& code = prepare(module);
    Frame* frame = pushFrame(code, Value(), globals_);
    if (frame == nullptr) return false;
    frame->returnsToNative = true;
    const Value result = options_.recordTrace ? evaluate<true>(frame) : evaluate<false>(frame);
    std::reverse(traceback_.begin(), traceback_.end());
    return !result.isNull();
}

Value Interpreter::call(const Value& callable, const CallArguments& arguments) {
    if (callable.kind() != Kind::Function) return callValue(callable, arguments);
    Frame* frame = pushFunctionFrame(callable, arguments);
    if (frame == nullptr) return Value();
    frame->returnsToNative = true;
    return options_.recordTrace ? evaluate<true>(frame) : evaluate<false>(frame);
}

Value Interpreter::callValue(const Value& callable, const CallArguments& arguments) {
    switch (callable.kind()) {
        case Kind::Function:
            return call(callable, arguments);
        case Kind::Builtin: {
            if (frameCount_ + nativeDepth_ >= limits().maxRecursionDepth) {
                return raise("RecursionError",
                             "maximum recursion depth exceeded while calling a Python object");
            }
            const auto& builtin = callable.as<BuiltinObject>();
            ++nativeDepth_;
            Value result = builtin.function(*this, builtin.self, arguments);
            --nativeDepth_;
            return result;
        }
        case Kind::Type:
            return callNative(*this, callable, arguments);
        default:
            return raise("TypeError", concat("'", typeName(callable), "' object is not callable"));
    }
}

void Interpreter::startSlice() {
    sliceSize_ =
        std::min(kStepsPerSlice, std::max<std::int64_t>(0, limits().maxSteps - stepsBeforeSlice_));
    countdown_ = sliceSize_;
}

std::int64_t Interpreter::steps() const {
    return stepsBeforeSlice_ + (sliceSize_ - std::max<std::int64_t>(countdown_, 0));
}

bool Interpreter::periodicCheck() {
    stepsBeforeSlice_ += sliceSize_;
    sliceSize_ = 0;
    countdown_ = 0;
    if (stepsBeforeSlice_ >= limits().maxSteps) {
        raise("RuntimeError", concat("the lesson VM stopped the program after ",
                                     std::to_string(limits().maxSteps), " steps (step limit)"));
        return false;
    }
    if (options_.cancel != nullptr && options_.cancel->load(std::memory_order_relaxed)) {
        raise("KeyboardInterrupt", "");
        return false;
    }
    if (liveObjects() > limits().maxLiveObjects) {
        raise("MemoryError", "");
        return false;
    }
    startSlice();
    --countdown_;  // the instruction about to run
    return true;
}

void Interpreter::recordErrorFrame(const Frame& frame) {
    if (!errorRecorded_) {
        errorRecorded_ = true;
        if (options_.recordTrace && error().type != kSnapshotLimitStop) {
            TraceRecorder::recordException(*this);
        }
    }
    traceback_.push_back({frame.code->code, frame.instructionIndex(false)});
}

}  // namespace mlsyslab::pyvm
