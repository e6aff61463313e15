#include "lesson/kinds/IntKind.h"

#include <algorithm>
#include <array>
#include <iterator>
#include <map>
#include <string>
#include <utility>

#include "common/Concat.h"
#include "common/Suggestion.h"
#include "lesson/kinds/StateFields.h"
#include "numeric/BitPatternText.h"

namespace mlsyslab::lesson::kinds {

namespace {

using numeric::BitPattern;
using numeric::IntegerFormat;
using numeric::IntegerOperation;
using numeric::Signedness;

const std::vector<std::string> kFieldNames = {"width", "signed", "op", "a", "b"};

struct NamedOperation {
    std::string_view name;
    IntegerOperation operation;
};
constexpr std::array<NamedOperation, 4> kOperations = {{{"add", IntegerOperation::Add},
                                                        {"sub", IntegerOperation::Subtract},
                                                        {"mul", IntegerOperation::Multiply},
                                                        {"neg", IntegerOperation::Negate}}};

bool isAllowedWidth(int width) {
    return std::find(std::begin(kIntWidths), std::end(kIntWidths), width) != std::end(kIntWidths);
}

// One "name: value" line. An optional<Field>, not a default YAML::Node, marks a missing field:
// assigning to a YAML::Node writes through to the node it refers to.
struct Field {
    YAML::Node key;
    YAML::Node value;
    // An empty value ("width:") has its mark on the next line, so point at the name instead.
    YAML::Mark problemMark() const { return value.IsNull() ? key.Mark() : value.Mark(); }
};

struct Fields {
    std::map<std::string, Field> byName;
    const Field* find(const std::string& name) const {
        const auto found = byName.find(name);
        return found == byName.end() ? nullptr : &found->second;
    }
};

void addError(std::vector<StateProblem>& problems, YAML::Mark mark, std::string message) {
    problems.push_back({Severity::Error, mark, std::move(message)});
}

std::optional<int> readWidth(const Field& field, std::vector<StateProblem>& problems) {
    const YAML::Node& node = field.value;
    if (node.IsScalar()) {
        // Read the digits ourselves: yaml-cpp's integer conversion also takes octal and hex.
        const auto parsed = numeric::parseUnsignedText(node.Scalar(), 64);
        if (parsed && parsed->unsignedValue() <= 64 &&
            isAllowedWidth(static_cast<int>(parsed->unsignedValue()))) {
            return static_cast<int>(parsed->unsignedValue());
        }
    }
    addError(problems, field.problemMark(), "width must be 4, 8, 16, 32 or 64");
    return std::nullopt;
}

std::optional<Signedness> readSignedness(const Field& field, std::vector<StateProblem>& problems) {
    // YAML 1.2's booleans only: "yes" and "on" are booleans to some parsers and text to others.
    const std::string text = field.value.IsScalar() ? field.value.Scalar() : std::string();
    if (text == "true" || text == "True" || text == "TRUE") return Signedness::Signed;
    if (text == "false" || text == "False" || text == "FALSE") return Signedness::Unsigned;
    addError(problems, field.problemMark(), "signed must be true or false");
    return std::nullopt;
}

std::optional<IntegerOperation> readOperation(const Field& field,
                                              std::vector<StateProblem>& problems) {
    const std::string name = field.value.IsScalar() ? field.value.Scalar() : std::string();
    if (const auto operation = operationNamed(name)) return operation;
    std::string message = "op must be add, sub, mul or neg";
    std::vector<std::string> names;
    for (const NamedOperation& known : kOperations) names.emplace_back(known.name);
    if (const auto suggestion = closestMatch(name, names)) {
        message += concat("; did you mean '", *suggestion, "'?");
    }
    addError(problems, field.problemMark(), std::move(message));
    return std::nullopt;
}

// The format an operand is checked against. With a wrong width or signedness the lesson has an
// error already, so an operand is only reported when it is wrong by itself: it is checked
// against the widest width, and in either reading when the signedness is unknown.
struct OperandCheck {
    IntegerFormat format;
    bool signednessKnown = true;
};

// The operand's bits in the state's format, or nothing (and a problem).
std::optional<BitPattern> readOperand(const std::string& name, const Field& field,
                                      const OperandCheck& check, IntegerFormat stateFormat,
                                      std::vector<StateProblem>& problems) {
    const YAML::Node& node = field.value;
    if (!node.IsScalar()) {
        addError(problems, field.problemMark(),
                 concat(name, " must be a whole number like 100 or -28, not ",
                        node.IsNull() ? "empty" : "a list or a map"));
        return std::nullopt;
    }
    const auto number = numeric::parseExactInteger(node.Scalar());
    if (!number) {
        addError(problems, node.Mark(), concat(name, ": ", number.error()));
        return std::nullopt;
    }
    IntegerFormat otherReading = check.format;
    otherReading.signedness = check.format.isSigned() ? Signedness::Unsigned : Signedness::Signed;
    if (!number->fitsIn(check.format) && (check.signednessKnown || !number->fitsIn(otherReading))) {
        // parseOperand words the message, the same one the widget shows.
        const auto refused = numeric::parseOperand(node.Scalar(), check.format);
        addError(problems, node.Mark(), concat(name, ": ", refused.error()));
        return std::nullopt;
    }
    return numeric::wrap(*number, stateFormat).bits;
}

void warnUnknownField(const YAML::Node& key, std::vector<StateProblem>& problems) {
    const std::string name = key.IsScalar() ? key.Scalar() : std::string("?");
    std::string message = concat("unknown int field '", name, "'");
    if (const auto suggestion = closestMatch(name, kFieldNames)) {
        message += concat("; did you mean '", *suggestion, "'?");
    } else {
        message += " (int has the fields width, signed, op, a and b)";
    }
    problems.push_back({Severity::Warning, key.Mark(), message});
}

Fields collectFields(const YAML::Node& state, std::vector<StateProblem>& problems) {
    Fields fields;
    for (const auto& entry : state) {
        const YAML::Node& key = entry.first;
        const std::string name = key.IsScalar() ? key.Scalar() : std::string();
        if (std::find(kFieldNames.begin(), kFieldNames.end(), name) == kFieldNames.end()) {
            warnUnknownField(key, problems);
            continue;
        }
        if (!fields.byName.emplace(name, Field{key, entry.second}).second) {
            addError(problems, key.Mark(), concat("int field '", name, "' is given twice"));
        }
    }
    return fields;
}

void readFields(const YAML::Node& state, IntStateReading& reading) {
    auto& problems = reading.problems;
    const Fields fields = collectFields(state, problems);
    IntState& result = reading.state;

    std::optional<int> width = result.format.width;
    if (const Field* field = fields.find("width")) width = readWidth(*field, problems);
    std::optional<Signedness> signedness = result.format.signedness;
    if (const Field* field = fields.find("signed")) signedness = readSignedness(*field, problems);
    if (const Field* field = fields.find("op")) {
        result.operation = readOperation(*field, problems).value_or(result.operation);
    }

    result.format = {width.value_or(result.format.width),
                     signedness.value_or(result.format.signedness)};
    const OperandCheck check{{width.value_or(numeric::IntegerFormat::kMaxWidth),
                              signedness.value_or(Signedness::Signed)},
                             signedness.has_value()};
    result.a = BitPattern(result.format.width, 0);
    result.b = BitPattern(result.format.width, 1);
    if (const Field* field = fields.find("a")) {
        result.a = readOperand("a", *field, check, result.format, problems).value_or(result.a);
    }
    if (const Field* field = fields.find("b")) {
        result.b = readOperand("b", *field, check, result.format, problems).value_or(result.b);
    }
}

}  // namespace

std::string_view operationName(IntegerOperation operation) {
    for (const NamedOperation& known : kOperations) {
        if (known.operation == operation) return known.name;
    }
    return kOperations[0].name;
}

std::optional<IntegerOperation> operationNamed(std::string_view name) {
    for (const NamedOperation& known : kOperations) {
        if (known.name == name) return known.operation;
    }
    return std::nullopt;
}

IntStateReading readIntState(const YAML::Node& state) {
    return readStateMap<IntStateReading>(
        state, "the int state must be fields like 'width: 8' and 'a: 100', one per line",
        readFields);
}

SimKind intKind() {
    return {"int",
            "integer add, subtract, multiply and negate at 4 to 64 bits: flags and wrap-around",
            [](const YAML::Node& state) { return readIntState(state).problems; }};
}

}  // namespace mlsyslab::lesson::kinds
