#include "cli/LogicFpAddCommand.h"

#include <algorithm>
#include <cstdio>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "cli/LogicFpAddOutput.h"
#include "common/Concat.h"
#include "logic/FloatAdder.h"
#include "numeric/FloatEncode.h"
#include "numeric/FloatFormat.h"

namespace mlsyslab::cli {

namespace {

using numeric::FloatFormat;

constexpr std::string_view kPrefix = "logic fpadd: ";

// Output is gathered and written in blocks of this size, input read in blocks of this size,
// and a batch goes through the datapath this many pairs at a time (FloatAdder::addMany).
constexpr std::size_t kOutputBlockBytes = 1 << 16;
constexpr std::size_t kInputBlockBytes = 1 << 16;
constexpr std::size_t kPairsPerBatch = 4096;

struct Options {
    FloatFormat format;
    bool fromBits = false;
    bool steps = false;
    bool json = false;
};

// Reads the options; on bad usage prints the one-line error and returns nothing (exit 2).
std::optional<Options> readOptions(Arguments& arguments, Streams& streams) {
    Options options;
    options.fromBits = arguments.takeFlag("--from-bits");
    options.steps = arguments.takeFlag("--steps");
    options.json = arguments.takeFlag("--json");
    const auto formatName = arguments.takeValue("--format");
    if (const auto option = arguments.firstUnknownOption(); !option.empty()) {
        const bool known = option == "--format" || option == "--from-bits" || option == "--steps" ||
                           option == "--json";
        usageError(streams, known ? concat(kPrefix, option, " is given more than once")
                                  : concat(kPrefix, "unknown option '", option,
                                           "' (see mlsyslab-cli logic fpadd --help)"));
        return std::nullopt;
    }
    if (!formatName || formatName->empty()) {
        usageError(streams, concat(kPrefix, "give --format fp16 or --format fp32"));
        return std::nullopt;
    }
    if (*formatName != "fp16" && *formatName != "fp32") {
        usageError(streams,
                   concat(kPrefix, "--format must be fp16 or fp32, not '", *formatName, "'"));
        return std::nullopt;
    }
    options.format = *numeric::findFloatFormat(*formatName);
    return options;
}

// One operand: a decimal rounded once to the format (as `format encode`), or with --from-bits
// a hex pattern of the format.
Result<std::uint64_t> parseOperand(const Options& options, std::string_view text) {
    if (options.fromBits) return numeric::parseFloatBitsText(options.format, text);
    return numeric::encodeDecimal(options.format, text);
}

// One sum, however it is to be printed.
void appendSum(const logic::FloatAdder& adder, const Options& options, std::uint64_t a,
               std::uint64_t b, std::string& out) {
    if (options.json) {
        appendJson(adder.trace(a, b), options.steps, out);
    } else if (options.steps) {
        appendStepsText(adder.trace(a, b), out);
    } else {
        appendResultLine(options.format, adder.add(a, b), out);
    }
}

int addArguments(const logic::FloatAdder& adder, const Options& options,
                 const std::vector<std::string>& operands, Streams& streams) {
    std::uint64_t bits[2] = {0, 0};
    for (std::size_t index = 0; index < 2; ++index) {
        const auto parsed = parseOperand(options, operands[index]);
        if (!parsed) {
            return usageError(streams, concat(kPrefix, index == 0 ? "A: " : "B: ", parsed.error()));
        }
        bits[index] = *parsed;
    }
    std::string out;
    appendSum(adder, options, bits[0], bits[1], out);
    streams.out << out;
    return kExitOk;
}

// The two words of a batch line, or a message saying what is wrong with it.
Result<std::uint64_t> parseLine(const Options& options, std::string_view line,
                                std::uint64_t& second) {
    constexpr std::string_view kSpace = " \t";
    std::string_view words[3];
    int count = 0;
    for (std::size_t start = line.find_first_not_of(kSpace); start != std::string_view::npos;
         start = line.find_first_not_of(kSpace, start)) {
        const std::size_t end = std::min(line.find_first_of(kSpace, start), line.size());
        if (count == 3) break;
        words[count++] = line.substr(start, end - start);
        start = end;
    }
    if (count != 2) {
        return Result<std::uint64_t>::failure(concat("give two operands 'A B' (found ",
                                                     std::to_string(count == 3 ? 3 : count),
                                                     count == 3 ? " or more)" : ")"));
    }
    const auto first = parseOperand(options, words[0]);
    if (!first) return Result<std::uint64_t>::failure(concat("A: ", first.error()));
    const auto parsedSecond = parseOperand(options, words[1]);
    if (!parsedSecond) return Result<std::uint64_t>::failure(concat("B: ", parsedSecond.error()));
    second = *parsedSecond;
    return *first;
}

// Pairs from stdin, one a line; blank lines are skipped. A bad line is reported with its number
// on stderr and skipped, and the run goes on (exit status 1 at the end), as `format` does.
int addStandardInput(const logic::FloatAdder& adder, const Options& options, Streams& streams) {
    const bool plain = !options.steps && !options.json;
    std::string out;
    out.reserve(kOutputBlockBytes + 4096);
    std::vector<std::uint64_t> firsts, seconds, sums;
    firsts.reserve(kPairsPerBatch);
    seconds.reserve(kPairsPerBatch);
    long long lineNumber = 0;
    bool anyBad = false;

    const auto writeOut = [&] {
        streams.out.write(out.data(), static_cast<std::streamsize>(out.size()));
        out.clear();
    };
    // Plain sums wait for a full batch: the datapath adds 64 pairs at a time (bit slicing).
    const auto flushPairs = [&] {
        sums.resize(firsts.size());
        adder.addMany(firsts, seconds, sums);
        for (const std::uint64_t sum : sums) appendResultLine(options.format, sum, out);
        firsts.clear();
        seconds.clear();
        if (out.size() >= kOutputBlockBytes) writeOut();
    };
    const auto handleLine = [&](std::string_view line) {
        ++lineNumber;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (line.find_first_not_of(" \t") == std::string_view::npos) return;
        std::uint64_t second = 0;
        const auto first = parseLine(options, line, second);
        if (!first) {
            anyBad = true;
            // Results before this line go out first, so stdout and stderr stay in step.
            if (plain) flushPairs();
            writeOut();
            streams.out.flush();
            streams.err << "mlsyslab-cli: line " << lineNumber << ": " << first.error() << '\n';
            return;
        }
        if (plain) {
            firsts.push_back(*first);
            seconds.push_back(second);
            if (firsts.size() == kPairsPerBatch) flushPairs();
            return;
        }
        appendSum(adder, options, *first, second, out);
        if (out.size() >= kOutputBlockBytes) writeOut();
    };

    std::vector<char> block(kInputBlockBytes);
    std::string pending;  // the start of a line that the last block cut
    std::size_t bytesRead = 0;
    while ((bytesRead = std::fread(block.data(), 1, block.size(), stdin)) > 0) {
        std::string_view text(block.data(), bytesRead);
        for (std::size_t newline; (newline = text.find('\n')) != std::string_view::npos;) {
            if (pending.empty()) {
                handleLine(text.substr(0, newline));
            } else {
                pending.append(text.substr(0, newline));
                handleLine(pending);
                pending.clear();
            }
            text.remove_prefix(newline + 1);
        }
        pending.append(text);
    }
    if (!pending.empty()) handleLine(pending);
    if (plain) flushPairs();
    writeOut();
    streams.out.flush();
    return anyBad ? kExitFailed : kExitOk;
}

int runLogicFpAdd(Arguments& arguments, Streams& streams) {
    const auto options = readOptions(arguments, streams);
    if (!options) return kExitUsage;
    const std::vector<std::string> operands = arguments.positional();
    if (operands.size() == 1 || operands.size() > 2) {
        return usageError(streams, concat(kPrefix,
                                          "give two operands A B, or none to read pairs "
                                          "from stdin (got ",
                                          std::to_string(operands.size()), ")"));
    }
    const auto adder = logic::FloatAdder::create(options->format);
    if (!adder) {
        streams.err << "mlsyslab-cli: " << kPrefix << adder.error() << '\n';
        return kExitFailed;
    }
    if (operands.empty()) return addStandardInput(*adder, *options, streams);
    return addArguments(*adder, *options, operands, streams);
}

constexpr std::string_view kDetails =
    "Adds A and B the way a floating-point adder does, step by step: unpack, compare exponents\n"
    "and swap, align (guard, round, sticky), add or subtract the significands through a\n"
    "gate-level ripple-carry adder/subtractor, normalize, round to nearest even, pack.\n"
    "Bit-exact with IEEE 754 addition.\n"
    "\n"
    "Prints the result's bit pattern, as `format encode` prints it (fp16 0x4380).\n"
    "A and B are decimals rounded once, exactly, to the format (3.5, -0.1, 1e-3, inf, -inf,\n"
    "nan, -0), or with --from-bits hex patterns of the format (0x4100). Negative values need\n"
    "no '--'.\n"
    "\n"
    "NaN results follow x86 SSE: a NaN operand gives the first NaN (A, else B) with its quiet\n"
    "bit set, sign and payload kept; inf + -inf gives the default NaN with the sign set\n"
    "(fp16 0xFE00, fp32 0xFFC00000). +0 + -0 = +0, -0 + -0 = -0, x + (-x) = +0.\n"
    "\n"
    "Options:\n"
    "  --format fp16|fp32   the format of A, B and the result (required)\n"
    "  --from-bits          A and B are bit patterns of the format, in hex\n"
    "  --steps              every step first (title, explanation, registers), then the result\n"
    "  --json               one JSON object: format, a, b, bits, value, class; with --steps a\n"
    "                       steps array too\n"
    "\n"
    "Without A and B, reads one 'A B' pair per line from stdin and prints one result per pair\n"
    "(one JSON object per line with --json); blank lines are skipped; a bad line is reported\n"
    "as 'line N: ...' on stderr and skipped, and the exit status is then 1.\n"
    "\n"
    "Examples:\n"
    "  $ mlsyslab-cli logic fpadd --format fp16 2.5 1.25\n"
    "  0x4380\n"
    "  $ mlsyslab-cli logic fpadd --format fp16 --from-bits 0x7C00 0xFC00\n"
    "  0xFE00\n"
    "  $ mlsyslab-cli logic fpadd --format fp32 --from-bits < pairs.txt\n";

}  // namespace

Command logicFpAddCommand() {
    return {
        {"logic", "fpadd"},
        "--format fp16|fp32 [--from-bits] [--steps] [--json] [A B]",
        "Add two floats through the adder datapath: the result's bits (stdin: one pair a line).",
        std::string(kDetails),
        runLogicFpAdd};
}

}  // namespace mlsyslab::cli
