#include "cli/GpuCoalescingCommand.h"

#include <optional>
#include <ostream>
#include <string>
#include <string_view>

#include "cli/GpuCoalescingOutput.h"
#include "cli/KindOptions.h"
#include "common/Concat.h"
#include "gpu/CoalescingPattern.h"
#include "gpu/lesson/CoalescingKind.h"

namespace mlsyslab::cli {

namespace {

constexpr std::string_view kPrefix = "gpu coalescing: ";

// Every option but --json is a field of the coalescing kind (lesson/KindSpec.h), read by the
// kind's readers: the CLI and lessons take the same patterns with the same ranges and messages.
const KindOption kPatternOptions[] = {
    {"--pattern", "pattern", "NAME"},
    {"--elem-bytes", "elem_bytes", "E"},
    {"--stride", "stride", "S"},
    {"--offset", "offset", "O"},
    {"--row-length", "row_length", "N"},
    {"--seed", "seed", "N"},
    {"--lanes", "lanes", "N"},
    {"--addresses", "addresses", "A0,...", true},
};

struct CoalescingOptions {
    gpu::CoalescingPattern pattern;
    bool json = false;
};

// Reads the options; on bad usage prints the one-line error and returns nothing (exit 2).
std::optional<CoalescingOptions> readOptions(Arguments& arguments, Streams& streams) {
    const auto fail = [&](std::string_view message) {
        usageError(streams, concat(kPrefix, message));
        return std::nullopt;
    };
    CoalescingOptions options;
    options.json = arguments.takeFlag("--json");
    const YAML::Node given = takeKindOptions(arguments, kPatternOptions);
    if (const auto option = arguments.firstUnknownOption(); !option.empty()) {
        const bool known = option == "--json" || isKindOption(kPatternOptions, option);
        return fail(known ? concat(option, " is given more than once")
                          : concat("unknown option '", option,
                                   "' (see mlsyslab-cli gpu coalescing --help)"));
    }
    if (const auto extra = arguments.positional(); !extra.empty()) {
        return fail(concat("unexpected argument '", extra.front(),
                           "': give a --pattern, a --stride and --offset, or --addresses"));
    }
    const auto reading = lesson::kinds::coalescingKind().read(given);
    if (const auto problem = firstOptionProblem(reading.problems, kPatternOptions, given)) {
        return fail(*problem);
    }
    options.pattern = reading.state.pattern;
    return options;
}

int runGpuCoalescing(Arguments& arguments, Streams& streams) {
    const auto options = readOptions(arguments, streams);
    if (!options) return kExitUsage;
    // The kind has run the pattern already, so it fits the address space.
    const auto result = gpu::coalesce(options->pattern);
    if (!result) {
        streams.err << "mlsyslab-cli: " << kPrefix << result.error() << '\n';
        return kExitFailed;
    }
    if (options->json) {
        printCoalescingJson(*result, options->pattern.elementBytes, streams.out);
    } else {
        printCoalescingText(*result, options->pattern, streams.out);
    }
    return kExitOk;
}

constexpr std::string_view kDetails =
    "Counts the memory transactions of one warp-wide load, as the CUDA C++ Best Practices\n"
    "Guide does (\"Coalesced Access to Global Memory\"): the caches move 32-byte sectors of\n"
    "128-byte lines, and the warp's load costs one sector for every distinct 32-byte piece its\n"
    "lanes' bytes fall in. A byte several lanes read (a broadcast) is moved once.\n"
    "\n"
    "The array starts on a 128-byte boundary (cudaMalloc's alignment is larger still). Lane i\n"
    "reads E bytes at element O + i*S (--stride S --offset O; S may be negative or 0), at the\n"
    "byte offset Ai (--addresses A0,..., decimal or hex after 0x; 1 to 32 of them, so a partial\n"
    "warp too), or as a named pattern reads (--pattern NAME):\n";

// The patterns, then the options (from the coalescing kind's schema, as lesson files have
// them), then the rest.
constexpr std::string_view kDetailsEnd =
    "An address need not be a multiple of the element size here, and such a load can touch two\n"
    "sectors; CUDA itself requires natural alignment (a misaligned load faults), and the text\n"
    "output says so.\n"
    "\n"
    "An option the pattern does not read (--seed with --stride), a value out of its range, and\n"
    "a lane that would read before the array's start or past 2^49 bytes are bad arguments:\n"
    "one line on stderr, exit status 2.\n";

constexpr std::string_view kJsonAndExamples =
    "  --json            one JSON object: sectors, lines, requested_bytes, moved_bytes,\n"
    "                    efficiency_pct, element_bytes, lanes, misaligned_lanes,\n"
    "                    sector_numbers, line_numbers\n"
    "\n"
    "Examples:\n"
    "  gpu coalescing --stride 1 --offset 1        misaligned by one float: 5 sectors, 2 lines\n"
    "  gpu coalescing --stride -1 --offset 31      reversed: the same 4 sectors as sequential\n"
    "  gpu coalescing --pattern column --row-length 64 --json\n"
    "  gpu coalescing --elem-bytes 8 --stride 32 --json\n";

std::string patternList() {
    std::string list;
    for (const std::string& name : gpu::coalescingPatternNames()) {
        const auto kind = *gpu::coalescingPatternKindNamed(name);
        std::string line = concat("  ", name);
        line.resize(std::max<std::size_t>(line.size() + 1, 16), ' ');
        list += concat(line, gpu::coalescingPatternReads(kind), "\n");
    }
    return list;
}

}  // namespace

Command gpuCoalescingCommand() {
    return {{"gpu", "coalescing"},
            "[--elem-bytes E] (--stride S --offset O | --addresses A0,...,A31 | --pattern NAME) "
            "[--json]",
            "The 32-byte sectors and 128-byte lines one warp's load touches.",
            concat(kDetails, patternList(), "\n", kDetailsEnd, "\nOptions:\n",
                   kindOptionHelp(lesson::kinds::coalescingKind().erased(), kPatternOptions),
                   kJsonAndExamples),
            runGpuCoalescing};
}

}  // namespace mlsyslab::cli
