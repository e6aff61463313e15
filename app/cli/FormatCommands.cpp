#include "cli/FormatCommands.h"

namespace mlsyslab::cli {

std::vector<Command> formatCommands() { return {}; }

}  // namespace mlsyslab::cli
