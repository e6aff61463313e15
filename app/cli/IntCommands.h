#pragma once

#include <vector>

#include "cli/CommandLine.h"

namespace mlsyslab::cli {

std::vector<Command> intCommands();

}  // namespace mlsyslab::cli
