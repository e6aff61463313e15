#include "lesson/StateFields.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <utility>

#include "common/Suggestion.h"

namespace mlsyslab::lesson {

const StateField* StateFields::find(const std::string& name) const {
    const auto found = byName.find(name);
    return found == byName.end() ? nullptr : &found->second;
}

std::string listInWords(const std::vector<std::string>& words, std::string_view conjunction) {
    std::string text;
    for (std::size_t index = 0; index < words.size(); ++index) {
        if (index > 0 && index + 1 == words.size()) {
            text.append(" ").append(conjunction).append(" ");
        } else if (index > 0) {
            text += ", ";
        }
        text += words[index];
    }
    return text;
}

std::size_t errorCount(const std::vector<StateProblem>& problems) {
    return static_cast<std::size_t>(
        std::count_if(problems.begin(), problems.end(), [](const StateProblem& problem) {
            return problem.severity == Severity::Error;
        }));
}

void addStateError(std::vector<StateProblem>& problems, const YAML::Mark& mark,
                   std::string message) {
    problems.push_back({Severity::Error, mark, std::move(message)});
}

StateFields collectStateFields(const YAML::Node& state, std::string_view kindName,
                               const std::vector<std::string>& fieldNames,
                               std::vector<StateProblem>& problems) {
    StateFields fields;
    fields.map = state;
    for (const auto& entry : state) {
        const YAML::Node& key = entry.first;
        const std::string name = key.IsScalar() ? key.Scalar() : std::string();
        if (std::find(fieldNames.begin(), fieldNames.end(), name) == fieldNames.end()) {
            const std::string shownName = key.IsScalar() ? name : std::string("?");
            std::string message = concat("unknown ", kindName, " field '", shownName, "'");
            if (const auto suggestion = closestMatch(shownName, fieldNames)) {
                message += concat("; did you mean '", *suggestion, "'?");
            } else {
                message +=
                    concat(" (", kindName, " has the fields ", listInWords(fieldNames, "and"), ")");
            }
            problems.push_back({Severity::Warning, key.Mark(), std::move(message)});
            continue;
        }
        if (!fields.byName.emplace(name, StateField{key, entry.second}).second) {
            addStateError(problems, key.Mark(),
                          concat(kindName, " field '", name, "' is given twice"));
        }
    }
    return fields;
}

std::optional<bool> readBooleanField(const std::string& name, const StateField& field,
                                     std::vector<StateProblem>& problems) {
    const std::string text = field.value.IsScalar() ? field.value.Scalar() : std::string();
    if (text == "true" || text == "True" || text == "TRUE") return true;
    if (text == "false" || text == "False" || text == "FALSE") return false;
    addStateError(problems, field.problemMark(), concat(name, " must be true or false"));
    return std::nullopt;
}

std::optional<std::string> readChoiceField(const std::string& name, const YAML::Node& node,
                                           const YAML::Mark& mark,
                                           const std::vector<std::string>& choices,
                                           std::vector<StateProblem>& problems) {
    const std::string text = node.IsScalar() ? node.Scalar() : std::string();
    if (std::find(choices.begin(), choices.end(), text) != choices.end()) return text;
    std::string message = concat(name, " must be ", listInWords(choices, "or"));
    if (const auto suggestion = closestMatch(text, choices)) {
        message += concat("; did you mean '", *suggestion, "'?");
    }
    addStateError(problems, mark, std::move(message));
    return std::nullopt;
}

std::string scalarText(const StateField& field) {
    return field.value.IsScalar() ? field.value.Scalar() : std::string();
}

namespace {

std::string_view withoutPlus(std::string_view text) {
    if (text.starts_with('+')) text.remove_prefix(1);
    return text;
}

std::optional<std::uint64_t> parseWholeNumber(std::string_view text) {
    text = withoutPlus(text);
    if (text.empty() || !std::all_of(text.begin(), text.end(),
                                     [](char digit) { return digit >= '0' && digit <= '9'; })) {
        return std::nullopt;
    }
    std::uint64_t number = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
    if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return number;
}

}  // namespace

std::optional<double> parseFiniteDecimal(std::string_view text) {
    text = withoutPlus(text);
    double number = 0;
    // std::from_chars reads the same digits whatever the locale.
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
    if (text.empty() || error != std::errc() || end != text.data() + text.size() ||
        !std::isfinite(number)) {
        return std::nullopt;
    }
    return number;
}

std::optional<std::uint64_t> readWholeNumberField(const std::string& name, const StateField& field,
                                                  std::uint64_t minimum, std::uint64_t maximum,
                                                  std::vector<StateProblem>& problems) {
    const auto number = parseWholeNumber(scalarText(field));
    if (number && *number >= minimum && *number <= maximum) return number;
    addStateError(problems, field.problemMark(),
                  concat(name, " must be a whole number from ", std::to_string(minimum), " to ",
                         std::to_string(maximum)));
    return std::nullopt;
}

namespace {

// A whole number with an optional sign, in decimal or (when `hexAllowed`) in hex after 0x.
std::optional<std::int64_t> parseSignedNumber(std::string_view text, bool hexAllowed) {
    while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
    while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
    const bool negative = text.starts_with('-');
    if (negative || text.starts_with('+')) text.remove_prefix(1);
    int radix = 10;
    if (hexAllowed && (text.starts_with("0x") || text.starts_with("0X"))) {
        text.remove_prefix(2);
        radix = 16;
    }
    // Digits only: from_chars would take a second sign.
    if (text.empty() || !std::all_of(text.begin(), text.end(), [radix](char digit) {
            return radix == 16 ? std::isxdigit(static_cast<unsigned char>(digit)) != 0
                               : digit >= '0' && digit <= '9';
        })) {
        return std::nullopt;
    }
    std::int64_t number = 0;
    const auto [end, error] =
        std::from_chars(text.data(), text.data() + text.size(), number, radix);
    if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return negative ? -number : number;
}

}  // namespace

std::optional<std::int64_t> parseSignedWhole(std::string_view text) {
    return parseSignedNumber(text, false);
}

std::optional<std::int64_t> parseSignedWholeOrHex(std::string_view text) {
    return parseSignedNumber(text, true);
}

std::optional<std::vector<std::int64_t>> readWholeNumberList(const std::string& name,
                                                             const YAML::Node& node,
                                                             const YAML::Mark& mark,
                                                             std::string_view expected,
                                                             std::vector<StateProblem>& problems,
                                                             NumberParser parse) {
    if (!node.IsSequence()) {
        addStateError(problems, mark, concat(name, " must be ", expected));
        return std::nullopt;
    }
    std::vector<std::int64_t> numbers;
    for (const YAML::Node& item : node) {
        const auto number = item.IsScalar() ? parse(item.Scalar()) : std::nullopt;
        if (!number) {
            addStateError(problems, item.Mark(),
                          concat(name, " must be ", expected, "; ",
                                 item.IsScalar() ? concat("'", item.Scalar(), "'") : "this",
                                 " is not a whole number"));
            return std::nullopt;
        }
        numbers.push_back(*number);
    }
    return numbers;
}

void sortByPosition(std::vector<StateProblem>& problems) {
    std::stable_sort(problems.begin(), problems.end(),
                     [](const StateProblem& left, const StateProblem& right) {
                         return std::pair(left.mark.line, left.mark.column) <
                                std::pair(right.mark.line, right.mark.column);
                     });
}

}  // namespace mlsyslab::lesson
