#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "lesson/KindSpec.h"

namespace mlsyslab::lesson {

// The typed fields a kind declares its schema with. Each one reads and checks its value with
// the shared readers of lesson/StateFields.h, takes its default from the state type's own
// initializer (so the docs cannot disagree with the code), and names its range or choices.

namespace kind_fields_detail {

inline std::string code(const std::string& text) { return "`" + text + "`"; }

}  // namespace kind_fields_detail

// true or false.
template <typename State>
KindField<State> flagField(std::string name, bool State::*member, std::string doc) {
    FieldSchema schema;
    schema.name = name;
    schema.type = FieldType::Flag;
    schema.defaultText = State{}.*member ? "`true`" : "`false`";
    schema.doc = std::move(doc);
    return {std::move(schema),
            [name, member](const StateField& field, State& state,
                           std::vector<StateProblem>& problems) {
                if (const auto value = readBooleanField(name, field, problems)) {
                    state.*member = *value;
                }
            }};
}

// Decimal digits from minimum to maximum ("width must be a whole number from 1 to 32").
template <typename State, typename Number>
KindField<State> wholeNumberField(std::string name, Number State::*member, std::uint64_t minimum,
                                  std::uint64_t maximum, std::string doc) {
    FieldSchema schema;
    schema.name = name;
    schema.type = FieldType::WholeNumber;
    schema.defaultText = kind_fields_detail::code(std::to_string(State{}.*member));
    schema.doc = std::move(doc);
    schema.minimum = minimum;
    schema.maximum = maximum;
    return {std::move(schema),
            [name, member, minimum, maximum](const StateField& field, State& state,
                                             std::vector<StateProblem>& problems) {
                if (const auto value =
                        readWholeNumberField(name, field, minimum, maximum, problems)) {
                    state.*member = static_cast<Number>(*value);
                }
            }};
}

// One of a list of names, each standing for a value ("adder must be ripple or cla", with
// "did you mean" when the text is close to one).
template <typename State, typename Value>
KindField<State> choiceField(std::string name, Value State::*member,
                             std::vector<std::pair<std::string, Value>> choices, std::string doc) {
    FieldSchema schema;
    schema.name = name;
    schema.type = FieldType::Choice;
    schema.doc = std::move(doc);
    const Value byDefault = State{}.*member;
    for (const auto& [choiceName, value] : choices) {
        schema.choices.push_back(choiceName);
        if (value == byDefault) schema.defaultText = kind_fields_detail::code(choiceName);
    }
    return {std::move(schema),
            [name, member, choices](const StateField& field, State& state,
                                    std::vector<StateProblem>& problems) {
                std::vector<std::string> names;
                for (const auto& choice : choices) names.push_back(choice.first);
                const auto chosen =
                    readChoiceField(name, field.value, field.problemMark(), names, problems);
                if (!chosen) return;
                for (const auto& [choiceName, value] : choices) {
                    if (choiceName == *chosen) state.*member = value;
                }
            }};
}

// A choice whose values are the names themselves.
template <typename State>
KindField<State> choiceField(std::string name, std::string State::*member,
                             const std::vector<std::string>& choices, std::string doc) {
    std::vector<std::pair<std::string, std::string>> named;
    for (const std::string& choice : choices) named.emplace_back(choice, choice);
    return choiceField(std::move(name), member, std::move(named), std::move(doc));
}

// A field the kind reads with its own code: a list, a nested map, a value whose meaning
// depends on another field, or a message of its own.
template <typename State>
KindField<State> customField(std::string name, std::string defaultText, std::string doc,
                             FieldReader<State> read) {
    FieldSchema schema;
    schema.name = std::move(name);
    schema.defaultText = std::move(defaultText);
    schema.doc = std::move(doc);
    return {std::move(schema), std::move(read)};
}

// A field read by the kind's cross-field rules, because it needs another field first.
template <typename State>
KindField<State> ruleField(std::string name, std::string defaultText, std::string doc) {
    return customField<State>(std::move(name), std::move(defaultText), std::move(doc), nullptr);
}

}  // namespace mlsyslab::lesson
