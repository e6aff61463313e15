#pragma once

#include <functional>
#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace mlsyslab::cli {

// Exit codes of every command (DESIGN.md §4).
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailed = 1;
inline constexpr int kExitUsage = 2;

struct Streams {
    std::ostream& out;
    std::ostream& err;
};

// The words after the command's name. A word that starts with "--" is an option, unless it
// comes after "--"; "-5" and "-0.5" are values, not options. Commands take their options
// first (takeFlag, takeValue), then read what is left as positional values.
class Arguments {
public:
    explicit Arguments(std::vector<std::string> words);

    // True (and removed) when the flag is present.
    bool takeFlag(std::string_view name);
    // The word after the option (removed with it); nullopt when the option is absent. An
    // option given last, with no word after it, yields an empty string.
    std::optional<std::string> takeValue(std::string_view name);
    // The values left, in order, once the options have been taken.
    std::vector<std::string> positional() const;
    // The first option nobody took ("--frmat"), or "" when all were taken.
    std::string firstUnknownOption() const;

private:
    struct Word {
        std::string text;
        bool isOption;
    };
    std::vector<Word> words_;
};

struct Command {
    std::vector<std::string> path;  // e.g. {"lesson", "validate"}
    std::string usage;              // the arguments after the path, e.g. "FILE..."
    std::string summary;            // one line
    std::string details;            // shown by --help, may be empty
    std::function<int(Arguments& arguments, Streams& streams)> run;
};

// Finds the command that the words name and runs it; handles --help and --version at every
// level, and reports unknown commands and options as one line on stderr with exit code 2.
int runCommandLine(std::span<const Command> commands, std::span<const std::string> words,
                   Streams& streams);

// The one-line usage error every command prints: "mlsyslab-cli: <message>", exit code 2.
int usageError(Streams& streams, std::string_view message);

}  // namespace mlsyslab::cli
