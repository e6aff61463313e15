#include "cli/KindOptions.h"

#include <algorithm>
#include <sstream>
#include <stdexcept>

#include "common/Concat.h"

namespace mlsyslab::cli {

namespace {

constexpr std::size_t kHelpWidth = 80;
constexpr std::size_t kHelpIndent = 20;  // the column the help text starts in, under it too

YAML::Node commaListNode(std::string_view text) {
    YAML::Node list(YAML::NodeType::Sequence);
    while (true) {
        const std::size_t comma = text.find(',');
        list.push_back(std::string(text.substr(0, comma)));
        if (comma == std::string_view::npos) break;
        text.remove_prefix(comma + 1);
    }
    return list;
}

// The doc as plain text: `code` marks dropped, a minus sign written as ASCII.
std::string plainText(std::string_view markdown) {
    constexpr std::string_view kMinusSign = "\u2212";
    std::string text;
    while (!markdown.empty()) {
        if (markdown.starts_with(kMinusSign)) {
            text += '-';
            markdown.remove_prefix(kMinusSign.size());
            continue;
        }
        if (markdown.front() != '`') text += markdown.front();
        markdown.remove_prefix(1);
    }
    return text;
}

void appendWrapped(std::string& help, std::string head, const std::string& text) {
    std::string line = std::move(head);
    line.resize(std::max(line.size() + 1, kHelpIndent), ' ');
    std::istringstream words(text);
    bool lineHasWords = false;
    for (std::string word; words >> word;) {
        if (lineHasWords && line.size() + 1 + word.size() > kHelpWidth) {
            help += line + '\n';
            line = std::string(kHelpIndent, ' ');
            lineHasWords = false;
        }
        if (lineHasWords) line += ' ';
        line += word;
        lineHasWords = true;
    }
    help += line + '\n';
}

}  // namespace

YAML::Node takeKindOptions(Arguments& arguments, std::span<const KindOption> options) {
    YAML::Node given(YAML::NodeType::Map);
    for (const KindOption& option : options) {
        const auto text = arguments.takeValue(option.option);
        if (!text) continue;
        given[option.field] = option.commaList && !text->empty() ? commaListNode(*text)
                                                                  : YAML::Node(*text);
    }
    return given;
}

bool isKindOption(std::span<const KindOption> options, std::string_view option) {
    return std::any_of(options.begin(), options.end(),
                       [option](const KindOption& known) { return known.option == option; });
}

std::optional<std::string> firstOptionProblem(const std::vector<lesson::StateProblem>& problems,
                                              std::span<const KindOption> options,
                                              const YAML::Node& given) {
    const auto firstError =
        std::find_if(problems.begin(), problems.end(), [](const lesson::StateProblem& problem) {
            return problem.severity == lesson::Severity::Error;
        });
    const auto chosen = firstError != problems.end() ? firstError : problems.begin();
    if (chosen == problems.end()) return std::nullopt;
    std::string message = chosen->message;
    for (const KindOption& option : options) {
        if (!message.starts_with(option.field)) continue;
        const std::string_view rest = std::string_view(message).substr(option.field.size());
        if (!rest.empty() && rest.front() != ' ' && rest.front() != ':') continue;
        const bool brokeARule = rest.starts_with(" must ");
        const YAML::Node value = given[option.field];
        message = concat(option.option, rest);
        const bool suggests = message.find("did you mean") != std::string::npos;
        if (brokeARule && !suggests && value && value.IsScalar()) {
            message += concat(", not '", value.Scalar(), "'");
        }
        break;
    }
    return message;
}

std::string kindOptionHelp(const lesson::SimKind& kind, std::span<const KindOption> options) {
    std::string help;
    for (const KindOption& option : options) {
        const auto field =
            std::find_if(kind.fields.begin(), kind.fields.end(),
                         [&](const lesson::FieldSchema& schema) { return schema.name == option.field; });
        if (field == kind.fields.end()) {
            throw std::logic_error(concat(option.option, " names no ", kind.name, " field"));
        }
        std::string doc = plainText(field->doc);
        if (option.required) {
            doc += " (required)";
        } else if (!field->defaultText.empty() && field->defaultText != "none") {
            doc += concat(" (default ", plainText(field->defaultText), ")");
        }
        appendWrapped(help, concat("  ", option.option, " ", option.valueName), doc);
    }
    return help;
}

}  // namespace mlsyslab::cli
