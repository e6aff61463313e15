#include "cli/CacheProbeCommand.h"

#include <optional>
#include <ostream>
#include <string>
#include <string_view>

#include "cli/CacheProbeOutput.h"
#include "common/Concat.h"
#include "memory/CacheConfigYaml.h"
#include "memory/MachineProbe.h"

namespace mlsyslab::cli {

namespace {

constexpr std::string_view kPrefix = "cache probe: ";
// The sweep starts at 4 KiB; 64 GiB is past any machine's last cache many times over.
constexpr std::uint64_t kSmallestMaxSize = 4 * memory::kKibibyte;
constexpr std::uint64_t kLargestMaxSize = 64 * memory::kGibibyte;

struct ProbeOptions {
    bool json = false;
    memory::MachineProbeOptions probe;
};

// Reads the options; on bad usage prints the one-line error and returns nothing (exit 2).
std::optional<ProbeOptions> readOptions(Arguments& arguments, Streams& streams) {
    ProbeOptions options;
    options.json = arguments.takeFlag("--json");
    const bool quick = arguments.takeFlag("--quick");
    const bool noBandwidth = arguments.takeFlag("--no-bandwidth");
    const auto maxSize = arguments.takeValue("--max-size");
    if (const auto option = arguments.firstUnknownOption(); !option.empty()) {
        const bool known = option == "--json" || option == "--quick" ||
                           option == "--no-bandwidth" || option == "--max-size";
        usageError(streams, known ? concat(kPrefix, option, " is given more than once")
                                  : concat(kPrefix, "unknown option '", option,
                                           "' (see mlsyslab-cli cache probe --help)"));
        return std::nullopt;
    }
    if (const auto extra = arguments.positional(); !extra.empty()) {
        usageError(streams, concat(kPrefix, "unexpected argument '", extra.front(),
                                   "': cache probe takes options only"));
        return std::nullopt;
    }
    options.probe = quick ? memory::quickMachineProbeOptions() : memory::fullMachineProbeOptions();
    options.probe.measureBandwidth = !noBandwidth;
    if (maxSize) {
        const std::string range = "from 4KiB to 64GiB";
        if (maxSize->empty()) {
            usageError(streams, concat(kPrefix, "--max-size needs a size in bytes, ", range,
                                       " (KiB, MiB and GiB suffixes allowed)"));
            return std::nullopt;
        }
        const auto bytes = memory::parseByteSize(*maxSize);
        if (!bytes || *bytes < kSmallestMaxSize || *bytes > kLargestMaxSize) {
            usageError(streams, concat(kPrefix, "--max-size must be a size ", range, ", like ",
                                       "64MiB or 1048576, not '", *maxSize, "'"));
            return std::nullopt;
        }
        options.probe.latency.maxWorkingSetBytes = *bytes;
    }
    return options;
}

int runCacheProbe(Arguments& arguments, Streams& streams) {
    const auto options = readOptions(arguments, streams);
    if (!options) return kExitUsage;
    const std::uint64_t limit = memory::latencyProbeMemoryLimitBytes();
    const memory::MachineMeasurement measurement = memory::probeMachine(options->probe);
    if (!measurement.curve.error.empty()) {
        streams.err << "mlsyslab-cli: " << kPrefix << measurement.curve.error << '\n';
        return kExitFailed;
    }
    for (const auto& bandwidth : {measurement.oneThread, measurement.allThreads}) {
        if (bandwidth && !bandwidth->error.empty()) {
            streams.err << "mlsyslab-cli: " << kPrefix << bandwidth->error << '\n';
            return kExitFailed;
        }
    }
    const bool limited = limit > 0 && options->probe.latency.maxWorkingSetBytes > limit;
    const CacheProbeReport report{measurement, options->probe.bandwidth.runs, limited ? limit : 0};
    if (options->json) {
        printCacheProbeJson(report, streams.out);
    } else {
        printCacheProbeText(report, streams.out);
    }
    return kExitOk;
}

constexpr std::string_view kDetails =
    "Measures this machine's memory hierarchy for real (it takes about 15 seconds; --quick\n"
    "about 3):\n"
    "- the latency of one load for working sets from 4 KiB to --max-size (default 512MiB,\n"
    "  4 points per octave; --quick: 128MiB, 2 per octave): a random cyclic pointer chase,\n"
    "  nodes one 64-byte line apart, each point the median of 5 runs (--quick: 3), timed in the\n"
    "  thread's CPU time. The curve is a staircase: one plateau per cache level, then DRAM.\n"
    "- the core clock, from a chain of dependent additions (one cycle each), to turn\n"
    "  nanoseconds into cycles;\n"
    "- the plateaus of L1, L2, L3 and DRAM: the median of the points well inside each level\n"
    "  (from twice the level above's size to half its own; DRAM from 4 times the last cache),\n"
    "  using the caches the system reports (Linux sysfs), or the steps of the curve without;\n"
    "- the STREAM triad a[i] = b[i] + s*c[i] over three arrays of at least 4 times the largest\n"
    "  cache (and 64 MiB), best of 5 runs (--quick: 3), on one thread and on all; GB/s count\n"
    "  3 x 8 bytes per element (STREAM's convention), 1 GB = 10^9 bytes.\n"
    "Working sets above a quarter of the free memory are left out (a '# note:' line says so).\n"
    "\n"
    "Prints '#' comment lines (cpu, clock, caches), then one line per working set,\n"
    "'SIZE_BYTES NS_PER_LOAD', then the plateaus ('# L1 SIZE_BYTES NS CYCLES'; DRAM's size is\n"
    "0) and the bandwidth as comment lines, so the data lines plot directly.\n"
    "\n"
    "Options:\n"
    "  --json            one JSON object: cpu, clock_ghz, caches [{level, type, size_bytes,\n"
    "                    ways, line_bytes}], points [{working_set_bytes, ns_per_load,\n"
    "                    cycles_per_load}], levels [{name, size_bytes, ns, cycles}],\n"
    "                    bandwidth_gbps {one_thread, all_threads} or null,\n"
    "                    bandwidth_threads, bandwidth_array_bytes\n"
    "  --quick           fewer points and runs: a few seconds\n"
    "  --max-size BYTES  the largest working set, 4KiB to 64GiB (KiB, MiB, GiB suffixes)\n"
    "  --no-bandwidth    skip the triad\n"
    "\n"
    "Figures vary from run to run by a few per cent, more on a busy machine.\n"
    "Example: cache probe --quick --max-size 64MiB --json\n";

}  // namespace

Command cacheProbeCommand() {
    return {{"cache", "probe"},
            "[--json] [--quick] [--max-size BYTES] [--no-bandwidth]",
            "Measure this machine: load latency per working set, plateaus, clock, bandwidth.",
            std::string(kDetails),
            runCacheProbe};
}

}  // namespace mlsyslab::cli
