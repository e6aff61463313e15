// The eval loop: one function runs every Python frame (a call pushes a frame and jumps back to
// the dispatch; a return pops it), so Python recursion never deepens the C++ stack. Dispatch is a
// computed goto per instruction (GCC's labels as values) and the run-mode instantiation has no
// trace code at all.
#include <cstdint>

#include "common/Concat.h"
#include "pyvm/GlobalNames.h"
#include "pyvm/IntFastPaths.h"
#include "pyvm/Interpreter.h"
#include "pyvm/OpcodeSupport.h"
#include "pyvm/Operations.h"
#include "pyvm/TraceRecorder.h"

namespace mlsyslab::pyvm {

template <bool kTrace>
Value Interpreter::evaluate(Frame* entry) {
    void* labels[256];
    for (void*& label : labels) label = &&unknown_opcode;
#define MLSYSLAB_PYVM_LABEL(name, number) labels[number] = &&op_##name;
    MLSYSLAB_PYVM_OPCODES(MLSYSLAB_PYVM_LABEL)
#undef MLSYSLAB_PYVM_LABEL

    Frame* frame = entry;
    const PreparedCode* code = nullptr;
    const PreparedInstruction* ip = nullptr;
    Value* sp = nullptr;
    Value* localsPlus = nullptr;
    int oparg = 0;

#define LOAD_FRAME_STATE()              \
    do {                                \
        code = frame->code;             \
        ip = frame->next;               \
        sp = frame->stackTop;           \
        localsPlus = frame->localsPlus; \
    } while (0)
#define SAVE_FRAME_STATE()    \
    do {                      \
        frame->next = ip;     \
        frame->stackTop = sp; \
    } while (0)
// Counts the step, records the snapshot when tracing, and jumps to the next instruction's code.
#define DISPATCH()                                                 \
    do {                                                           \
        if (__builtin_expect(--countdown_ < 0, 0)) goto slice_end; \
        DISPATCH_COUNTED();                                        \
    } while (0)
#define DISPATCH_COUNTED()                                                 \
    do {                                                                   \
        if constexpr (kTrace) {                                            \
            SAVE_FRAME_STATE();                                            \
            if (!TraceRecorder::recordStep(*this)) goto error_before_next; \
        }                                                                  \
        oparg = ip->arg;                                                   \
        goto* labels[static_cast<std::uint8_t>((ip++)->op)];               \
    } while (0)
#define JUMP_TO(index) (ip = code->instructions.data() + (index))
// An opcode done by OpcodeSupport: it returns the new stack pointer, or nullptr after raising.
#define SUPPORT(call)                    \
    do {                                 \
        Value* next = call;              \
        if (next == nullptr) goto error; \
        sp = next;                       \
        DISPATCH();                      \
    } while (0)

    LOAD_FRAME_STATE();
    DISPATCH();

slice_end:
    SAVE_FRAME_STATE();
    if (!periodicCheck()) goto error_before_next;
    DISPATCH_COUNTED();

#include "pyvm/OpcodesCalls.inc"
#include "pyvm/OpcodesContainers.inc"
#include "pyvm/OpcodesNamesAndStack.inc"
#include "pyvm/OpcodesOperators.inc"

unbound_local : {
    const std::string& name = code->code->localsPlus[oparg].name;
    raise("UnboundLocalError", concat("cannot access local variable '", name,
                                      "' where it is not associated with a value"));
    goto error;
}

unbound_deref : {
    const std::string& name = code->code->localsPlus[oparg].name;
    if (oparg < code->code->localCount + code->plainCellCount) {
        raise("UnboundLocalError", concat("cannot access local variable '", name,
                                          "' where it is not associated with a value"));
    } else {
        SAVE_FRAME_STATE();
        raiseNameError(*frame, name,
                       concat("cannot access free variable '", name,
                              "' where it is not associated with a value in enclosing scope"));
    }
    goto error;
}

unknown_opcode:
    raise("SystemError", concat("unknown opcode ", std::to_string(static_cast<int>(ip[-1].op))));
    goto error;

error_before_next:
    // Raised between instructions (a sandbox limit): blame the instruction about to run.
    ++ip;
error:
    SAVE_FRAME_STATE();
    for (;;) {
        recordErrorFrame(*frame);
        const bool toNative = frame->returnsToNative;
        popFrame();
        if (toNative) return Value();
        frame = &frames_[frameCount_ - 1];
    }

#undef LOAD_FRAME_STATE
#undef SAVE_FRAME_STATE
#undef DISPATCH
#undef DISPATCH_COUNTED
#undef JUMP_TO
#undef SUPPORT
}

template Value Interpreter::evaluate<false>(Frame* entry);
template Value Interpreter::evaluate<true>(Frame* entry);

}  // namespace mlsyslab::pyvm
