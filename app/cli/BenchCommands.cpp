#include "cli/BenchCommands.h"

#include "cli/BenchMatmulCommand.h"

namespace mlsyslab::cli {

std::vector<Command> benchCommands() { return {benchMatmulCommand()}; }

}  // namespace mlsyslab::cli
