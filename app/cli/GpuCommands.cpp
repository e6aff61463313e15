#include "cli/GpuCommands.h"

namespace mlsyslab::cli {

std::vector<Command> gpuCommands() {
    std::vector<Command> commands;
    return commands;
}

}  // namespace mlsyslab::cli
