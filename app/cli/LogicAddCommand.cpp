#include "cli/LogicAddCommand.h"

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "cli/JsonLine.h"
#include "common/Concat.h"
#include "logic/AdderCircuits.h"
#include "logic/EventSimulation.h"

namespace mlsyslab::cli {

namespace {

using logic::AdderCircuit;
using logic::AdderKind;

constexpr std::string_view kPrefix = "logic add: ";

std::string widthRange() {
    return concat(std::to_string(logic::kMinAdderWidth), " to ",
                  std::to_string(logic::kMaxAdderWidth));
}

// The whole width, digits only: "+8", "8.0" or "08x" are not widths.
std::optional<int> parseWidth(const std::string& text) {
    if (text.empty() || text.size() > 2) return std::nullopt;
    int width = 0;
    for (const char character : text) {
        if (character < '0' || character > '9') return std::nullopt;
        width = width * 10 + (character - '0');
    }
    if (width < logic::kMinAdderWidth || width > logic::kMaxAdderWidth) return std::nullopt;
    return width;
}

int digitValue(char character) {
    if (character >= '0' && character <= '9') return character - '0';
    if (character >= 'a' && character <= 'f') return character - 'a' + 10;
    if (character >= 'A' && character <= 'F') return character - 'A' + 10;
    return 99;
}

// A decimal integer (a leading '-' allowed) or a 0x / 0b literal. Values far past any width
// are clamped to stay representable; the range check rejects them anyway.
std::optional<std::int64_t> parseInteger(std::string_view text) {
    const bool negative = text.starts_with('-');
    if (negative) text.remove_prefix(1);
    int base = 10;
    if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) base = 16;
    if (text.size() > 2 && text[0] == '0' && (text[1] == 'b' || text[1] == 'B')) base = 2;
    if (base != 10) text.remove_prefix(2);
    if (text.empty()) return std::nullopt;
    constexpr std::int64_t kClamp = std::int64_t{1} << 40;
    std::int64_t value = 0;
    for (const char character : text) {
        const int digit = digitValue(character);
        if (digit >= base) return std::nullopt;
        value = value * base + digit;
        if (value > kClamp) value = kClamp;
    }
    return negative ? -value : value;
}

struct Options {
    int width = 0;
    AdderKind kind = AdderKind::RippleCarry;
    bool subtract = false;
    bool json = false;
    std::uint64_t a = 0;  // the operands' W-bit patterns
    std::uint64_t b = 0;
};

// Reads everything; on bad usage prints the one-line error and returns nothing (exit 2).
std::optional<Options> readOptions(Arguments& arguments, Streams& streams) {
    Options options;
    options.subtract = arguments.takeFlag("--sub");
    options.json = arguments.takeFlag("--json");
    const auto widthText = arguments.takeValue("--width");
    const auto kindText = arguments.takeValue("--adder");
    if (const auto option = arguments.firstUnknownOption(); !option.empty()) {
        const bool known =
            option == "--width" || option == "--adder" || option == "--sub" || option == "--json";
        usageError(streams, known ? concat(kPrefix, option, " is given more than once")
                                  : concat(kPrefix, "unknown option '", option,
                                           "' (see mlsyslab-cli logic add --help)"));
        return std::nullopt;
    }
    if (!widthText || widthText->empty()) {
        usageError(streams, concat(kPrefix, widthText ? "--width needs a value" : "give --width W",
                                   ", a width from ", widthRange(), " bits"));
        return std::nullopt;
    }
    const auto width = parseWidth(*widthText);
    if (!width) {
        usageError(streams, concat(kPrefix, "--width must be a whole number from ", widthRange(),
                                   ", not '", *widthText, "'"));
        return std::nullopt;
    }
    options.width = *width;
    if (!kindText || kindText->empty()) {
        usageError(streams, concat(kPrefix, "give --adder ripple or --adder cla"));
        return std::nullopt;
    }
    const auto kind = logic::parseAdderKind(*kindText);
    if (!kind) {
        usageError(streams,
                   concat(kPrefix, "--adder must be ripple or cla, not '", *kindText, "'"));
        return std::nullopt;
    }
    options.kind = *kind;

    const std::vector<std::string> operands = arguments.positional();
    if (operands.size() != 2) {
        usageError(streams, concat(kPrefix, "give two integers A B (got ",
                                   std::to_string(operands.size()), ")"));
        return std::nullopt;
    }
    const std::int64_t lowest = -(std::int64_t{1} << (options.width - 1));
    const std::int64_t highest = (std::int64_t{1} << options.width) - 1;
    const char* names[] = {"A", "B"};
    for (std::size_t index = 0; index < 2; ++index) {
        const auto value = parseInteger(operands[index]);
        if (!value) {
            usageError(streams, concat(kPrefix, names[index], " = '", operands[index],
                                       "' is not an integer (decimal, 0x hex or 0b binary)"));
            return std::nullopt;
        }
        if (*value < lowest || *value > highest) {
            usageError(streams,
                       concat(kPrefix, names[index], " = ", operands[index], " does not fit in ",
                              std::to_string(options.width), options.width == 1 ? " bit" : " bits",
                              ": give ", std::to_string(lowest), " to ", std::to_string(highest)));
            return std::nullopt;
        }
        const std::uint64_t mask = (std::uint64_t{1} << options.width) - 1;
        (index == 0 ? options.a : options.b) = static_cast<std::uint64_t>(*value) & mask;
    }
    return options;
}

struct Report {
    logic::AdderOutcome outcome;
    std::int64_t sumSigned = 0;
    std::string bits;
    int settleTime = 0;
    int gateEvaluations = 0;
    int gates = 0;
    int depth = 0;
    int criticalPathDelay = 0;
};

Report computeReport(const AdderCircuit& adder, const Options& options) {
    // From the circuit settled at all-zero inputs, A, B and sub arrive together at time 0.
    const logic::SimulationRun run = logic::simulateFromZero(
        adder.netlist, logic::adderInputValues(adder, options.a, options.b, options.subtract));
    Report report;
    report.outcome = logic::readAdderOutcome(adder, run.finalValues());
    const std::uint64_t sum = report.outcome.sum;
    report.sumSigned = report.outcome.negative
                           ? static_cast<std::int64_t>(sum) - (std::int64_t{1} << options.width)
                           : static_cast<std::int64_t>(sum);
    for (int bit = options.width - 1; bit >= 0; --bit) {
        report.bits += ((sum >> bit) & 1) != 0 ? '1' : '0';
    }
    report.settleTime = run.settleTime;
    report.gateEvaluations = run.gateEvaluations;
    report.gates = static_cast<int>(adder.netlist.gates().size());
    report.depth = adder.netlist.depth();
    report.criticalPathDelay = adder.netlist.criticalPathDelay();
    return report;
}

void printText(const Report& report, std::ostream& out) {
    const auto flag = [](bool value) { return value ? "1" : "0"; };
    out << "sum: " << report.outcome.sum << '\n'
        << "sum_signed: " << report.sumSigned << '\n'
        << "bits: " << report.bits << '\n'
        << "carry: " << flag(report.outcome.carry) << '\n'
        << "overflow: " << flag(report.outcome.overflow) << '\n'
        << "zero: " << flag(report.outcome.zero) << '\n'
        << "negative: " << flag(report.outcome.negative) << '\n'
        << "settle_time: " << report.settleTime << '\n'
        << "gate_evaluations: " << report.gateEvaluations << '\n'
        << "gates: " << report.gates << '\n'
        << "depth: " << report.depth << '\n'
        << "critical_path_delay: " << report.criticalPathDelay << '\n';
}

void printJson(const Report& report, std::ostream& out) {
    Json object;
    object["sum"] = report.outcome.sum;
    object["sum_signed"] = report.sumSigned;
    object["bits"] = report.bits;
    object["carry"] = report.outcome.carry;
    object["overflow"] = report.outcome.overflow;
    object["zero"] = report.outcome.zero;
    object["negative"] = report.outcome.negative;
    object["settle_time"] = report.settleTime;
    object["gate_evaluations"] = report.gateEvaluations;
    object["gates"] = report.gates;
    object["depth"] = report.depth;
    object["critical_path_delay"] = report.criticalPathDelay;
    out << jsonLine(object) << '\n';
}

int runLogicAdd(Arguments& arguments, Streams& streams) {
    const auto options = readOptions(arguments, streams);
    if (!options) return kExitUsage;
    const auto adder = logic::buildAdder(options->kind, options->width, options->subtract);
    if (!adder) {
        streams.err << "mlsyslab-cli: " << kPrefix << adder.error() << '\n';
        return kExitFailed;
    }
    const Report report = computeReport(*adder, *options);
    if (options->json) {
        printJson(report, streams.out);
    } else {
        printText(report, streams.out);
    }
    return kExitOk;
}

constexpr std::string_view kDetails =
    "Builds the W-bit adder out of gates (ripple: a chain of the slide's full adders; cla:\n"
    "carry lookahead in groups of 4, hierarchical) and runs it: from all inputs at 0, A and B\n"
    "(and sub) change at time 0 and every gate takes 1 time unit.\n"
    "\n"
    "A and B are decimal integers (negative ones mean two's complement) or 0x / 0b literals,\n"
    "from -2^(W-1) to 2^W - 1. With --sub the circuit is the adder/subtractor (B XOR sub feeds\n"
    "the adder, carry-in = sub) and computes A - B.\n"
    "\n"
    "Prints one 'key: value' line each:\n"
    "  sum                  the W sum bits read as unsigned\n"
    "  sum_signed           the same bits read as two's complement\n"
    "  bits                 the W sum bits, most significant first\n"
    "  carry                the adder's carry out, c{W}; for --sub 1 means no borrow (as on\n"
    "                       ARM; int sub reports x86's borrow instead)\n"
    "  overflow             signed overflow, c{W} XOR c{W-1}\n"
    "  zero, negative       every sum bit is 0; the top sum bit\n"
    "  settle_time          time units until the last wire stops changing\n"
    "  gate_evaluations     gate evaluations the event-driven simulation made\n"
    "  gates                gates in the circuit\n"
    "  depth                gates on the longest path (logic levels)\n"
    "  critical_path_delay  the longest path in time units: no input change settles later\n"
    "\n"
    "Options:\n"
    "  --width W             adder width in bits, 1 to 32 (required)\n"
    "  --adder ripple|cla    the adder (required)\n"
    "  --sub                 compute A - B on the adder/subtractor\n"
    "  --json                one JSON object with the same keys (flags as true/false)\n"
    "\n"
    "Example: logic add --width 8 --adder ripple 5 3   prints  sum: 8 ... settle_time: 9\n";

}  // namespace

Command logicAddCommand() {
    return {{"logic", "add"},
            "--width W --adder ripple|cla A B [--sub] [--json]",
            "Add (or subtract) A and B on a gate-level adder: result, flags, delay, cost.",
            std::string(kDetails),
            runLogicAdd};
}

}  // namespace mlsyslab::cli
