#include "pyvm/LessonVmRunner.h"

#include "pyvm/Compiler.h"

namespace mlsyslab::widgets {

ProgramRun runOnLessonVm(const std::string& source, const pyvm::RunOptions& options) {
    ProgramRun run;
    run.result = pyvm::runProgram(source, options);
    // The trace's frames point at the code objects that ran; the module's is in every snapshot.
    std::shared_ptr<const pyvm::CodeObject> module;
    const auto& snapshots = run.result.trace.snapshots;
    if (!snapshots.empty() && !snapshots.front().frames.empty()) {
        module = snapshots.front().frames.front().code;
    } else if (!run.result.error || run.result.error->type != "SyntaxError") {
        module = pyvm::compile(source, options.filename).code;
    }
    run.listing = std::make_shared<const BytecodeListing>(buildListing(
        module, [](const pyvm::CodeObject& code, const pyvm::Instruction& instruction) {
            return InstructionText{pyvm::argumentRepr(code, instruction),
                                   pyvm::isJump(instruction.op)};
        }));
    return run;
}

}  // namespace mlsyslab::widgets
