#include "cli/CommandLine.h"

#include <algorithm>
#include <ostream>

#include "common/Suggestion.h"

namespace mlsyslab::cli {

namespace {

constexpr std::string_view kProgram = "mlsyslab-cli";

bool isOption(const std::string& word) { return word.size() > 2 && word.starts_with("--"); }

std::string joined(const std::vector<std::string>& words) {
    std::string text;
    for (const auto& word : words) text += (text.empty() ? "" : " ") + word;
    return text;
}

// Commands whose path starts with `prefix` and is longer: everything in that group.
std::vector<const Command*> childrenOf(std::span<const Command> commands,
                                       const std::vector<std::string>& prefix) {
    std::vector<const Command*> children;
    for (const auto& command : commands) {
        if (command.path.size() > prefix.size() &&
            std::equal(prefix.begin(), prefix.end(), command.path.begin())) {
            children.push_back(&command);
        }
    }
    return children;
}

// The words that may follow `prefix` ("validate", "list" after "lesson"), in order, once each.
std::vector<std::string> nextWords(std::span<const Command> commands,
                                   const std::vector<std::string>& prefix) {
    std::vector<std::string> words;
    for (const auto* child : childrenOf(commands, prefix)) {
        const std::string& word = child->path[prefix.size()];
        if (std::find(words.begin(), words.end(), word) == words.end()) words.push_back(word);
    }
    return words;
}

// " (see mlsyslab-cli lesson --help)"
std::string helpHint(const std::vector<std::string>& path) {
    std::string hint = " (see " + std::string(kProgram);
    if (!path.empty()) hint += ' ' + joined(path);
    return hint + " --help)";
}

void printCommandList(std::ostream& out, const std::vector<const Command*>& commands) {
    std::size_t width = 0;
    for (const auto* command : commands) width = std::max(width, joined(command->path).size());
    for (const auto* command : commands) {
        const std::string name = joined(command->path);
        out << "  " << name << std::string(width - name.size() + 3, ' ') << command->summary << '\n';
    }
}

void printGroupHelp(std::ostream& out, std::span<const Command> commands,
                    const std::vector<std::string>& prefix) {
    out << "Usage: " << kProgram;
    if (!prefix.empty()) out << ' ' << joined(prefix);
    out << " COMMAND [ARGS...]\n\n";
    if (prefix.empty()) {
        out << "MLSysLab's engines without a display: for scripting, grading and figures.\n\n";
    }
    out << "Commands:\n";
    printCommandList(out, childrenOf(commands, prefix));
    out << "\nEvery command takes --help. Exit status: 0 ok, 1 failed, 2 bad usage.\n";
}

void printCommandHelp(std::ostream& out, const Command& command) {
    out << "Usage: " << kProgram << ' ' << joined(command.path);
    if (!command.usage.empty()) out << ' ' << command.usage;
    out << "\n\n" << command.summary << '\n';
    if (!command.details.empty()) out << '\n' << command.details;
    if (!command.details.empty() && command.details.back() != '\n') out << '\n';
}

}  // namespace

Arguments::Arguments(std::vector<std::string> words) {
    bool optionsEnded = false;
    for (auto& word : words) {
        if (!optionsEnded && word == "--") {
            optionsEnded = true;
            continue;
        }
        const bool option = !optionsEnded && isOption(word);
        words_.push_back({std::move(word), option});
    }
}

bool Arguments::takeFlag(std::string_view name) {
    const auto found = std::find_if(words_.begin(), words_.end(),
                                    [&](const Word& w) { return w.isOption && w.text == name; });
    if (found == words_.end()) return false;
    words_.erase(found);
    return true;
}

std::optional<std::string> Arguments::takeValue(std::string_view name) {
    const auto found = std::find_if(words_.begin(), words_.end(),
                                    [&](const Word& w) { return w.isOption && w.text == name; });
    if (found == words_.end()) return std::nullopt;
    const auto next = found + 1;
    if (next == words_.end()) {
        words_.erase(found);
        return std::string();
    }
    std::string value = std::move(next->text);
    words_.erase(found, next + 1);
    return value;
}

std::vector<std::string> Arguments::positional() const {
    std::vector<std::string> values;
    for (const auto& word : words_) {
        if (!word.isOption) values.push_back(word.text);
    }
    return values;
}

std::string Arguments::firstUnknownOption() const {
    for (const auto& word : words_) {
        if (word.isOption) return word.text;
    }
    return {};
}

int usageError(Streams& streams, std::string_view message) {
    streams.err << kProgram << ": " << message << '\n';
    return kExitUsage;
}

int runCommandLine(std::span<const Command> commands, std::span<const std::string> words,
                   Streams& streams) {
    // Walk down the command tree as far as the words name commands.
    std::vector<std::string> path;
    std::size_t index = 0;
    const Command* command = nullptr;
    while (index < words.size() && !words[index].starts_with("-")) {
        std::vector<std::string> candidate = path;
        candidate.push_back(words[index]);
        const auto known = nextWords(commands, path);
        if (std::find(known.begin(), known.end(), words[index]) == known.end()) {
            std::string message = "unknown command '" + joined(candidate) + "'";
            if (const auto suggestion = closestMatch(words[index], known)) {
                message += "; did you mean '" + *suggestion + "'?";
            }
            return usageError(streams, message + helpHint(path));
        }
        path = std::move(candidate);
        ++index;
        const auto exact = std::find_if(commands.begin(), commands.end(),
                                        [&](const Command& c) { return c.path == path; });
        if (exact != commands.end()) {
            command = &*exact;
            break;
        }
    }

    std::vector<std::string> rest(words.begin() + static_cast<std::ptrdiff_t>(index), words.end());
    if (command == nullptr) {
        // A group ("lesson") or nothing at all: only --help and --version make sense here.
        if (path.empty() && rest.size() == 1 && rest.front() == "--version") {
            streams.out << kProgram << ' ' << MLSYSLAB_VERSION << '\n';
            return kExitOk;
        }
        if (!rest.empty() && rest.front() == "--help") {
            printGroupHelp(streams.out, commands, path);
            return kExitOk;
        }
        if (!rest.empty()) {
            return usageError(streams, "unknown option '" + rest.front() + "'" + helpHint(path));
        }
        std::string list;
        for (const auto& word : nextWords(commands, path)) list += (list.empty() ? "" : ", ") + word;
        return usageError(streams, "give a command: " + list + helpHint(path));
    }

    Arguments arguments(std::move(rest));
    if (arguments.takeFlag("--help")) {
        printCommandHelp(streams.out, *command);
        return kExitOk;
    }
    return command->run(arguments, streams);
}

}  // namespace mlsyslab::cli
