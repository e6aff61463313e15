#include "cli/GpuCommands.h"

#include "cli/GpuCoalescingCommand.h"
#include "cli/GpuOccupancyCommand.h"
#include "cli/GpuRunCommand.h"

namespace mlsyslab::cli {

std::vector<Command> gpuCommands() {
    std::vector<Command> commands;
    commands.push_back(gpuCoalescingCommand());
    commands.push_back(gpuOccupancyCommand());
    commands.push_back(gpuRunCommand());
    return commands;
}

}  // namespace mlsyslab::cli
