#pragma once

#include "pyvm/ProgramRun.h"

namespace mlsyslab::widgets {

// Runs a program on the lesson VM (pyvm::runProgram) and lists the code that ran with the
// compiler's own argument texts (pyvm::argumentRepr), as `python3.11 -m dis` shows them.
ProgramRun runOnLessonVm(const std::string& source, const pyvm::RunOptions& options);

}  // namespace mlsyslab::widgets
