#pragma once

#include <vector>

#include "cli/CommandLine.h"

namespace mlsyslab::cli {

// `lesson validate FILE...` and `lesson list [DIR]`.
std::vector<Command> lessonCommands();

}  // namespace mlsyslab::cli
