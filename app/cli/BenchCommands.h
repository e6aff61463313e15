#pragma once

#include <vector>

#include "cli/CommandLine.h"

namespace mlsyslab::cli {

// The `bench` group (DESIGN.md §4): `bench matmul`, the real matrix multiplication ladder
// timed and checked on this machine.
std::vector<Command> benchCommands();

}  // namespace mlsyslab::cli
