#include "cli/FormatCommands.h"

#include <cstdio>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

#include "common/Concat.h"
#include "common/Suggestion.h"
#include "numeric/FloatDecode.h"
#include "numeric/FloatEncode.h"
#include "numeric/FloatFormat.h"

namespace mlsyslab::cli {

namespace {

using numeric::FloatFormat;

// Turns one item (a pattern or a value) into one output line appended to `out`, or says why
// it cannot.
using Conversion = std::function<Result<bool>(std::string_view item, std::string& out)>;

// Output is gathered and written in blocks of this size: a million lines stay fast.
constexpr std::size_t kOutputBlockBytes = 1 << 16;
constexpr std::size_t kInputBlockBytes = 1 << 16;

std::optional<FloatFormat> takeFormat(Arguments& arguments, Streams& streams,
                                      std::string_view command, int& exitCode) {
    const auto name = arguments.takeValue("--format");
    const std::string known = numeric::floatFormatNames();
    if (!name || name->empty()) {
        exitCode = usageError(streams, concat(command, ": give --format F (one of ", known, ")"));
        return std::nullopt;
    }
    if (auto format = numeric::findFloatFormat(*name)) return format;
    std::vector<std::string> names;
    for (const auto& format : numeric::floatFormats()) names.emplace_back(format.name);
    std::string message = concat(command, ": unknown format '", *name, "'");
    if (const auto suggestion = closestMatch(*name, names)) {
        message.append("; did you mean '").append(*suggestion).append("'?");
    }
    exitCode = usageError(streams, concat(message, " (formats: ", known, ")"));
    return std::nullopt;
}

// Items from the command line: all must be good before anything is printed.
int convertArguments(const std::vector<std::string>& items, const Conversion& convert,
                     std::string_view command, Streams& streams) {
    std::string out;
    for (const auto& item : items) {
        const auto converted = convert(item, out);
        if (!converted) return usageError(streams, concat(command, ": ", converted.error()));
    }
    streams.out << out;
    return kExitOk;
}

// Items from stdin, one a line; blank lines are skipped. A bad line is reported with its
// number and skipped, and the run goes on (exit status 1 at the end).
int convertStandardInput(const Conversion& convert, Streams& streams) {
    std::string out;
    out.reserve(kOutputBlockBytes + 256);
    std::string pending;  // the start of a line that the last block cut
    std::vector<char> block(kInputBlockBytes);
    long long lineNumber = 0;
    bool anyBad = false;

    auto convertLine = [&](std::string_view line) {
        ++lineNumber;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (line.find_first_not_of(" \t") == std::string_view::npos) return;
        const auto converted = convert(line, out);
        if (!converted) {
            anyBad = true;
            streams.err << "mlsyslab-cli: line " << lineNumber << ": " << converted.error() << '\n';
        }
        if (out.size() >= kOutputBlockBytes) {
            streams.out.write(out.data(), static_cast<std::streamsize>(out.size()));
            out.clear();
        }
    };

    std::size_t bytesRead = 0;
    while ((bytesRead = std::fread(block.data(), 1, block.size(), stdin)) > 0) {
        std::string_view text(block.data(), bytesRead);
        for (std::size_t newline; (newline = text.find('\n')) != std::string_view::npos;) {
            if (pending.empty()) {
                convertLine(text.substr(0, newline));
            } else {
                pending.append(text.substr(0, newline));
                convertLine(pending);
                pending.clear();
            }
            text.remove_prefix(newline + 1);
        }
        pending.append(text);
    }
    if (!pending.empty()) convertLine(pending);
    streams.out.write(out.data(), static_cast<std::streamsize>(out.size()));
    streams.out.flush();
    return anyBad ? kExitFailed : kExitOk;
}

int runConversion(Arguments& arguments, const Conversion& convert, std::string_view command,
                  Streams& streams) {
    if (const auto option = arguments.firstUnknownOption(); !option.empty()) {
        return usageError(streams, concat(command, ": unknown option '", option, "'"));
    }
    const auto items = arguments.positional();
    if (items.empty()) return convertStandardInput(convert, streams);
    return convertArguments(items, convert, command, streams);
}

int decode(Arguments& arguments, Streams& streams) {
    constexpr std::string_view command = "format decode";
    int exitCode = kExitOk;
    const auto format = takeFormat(arguments, streams, command, exitCode);
    if (!format) return exitCode;

    const Conversion convert = [format = *format](std::string_view item, std::string& out) {
        const auto bits = numeric::parseFloatBitsText(format, item);
        if (!bits) return Result<bool>::failure(bits.error());
        const auto decoded = numeric::decodeFloat(format, *bits);
        out.append(numeric::floatBitsText(format, decoded.bits))
            .append(1, ' ')
            .append(numeric::floatValueText(format, decoded.value))
            .append(1, ' ')
            .append(numeric::floatClassName(decoded.floatClass))
            .append(1, '\n');
        return Result<bool>(true);
    };
    return runConversion(arguments, convert, command, streams);
}

int encode(Arguments& arguments, Streams& streams) {
    constexpr std::string_view command = "format encode";
    int exitCode = kExitOk;
    const auto format = takeFormat(arguments, streams, command, exitCode);
    if (!format) return exitCode;

    numeric::EncodeOptions options;
    options.saturate = arguments.takeFlag("--saturate");
    const bool fromBits = arguments.takeFlag("--from-bits");
    if (const auto rounding = arguments.takeValue("--rounding")) {
        const auto mode = numeric::findRoundingMode(*rounding);
        if (!mode) {
            return usageError(streams, concat(command, ": unknown rounding '", *rounding,
                                              "' (nearest, away, zero, up, down)"));
        }
        options.rounding = *mode;
    }

    const Conversion convert = [format = *format, options, fromBits](std::string_view item,
                                                                     std::string& out) {
        std::uint64_t bits = 0;
        if (fromBits) {
            const auto float32Bits = numeric::parseFloatBitsText(numeric::kFp32, item);
            if (!float32Bits) return Result<bool>::failure(float32Bits.error());
            bits = numeric::encodeFloat32Bits(format, static_cast<std::uint32_t>(*float32Bits),
                                              options);
        } else {
            const auto encoded = numeric::encodeDecimal(format, item, options);
            if (!encoded) return Result<bool>::failure(encoded.error());
            bits = *encoded;
        }
        out.append(numeric::floatBitsText(format, bits)).append(1, '\n');
        return Result<bool>(true);
    };
    return runConversion(arguments, convert, command, streams);
}

constexpr std::string_view kFormatsHelp =
    "Formats (sign/exponent/mantissa bits, bias):\n"
    "  fp32 1/8/23 127   fp16 1/5/10 15   bf16 1/8/7 127   tf32 1/8/10 127 (19 bits)\n"
    "  fp8-e4m3 1/4/3 7 (OCP: no infinity, NaN only S.1111.111, max 448)\n"
    "  fp8-e5m2 1/5/2 15 (IEEE-like, max 57344)   fp64 1/11/52 1023\n";

std::string decodeDetails() {
    return concat(
        "Prints one line per pattern: BITS VALUE CLASS, e.g. for fp16 0x4300:\n"
        "  0x4300 3.5 normal\n"
        "BITS is the pattern again as 0x and uppercase hex digits, one per 4 bits.\n"
        "VALUE reads back exactly as a float32 (printf %.9g; %.17g for fp64), or nan, inf,\n"
        "-inf, -0. CLASS is zero, subnormal, normal, inf or nan.\n"
        "Patterns are hex with 0x (any case) and must fit the format's width.\n"
        "Without BITS, reads one pattern per line from stdin (blank lines skipped); a bad line\n"
        "is reported as 'line N: ...' on stderr and skipped, and the exit status is then 1.\n\n",
        kFormatsHelp, "\nExample: mlsyslab-cli format decode --format fp8-e4m3 0x7E 0x7F\n");
}

std::string encodeDetails() {
    return concat(
        "Prints one line per value: the pattern as 0x and uppercase hex digits.\n"
        "VALUEs are decimals (3.5, -0.1, 1e-3, inf, nan), rounded once, exactly, straight to\n"
        "the format (not through float32). Negative values need no '--'.\n\n"
        "Options:\n"
        "  --format F        the target format (required)\n"
        "  --from-bits       the VALUEs are float32 bit patterns in hex (0x3F800000)\n"
        "  --saturate        overflow and infinite inputs give the largest finite value of their\n"
        "                    sign (NVIDIA's satfinite); without it overflow gives infinity, or\n"
        "                    NaN (0x7F/0xFF) for fp8-e4m3, which has no infinity\n"
        "  --rounding MODE   nearest (ties to even; the default), away (ties away from zero),\n"
        "                    zero, up (toward +inf), down (toward -inf). Overflow follows\n"
        "                    IEEE 754: zero/up/down stop at the largest finite value on the\n"
        "                    side they round toward zero\n\n"
        "NaN gives the format's quiet NaN with the input's sign (fp16 0x7E00, fp32 0x7FC00000).\n"
        "Without VALUEs, reads one value per line from stdin (blank lines skipped); a bad line\n"
        "is reported as 'line N: ...' on stderr and skipped, and the exit status is then 1.\n\n",
        kFormatsHelp,
        "\nExamples:\n"
        "  $ mlsyslab-cli format encode --format fp16 3.5 65504 65520\n"
        "  0x4300\n"
        "  0x7BFF\n"
        "  0x7C00\n"
        "  $ mlsyslab-cli format encode --format fp8-e4m3 --saturate 1000\n"
        "  0x7E\n"
        "  $ mlsyslab-cli format encode --format bf16 --from-bits < float32-patterns.txt\n");
}

}  // namespace

std::vector<Command> formatCommands() {
    return {
        {{"format", "decode"},
         "--format F [BITS...]",
         "Decode bit patterns of a float format: BITS VALUE CLASS per pattern.",
         decodeDetails(),
         decode},
        {{"format", "encode"},
         "--format F [--saturate] [--from-bits] [--rounding MODE] [VALUE...]",
         "Encode values into a float format, rounded once: one BITS line per value.",
         encodeDetails(),
         encode},
    };
}

}  // namespace mlsyslab::cli
