// mlsyslab-cli: the engines without a display (DESIGN.md §4).
#include <iostream>
#include <string>
#include <vector>

#include "cli/BenchCommands.h"
#include "cli/CacheCommands.h"
#include "cli/CommandLine.h"
#include "cli/FormatCommands.h"
#include "cli/GpuCommands.h"
#include "cli/IntCommands.h"
#include "cli/LessonCommands.h"
#include "cli/LogicAddCommand.h"
#include "cli/LogicFpAddCommand.h"
#include "cli/PyCommands.h"

int main(int argc, char** argv) {
    using namespace mlsyslab::cli;
    std::vector<Command> commands;
    for (auto group : {formatCommands(), intCommands(), lessonCommands(), pyCommands(),
                       cacheCommands(), gpuCommands(), benchCommands()}) {
        commands.insert(commands.end(), group.begin(), group.end());
    }
    commands.push_back(logicAddCommand());
    commands.push_back(logicFpAddCommand());

    const std::vector<std::string> words(argv + 1, argv + argc);
    Streams streams{std::cout, std::cerr};
    return runCommandLine(commands, words, streams);
}
