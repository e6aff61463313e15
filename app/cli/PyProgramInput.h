#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "cli/CommandLine.h"
#include "pyvm/Lexer.h"

namespace mlsyslab::cli {

// What every `py` command starts from: the program's source, the name tracebacks show for it
// (FILE as given, `<stdin>` for `-`, as `python3.11 -` says), and the --max-steps value.
struct PyProgramInput {
    std::string source;
    std::string filename;
    std::int64_t maxSteps = 0;
};

// Takes the command's options and its one FILE; reads the file (or stdin for `-`). On bad usage
// or an unreadable file it prints the one-line error and returns nothing (exit 2). `command` is
// the name in messages ("py run"); without a default step count the command has no --max-steps.
std::optional<PyProgramInput> readPyProgramInput(Arguments& arguments, Streams& streams,
                                                 std::string_view command,
                                                 std::optional<std::int64_t> defaultMaxSteps);

// The stderr text CPython 3.11 prints for a syntax error: the file and line, the offending line
// with a caret under the error, and `SyntaxError: message` (or IndentationError, TabError) last.
std::string syntaxErrorReport(const pyvm::SyntaxError& error, std::string_view source,
                              std::string_view filename);

}  // namespace mlsyslab::cli
