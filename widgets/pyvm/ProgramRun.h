#pragma once

#include <functional>
#include <memory>
#include <string>

#include "pyvm/BytecodeListing.h"
#include "pyvm/Vm.h"

namespace mlsyslab::widgets {

// One run of a program as the simulator shows it: the VM's result with its trace, and the
// bytecode listing of the code that ran (empty when the program did not compile).
struct ProgramRun {
    pyvm::RunResult result;
    std::shared_ptr<const BytecodeListing> listing;
};

// Runs a program and records its trace. The simulator calls it on a worker thread; it must watch
// `options.cancel`. The lesson VM's runner is lessonVmRunner() (LessonVmRunner.h); tests may give
// their own.
using ProgramRunner = std::function<ProgramRun(const std::string& source,
                                               const pyvm::RunOptions& options)>;

}  // namespace mlsyslab::widgets
