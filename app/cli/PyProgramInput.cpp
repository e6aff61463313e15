#include "cli/PyProgramInput.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "common/Concat.h"

namespace mlsyslab::cli {

namespace {

// Whole numbers from 1 to 10^18, digits only: enough for any run, and never overflows.
constexpr std::size_t kMaxStepDigits = 18;

std::optional<std::int64_t> parseStepCount(const std::string& text) {
    if (text.empty() || text.size() > kMaxStepDigits) return std::nullopt;
    std::int64_t value = 0;
    for (const char character : text) {
        if (character < '0' || character > '9') return std::nullopt;
        value = value * 10 + (character - '0');
    }
    if (value < 1) return std::nullopt;
    return value;
}

std::optional<std::string> readWhole(std::istream& stream) {
    std::ostringstream text;
    text << stream.rdbuf();
    if (stream.bad()) return std::nullopt;
    return std::move(text).str();
}

// Line `number` (1-based) of the source, without its line break; empty past the end.
std::string_view sourceLine(std::string_view source, int number) {
    for (int line = 1; line < number; ++line) {
        const auto end = source.find('\n');
        if (end == std::string_view::npos) return {};
        source.remove_prefix(end + 1);
    }
    source = source.substr(0, source.find('\n'));
    if (source.ends_with('\r')) source.remove_suffix(1);
    return source;
}

}  // namespace

std::optional<PyProgramInput> readPyProgramInput(Arguments& arguments, Streams& streams,
                                                 std::string_view command,
                                                 std::optional<std::int64_t> defaultMaxSteps) {
    const std::string help = concat(" (see mlsyslab-cli ", command, " --help)");
    PyProgramInput input;
    if (defaultMaxSteps) {
        input.maxSteps = *defaultMaxSteps;
        if (const auto text = arguments.takeValue("--max-steps")) {
            const auto steps = parseStepCount(*text);
            if (!steps) {
                usageError(streams,
                           concat(command, ": --max-steps must be a whole number from 1, not '",
                                  *text, "'"));
                return std::nullopt;
            }
            input.maxSteps = *steps;
        }
    }
    if (const auto option = arguments.firstUnknownOption(); !option.empty()) {
        const bool repeated = defaultMaxSteps && option == "--max-steps";
        usageError(streams, repeated ? concat(command, ": --max-steps is given more than once")
                                     : concat(command, ": unknown option '", option, "'", help));
        return std::nullopt;
    }
    const auto files = arguments.positional();
    if (files.size() != 1) {
        usageError(streams,
                   concat(command, ": give one FILE (a Python program, or - for stdin), got ",
                          std::to_string(files.size()), help));
        return std::nullopt;
    }
    const std::string& file = files.front();
    std::optional<std::string> source;
    if (file == "-") {
        source = readWhole(std::cin);
        input.filename = "<stdin>";
    } else {
        // A directory opens like a file on Linux and reads as nothing: refuse it by name.
        std::error_code ignored;
        if (std::filesystem::is_directory(file, ignored)) {
            usageError(streams, concat(command, ": cannot read '", file, "': it is a directory"));
            return std::nullopt;
        }
        errno = 0;
        std::ifstream stream(file, std::ios::binary);
        if (stream) source = readWhole(stream);
        input.filename = file;
    }
    if (!source) {
        const std::string reason = errno != 0 ? concat(": ", std::strerror(errno)) : std::string();
        usageError(streams, concat(command, ": cannot read '", file, "'", reason));
        return std::nullopt;
    }
    input.source = std::move(*source);
    return input;
}

std::string syntaxErrorReport(const pyvm::SyntaxError& error, std::string_view source,
                              std::string_view filename) {
    std::string report =
        concat("  File \"", filename, "\", line ", std::to_string(error.line), "\n");
    const std::string_view line = sourceLine(source, error.line);
    // CPython shows the line without its indentation and moves the caret along with it.
    const std::size_t indent = std::min(line.find_first_not_of(" \t\f"), line.size());
    const std::string_view shown = line.substr(indent);
    if (!shown.empty()) {
        const long column = static_cast<long>(error.offset) - 1 - static_cast<long>(indent);
        report += concat("    ", shown, "\n    ",
                         std::string(static_cast<std::size_t>(std::max(column, 0L)), ' '), "^\n");
    }
    report += concat(error.kind, ": ", error.message, "\n");
    return report;
}

}  // namespace mlsyslab::cli
