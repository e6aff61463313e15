#include "cli/IntCommands.h"

namespace mlsyslab::cli {

std::vector<Command> intCommands() { return {}; }

}  // namespace mlsyslab::cli
