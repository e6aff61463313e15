#include "cli/GpuCoalescingCommand.h"

#include <charconv>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "cli/GpuCoalescingOutput.h"
#include "common/Concat.h"
#include "gpu/Coalescing.h"

namespace mlsyslab::cli {

namespace {

constexpr std::string_view kPrefix = "gpu coalescing: ";
using gpu::kWarpLanes;

struct CoalescingOptions {
    int elementBytes = 4;
    std::optional<StridePattern> pattern;  // absent: explicit addresses
    std::vector<std::int64_t> addresses;
    bool json = false;
};

// A whole number in decimal, or in hex after 0x when `hexAllowed`; an optional sign.
std::optional<std::int64_t> parseWholeNumber(std::string_view text, bool hexAllowed) {
    bool negative = false;
    if (text.starts_with('-') || text.starts_with('+')) {
        negative = text.front() == '-';
        text.remove_prefix(1);
    }
    int radix = 10;
    if (hexAllowed && (text.starts_with("0x") || text.starts_with("0X"))) {
        text.remove_prefix(2);
        radix = 16;
    }
    // Digits only: from_chars would take a second sign.
    if (text.empty() || text.front() == '-' || text.front() == '+') return std::nullopt;
    std::uint64_t magnitude = 0;
    const auto [end, error] =
        std::from_chars(text.data(), text.data() + text.size(), magnitude, radix);
    if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
    constexpr std::uint64_t kLargest = std::uint64_t{1} << 63;  // |INT64_MIN|
    if (magnitude > kLargest || (!negative && magnitude == kLargest)) return std::nullopt;
    return negative ? static_cast<std::int64_t>(0 - magnitude)
                    : static_cast<std::int64_t>(magnitude);
}

std::optional<std::vector<std::int64_t>> parseAddressList(std::string_view text,
                                                          std::string& problem) {
    std::vector<std::int64_t> addresses;
    while (true) {
        const std::size_t comma = text.find(',');
        const std::string_view piece = text.substr(0, comma);
        const auto address = parseWholeNumber(piece, true);
        if (!address) {
            problem = piece.empty() ? "--addresses has an empty entry: give byte offsets "
                                      "separated by commas, like 0,4,8"
                                    : concat("--addresses: '", piece,
                                             "' is not a byte offset (decimal, or hex after 0x)");
            return std::nullopt;
        }
        addresses.push_back(*address);
        if (comma == std::string_view::npos) break;
        text.remove_prefix(comma + 1);
    }
    if (addresses.size() > std::size_t{kWarpLanes}) {
        problem = concat("--addresses gives ", std::to_string(addresses.size()),
                         " addresses; a warp has at most 32 lanes");
        return std::nullopt;
    }
    return addresses;
}

// Reads the options; on bad usage prints the one-line error and returns nothing (exit 2).
std::optional<CoalescingOptions> readOptions(Arguments& arguments, Streams& streams) {
    const auto fail = [&](std::string_view message) {
        usageError(streams, concat(kPrefix, message));
        return std::nullopt;
    };
    CoalescingOptions options;
    options.json = arguments.takeFlag("--json");
    const auto elementBytes = arguments.takeValue("--elem-bytes");
    const auto stride = arguments.takeValue("--stride");
    const auto offset = arguments.takeValue("--offset");
    const auto addresses = arguments.takeValue("--addresses");
    if (const auto option = arguments.firstUnknownOption(); !option.empty()) {
        const bool known = option == "--json" || option == "--elem-bytes" || option == "--stride" ||
                           option == "--offset" || option == "--addresses";
        return fail(known ? concat(option, " is given more than once")
                          : concat("unknown option '", option,
                                   "' (see mlsyslab-cli gpu coalescing --help)"));
    }
    if (const auto extra = arguments.positional(); !extra.empty()) {
        return fail(concat("unexpected argument '", extra.front(),
                           "': give the pattern with --stride and --offset, or --addresses"));
    }
    if (elementBytes) {
        if (elementBytes->empty()) {
            return fail(concat("--elem-bytes needs a size: ", gpu::elementSizesInWords()));
        }
        const auto bytes = parseWholeNumber(*elementBytes, false);
        if (!bytes || !gpu::validateElementBytes(*bytes)) {
            return fail(concat("--elem-bytes must be ", gpu::elementSizesInWords(),
                               " (bytes each lane reads), not '", *elementBytes, "'"));
        }
        options.elementBytes = static_cast<int>(*bytes);
    }
    if (addresses) {
        if (stride || offset) {
            return fail(concat(stride ? "--stride" : "--offset",
                               " and --addresses do not go together: give a stride and offset, "
                               "or the addresses"));
        }
        if (addresses->empty()) return fail("--addresses needs byte offsets, like 0,4,8");
        std::string problem;
        auto list = parseAddressList(*addresses, problem);
        if (!list) return fail(problem);
        options.addresses = std::move(*list);
        return options;
    }
    StridePattern pattern;
    for (const auto& [name, text, target] :
         {std::tuple{"--stride", stride, &pattern.strideElements},
          std::tuple{"--offset", offset, &pattern.offsetElements}}) {
        if (!text) continue;
        if (text->empty()) return fail(concat(name, " needs a whole number of elements"));
        const auto number = parseWholeNumber(*text, false);
        if (!number) {
            return fail(concat(name,
                               " must be a whole number of elements (it may be negative), "
                               "not '",
                               *text, "'"));
        }
        *target = *number;
    }
    options.pattern = pattern;
    return options;
}

int runGpuCoalescing(Arguments& arguments, Streams& streams) {
    const auto options = readOptions(arguments, streams);
    if (!options) return kExitUsage;
    const auto result =
        options->pattern
            ? gpu::coalesceStrided(options->elementBytes, options->pattern->strideElements,
                                   options->pattern->offsetElements)
            : gpu::coalesceAddresses(options->elementBytes, options->addresses);
    if (!result) {
        streams.err << "mlsyslab-cli: " << kPrefix << result.error() << '\n';
        return kExitFailed;
    }
    if (options->json) {
        printCoalescingJson(*result, options->elementBytes, streams.out);
    } else {
        printCoalescingText(*result, options->elementBytes, options->pattern, streams.out);
    }
    return kExitOk;
}

constexpr std::string_view kDetails =
    "Counts the memory transactions of one warp-wide load, as the CUDA C++ Best Practices\n"
    "Guide does (\"Coalesced Access to Global Memory\"): the caches move 32-byte sectors of\n"
    "128-byte lines, and the warp's load costs one sector for every distinct 32-byte piece its\n"
    "lanes' bytes fall in. A byte several lanes read (a broadcast) is moved once.\n"
    "\n"
    "The array starts on a 128-byte boundary (cudaMalloc's alignment is larger still). Either:\n"
    "  --stride S --offset O   lane i (0..31) reads element O + i*S; S may be negative or 0\n"
    "                          (default: stride 1, offset 0)\n"
    "  --addresses A0,...      lane i reads at byte offset Ai (decimal, or hex after 0x);\n"
    "                          1 to 32 addresses, so a partial warp too\n"
    "An address need not be a multiple of the element size here, and such a load can touch two\n"
    "sectors; CUDA itself requires natural alignment (a misaligned load faults), and the text\n"
    "output says so.\n"
    "\n"
    "A lane that would read before the array's start (or past 2^49 bytes) is a failed run:\n"
    "one line on stderr, exit status 1.\n"
    "\n"
    "Options:\n"
    "  --elem-bytes E   bytes each lane reads: 1, 2, 4, 8 or 16 (default 4, a float)\n"
    "  --stride S       elements between neighbouring lanes (default 1)\n"
    "  --offset O       the element lane 0 reads (default 0)\n"
    "  --addresses A    comma-separated byte offsets, one per lane\n"
    "  --json           one JSON object: sectors, lines, requested_bytes, moved_bytes,\n"
    "                   efficiency_pct, element_bytes, lanes, misaligned_lanes,\n"
    "                   sector_numbers, line_numbers\n"
    "\n"
    "Examples:\n"
    "  gpu coalescing --stride 1 --offset 1        misaligned by one float: 5 sectors, 2 lines\n"
    "  gpu coalescing --stride -1 --offset 31      reversed: the same 4 sectors as sequential\n"
    "  gpu coalescing --elem-bytes 8 --stride 32 --json\n";

}  // namespace

Command gpuCoalescingCommand() {
    return {{"gpu", "coalescing"},
            "[--elem-bytes E] (--stride S --offset O | --addresses A0,...,A31) [--json]",
            "The 32-byte sectors and 128-byte lines one warp's load touches.",
            std::string(kDetails),
            runGpuCoalescing};
}

}  // namespace mlsyslab::cli
