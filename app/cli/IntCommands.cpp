#include "cli/IntCommands.h"

#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/Concat.h"
#include "numeric/IntegerArithmetic.h"

namespace mlsyslab::cli {

namespace {

using numeric::ExactInteger;
using numeric::IntegerFormat;
using numeric::IntegerResult;
using numeric::Signedness;

std::string widthRange() {
    return concat(std::to_string(IntegerFormat::kMinWidth), " to ",
                  std::to_string(IntegerFormat::kMaxWidth));
}

// The whole width, digits only: "+8", "8.0" or "08x" are not widths.
std::optional<int> parseWidth(const std::string& text) {
    if (text.empty() || text.size() > 3) return std::nullopt;
    int width = 0;
    for (const char character : text) {
        if (character < '0' || character > '9') return std::nullopt;
        width = width * 10 + (character - '0');
    }
    if (width < IntegerFormat::kMinWidth || width > IntegerFormat::kMaxWidth) return std::nullopt;
    return width;
}

// What every int command reads: the format options and the operand texts.
struct Invocation {
    IntegerFormat format;
    std::vector<std::string> operands;
};

// Reads --width W and --unsigned and checks the operand count; on bad usage prints the
// one-line error and returns nothing (the caller exits 2).
std::optional<Invocation> readInvocation(const std::string& name, std::size_t operandCount,
                                         Arguments& arguments, Streams& streams) {
    const std::string prefix = concat("int ", name, ": ");
    const bool isUnsigned = arguments.takeFlag("--unsigned");
    const auto widthText = arguments.takeValue("--width");
    if (const auto option = arguments.firstUnknownOption(); !option.empty()) {
        const std::string message = option == "--width" || option == "--unsigned"
                                        ? concat(prefix, option, " is given more than once")
                                        : concat(prefix, "unknown option '", option,
                                                 "' (see mlsyslab-cli int ", name, " --help)");
        usageError(streams, message);
        return std::nullopt;
    }
    if (!widthText) {
        usageError(streams, concat(prefix, "give --width W, a width from ", widthRange(), " bits"));
        return std::nullopt;
    }
    if (widthText->empty()) {
        usageError(streams,
                   concat(prefix, "--width needs a value, a width from ", widthRange(), " bits"));
        return std::nullopt;
    }
    const auto width = parseWidth(*widthText);
    if (!width) {
        usageError(streams, concat(prefix, "--width must be a whole number from ", widthRange(),
                                   ", not '", *widthText, "'"));
        return std::nullopt;
    }

    Invocation invocation{{*width, isUnsigned ? Signedness::Unsigned : Signedness::Signed},
                          arguments.positional()};
    if (invocation.operands.size() != operandCount) {
        const std::string expected = operandCount == 1 ? "one integer A" : "two integers A B";
        usageError(streams, concat(prefix, "give ", expected, " (got ",
                                   std::to_string(invocation.operands.size()), ")"));
        return std::nullopt;
    }
    return invocation;
}

// VALUE BITS HEX OVERFLOW (DESIGN.md §4).
int printResult(const IntegerResult& result, Streams& streams) {
    streams.out << result.valueText() << ' ' << result.bits.binary() << ' ' << result.bits.hex()
                << ' ' << (result.overflow ? '1' : '0') << '\n';
    return kExitOk;
}

using Conversion = IntegerResult (*)(const ExactInteger& value, IntegerFormat format);

// repr and wrap: any integer, however far out of range.
int runConversion(const std::string& name, Conversion conversion, Arguments& arguments,
                  Streams& streams) {
    const auto invocation = readInvocation(name, 1, arguments, streams);
    if (!invocation) return kExitUsage;
    const auto value = numeric::parseExactInteger(invocation->operands.front());
    if (!value) return usageError(streams, concat("int ", name, ": ", value.error()));
    return printResult(conversion(*value, invocation->format), streams);
}

using Operation = IntegerResult (*)(const std::vector<numeric::BitPattern>& operands,
                                    Signedness signedness);

// add, sub, mul, neg: operands are registers, so each must fit the format.
int runOperation(const std::string& name, std::size_t operandCount, Operation operation,
                 Arguments& arguments, Streams& streams) {
    const auto invocation = readInvocation(name, operandCount, arguments, streams);
    if (!invocation) return kExitUsage;
    std::vector<numeric::BitPattern> operands;
    for (const auto& text : invocation->operands) {
        const auto operand = numeric::parseOperand(text, invocation->format);
        if (!operand) {
            // Only a number out of range gets the hint; a typo gets the parser's message alone.
            const bool isNumber = numeric::parseExactInteger(text).ok();
            return usageError(streams, concat("int ", name, ": ", operand.error(),
                                              isNumber ? "; int wrap shows what it wraps to" : ""));
        }
        operands.push_back(*operand);
    }
    return printResult(operation(operands, invocation->format.signedness), streams);
}

constexpr std::string_view kOutputHelp =
    "Prints one line: VALUE BITS HEX OVERFLOW\n"
    "  VALUE     the result in decimal, read as signed (two's complement) or, with --unsigned,\n"
    "            as unsigned\n"
    "  BITS      exactly W binary digits, most significant first\n"
    "  HEX       0x and ceil(W/4) uppercase hex digits\n"
    "  OVERFLOW  1 when the true result (for repr and wrap: A itself) does not fit in W bits\n"
    "            (in the signed range, or the unsigned range with --unsigned), else 0\n"
    "\n"
    "Options:\n"
    "  --width W    register width in bits, 4 to 64 (required)\n"
    "  --unsigned   read and write unsigned numbers (default: signed, two's complement)\n"
    "\n"
    "Negative numbers are values, not options: int add --width 8 -5 -3. -- ends the options.\n";

constexpr std::string_view kOperandHelp =
    "Operands are decimal integers that fit the format (they stand for registers); use\n"
    "int wrap to see what an out-of-range number becomes.\n\n";

Command conversionCommand(const std::string& name, std::string summary, std::string what,
                          Conversion conversion) {
    return {{"int", name},
            "--width W [--unsigned] A",
            std::move(summary),
            concat(what, kOutputHelp),
            [name, conversion](Arguments& arguments, Streams& streams) {
                return runConversion(name, conversion, arguments, streams);
            }};
}

Command operationCommand(const std::string& name, std::size_t operandCount, std::string summary,
                         std::string example, Operation operation) {
    return {{"int", name},
            operandCount == 1 ? "--width W [--unsigned] A" : "--width W [--unsigned] A B",
            std::move(summary),
            concat(kOperandHelp, example, kOutputHelp),
            [name, operandCount, operation](Arguments& arguments, Streams& streams) {
                return runOperation(name, operandCount, operation, arguments, streams);
            }};
}

IntegerResult addOperands(const std::vector<numeric::BitPattern>& operands, Signedness mode) {
    return numeric::add(operands[0], operands[1], mode);
}
IntegerResult subtractOperands(const std::vector<numeric::BitPattern>& operands, Signedness mode) {
    return numeric::subtract(operands[0], operands[1], mode);
}
IntegerResult multiplyOperands(const std::vector<numeric::BitPattern>& operands, Signedness mode) {
    return numeric::multiply(operands[0], operands[1], mode);
}
IntegerResult negateOperand(const std::vector<numeric::BitPattern>& operands, Signedness mode) {
    return numeric::negate(operands[0], mode);
}

}  // namespace

std::vector<Command> intCommands() {
    return {
        conversionCommand(
            "repr", "Show the W-bit pattern that stores integer A.",
            "A is a decimal integer of any size. When it does not fit, the line shows the low W\n"
            "bits it would be stored as (the same line as int wrap) with OVERFLOW 1.\n"
            "Example: int repr --width 4 -8   prints  -8 1000 0x8 0\n\n",
            numeric::represent),
        conversionCommand(
            "wrap", "Show the value integer A takes at W bits (what a C cast does).",
            "A is a decimal integer of any size; the result is A modulo 2^W, read as signed or\n"
            "unsigned. OVERFLOW is 1 when A itself does not fit.\n"
            "Example: int wrap --width 8 300   prints  44 00101100 0x2C 1\n\n",
            numeric::wrap),
        operationCommand("add", 2, "Add A + B in a W-bit register.",
                         "Example: int add --width 8 127 1   prints  -128 10000000 0x80 1\n\n",
                         addOperands),
        operationCommand(
            "sub", 2, "Subtract A - B in a W-bit register.",
            "Example: int sub --width 8 --unsigned 0 1   prints  255 11111111 0xFF 1\n\n",
            subtractOperands),
        operationCommand("mul", 2, "Multiply A * B in a W-bit register (the low W bits).",
                         "Example: int mul --width 8 16 16   prints  0 00000000 0x00 1\n\n",
                         multiplyOperands),
        operationCommand("neg", 1, "Negate A (0 - A) in a W-bit register.",
                         "Example: int neg --width 8 -128   prints  -128 10000000 0x80 1\n\n",
                         negateOperand),
    };
}

}  // namespace mlsyslab::cli
