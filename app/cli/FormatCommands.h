#pragma once

#include <vector>

#include "cli/CommandLine.h"

namespace mlsyslab::cli {

std::vector<Command> formatCommands();

}  // namespace mlsyslab::cli
