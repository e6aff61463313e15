#include "cli/CacheCommands.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <string_view>

#include "cli/CacheProbeCommand.h"
#include "cli/CacheRunOutput.h"
#include "cli/FileErrorText.h"
#include "common/Concat.h"
#include "memory/CacheConfigYaml.h"
#include "memory/CacheHierarchy.h"
#include "memory/LackeyTrace.h"

namespace mlsyslab::cli {

namespace {

constexpr std::string_view kRunPrefix = "cache run: ";

struct RunOptions {
    std::string configPath;
    std::string tracePath;  // "-" is standard input
    bool json = false;
    memory::TraceReadOptions trace;
};

// Reads the options; on bad usage prints the one-line error and returns nothing (exit 2).
std::optional<RunOptions> readRunOptions(Arguments& arguments, Streams& streams) {
    RunOptions options;
    options.json = arguments.takeFlag("--json");
    options.trace.includeInstructions = arguments.takeFlag("--instructions");
    options.trace.skipMalformedLines = arguments.takeFlag("--keep-going");
    const auto config = arguments.takeValue("--config");
    const auto trace = arguments.takeValue("--trace");
    if (const auto option = arguments.firstUnknownOption(); !option.empty()) {
        const bool known = option == "--config" || option == "--trace" || option == "--json" ||
                           option == "--instructions" || option == "--keep-going";
        usageError(streams, known ? concat(kRunPrefix, option, " is given more than once")
                                  : concat(kRunPrefix, "unknown option '", option,
                                           "' (see mlsyslab-cli cache run --help)"));
        return std::nullopt;
    }
    if (const auto extra = arguments.positional(); !extra.empty()) {
        usageError(streams, concat(kRunPrefix, "unexpected argument '", extra.front(),
                                   "': give the files with --config and --trace"));
        return std::nullopt;
    }
    if (!config || config->empty()) {
        usageError(streams,
                   concat(kRunPrefix, config ? "--config needs a file"
                                             : "give --config CFG.yaml, the cache configuration"));
        return std::nullopt;
    }
    if (!trace || trace->empty()) {
        usageError(streams,
                   concat(kRunPrefix, trace ? "--trace needs a file (or - for stdin)"
                                            : "give --trace TRACE, a valgrind Lackey trace"));
        return std::nullopt;
    }
    options.configPath = *config;
    options.tracePath = *trace;
    return options;
}

std::optional<std::string> readTextFile(const std::string& path, std::string& problem) {
    std::error_code ignored;
    if (std::filesystem::is_directory(path, ignored)) {
        problem = concat("cannot read '", path, "': it is a directory");
        return std::nullopt;
    }
    errno = 0;
    std::ifstream stream(path, std::ios::binary);
    std::ostringstream text;
    if (stream) text << stream.rdbuf();
    if (!stream || stream.bad()) {
        problem =
            concat("cannot read '", path, "': ", errno != 0 ? std::strerror(errno) : "read error");
        return std::nullopt;
    }
    return std::move(text).str();
}

int runCacheRun(Arguments& arguments, Streams& streams) {
    const auto options = readRunOptions(arguments, streams);
    if (!options) return kExitUsage;

    std::string problem;
    const auto configText = readTextFile(options->configPath, problem);
    if (!configText) {
        streams.err << "mlsyslab-cli: " << kRunPrefix << problem << '\n';
        return kExitFailed;
    }
    const auto config = memory::parseCacheConfigYaml(*configText, options->configPath);
    if (!config) {
        streams.err << fileErrorText(options->configPath, config.error()) << '\n';
        return kExitFailed;
    }

    const bool fromStandardInput = options->tracePath == "-";
    const std::string traceName = fromStandardInput ? "<stdin>" : options->tracePath;
    const auto reading = fromStandardInput
                             ? memory::readLackeyTraceStandardInput(options->trace)
                             : memory::readLackeyTraceFile(options->tracePath, options->trace);
    if (!reading) {
        streams.err << "mlsyslab-cli: " << kRunPrefix << reading.error() << '\n';
        return kExitFailed;
    }
    if (!options->trace.skipMalformedLines && !reading->complete()) {
        streams.err << memory::formatTraceProblem(traceName, reading->problems.front()) << '\n';
        return kExitFailed;
    }
    for (const memory::TraceProblem& skipped : reading->problems) {
        streams.err << traceName << ':' << skipped.line << ':' << skipped.column
                    << ": warning: " << skipped.message << " (line skipped)\n";
    }

    memory::CacheHierarchy hierarchy(*config, memory::MissClassification::On);
    for (const memory::MemoryAccess& access : reading->accesses) hierarchy.access(access);
    const CacheRunReport report{*config, hierarchy.stats(), reading->accesses.size(),
                                reading->problems.size()};
    if (options->json) {
        printCacheRunJson(report, streams.out);
    } else {
        printCacheRunText(report, streams.out);
    }
    return kExitOk;
}

constexpr std::string_view kRunDetails =
    "Runs a valgrind Lackey trace through a simulated cache hierarchy and reports, per level,\n"
    "hits, misses, hit rate, evictions, writebacks and the 3C split of the misses (compulsory,\n"
    "capacity, conflict); memory reads and writes; total cycles; and the average memory access\n"
    "time (AMAT = total cycles / line references), with the textbook formula beside it.\n"
    "\n"
    "CFG.yaml, for example:\n"
    "  levels:\n"
    "    - {name: L1, size: 32KiB, associativity: 8, line: 64, replacement: lru,\n"
    "       write: back, latency: 4}\n"
    "    - {name: L2, size: 1MiB, associativity: 16, line: 64, latency: 10}\n"
    "  memory_latency: 100\n"
    "Sizes in bytes or with KiB / MiB / GiB; associativity a number or full; replacement lru,\n"
    "fifo or random; write back (write-allocate) or through (no-write-allocate); latencies are\n"
    "load-to-use totals in cycles.\n"
    "\n"
    "TRACE is what `valgrind --tool=lackey --trace-mem=yes --log-file=TRACE PROGRAM` writes:\n"
    "' L addr,size' loads, ' S addr,size' stores, ' M addr,size' (a load, then a store),\n"
    "'I  addr,size' instruction fetches (skipped unless --instructions), hex addresses,\n"
    "decimal sizes; valgrind's ==PID== lines and blank lines are skipped. It may be\n"
    "gzip-compressed; - reads it from stdin. An access that spans two lines touches both.\n"
    "\n"
    "A malformed trace line stops the run: 'TRACE:LINE:COL: error: message', exit status 1.\n"
    "With --keep-going each malformed line is a warning on stderr and is skipped. A bad\n"
    "configuration prints 'CFG:LINE:COL: error: message' and exits with 1.\n"
    "\n"
    "Options:\n"
    "  --config CFG.yaml   the cache hierarchy (required)\n"
    "  --trace TRACE       the Lackey trace, plain or gzip; - for stdin (required)\n"
    "  --instructions      read the I lines too, as loads\n"
    "  --keep-going        skip malformed trace lines with a warning instead of stopping\n"
    "  --json              one JSON object: levels [{name, hits, misses, evictions, writebacks,\n"
    "                      compulsory, capacity, conflict, hit_rate}], memory {reads, writes},\n"
    "                      total_cycles, amat, textbook_amat, accesses, references,\n"
    "                      skipped_lines\n"
    "\n"
    "Example: cache run --config laptop.yaml --trace sum.trace.gz --json\n";

}  // namespace

std::vector<Command> cacheCommands() {
    std::vector<Command> commands{
        {{"cache", "run"},
         "--config CFG.yaml --trace TRACE [--json] [--instructions] [--keep-going]",
         "Run a valgrind Lackey trace through a cache hierarchy: hits, misses, cycles, AMAT.",
         std::string(kRunDetails),
         runCacheRun},
    };
    // The group's other commands join here, each in its own file.
    commands.push_back(cacheProbeCommand());
    return commands;
}

}  // namespace mlsyslab::cli
