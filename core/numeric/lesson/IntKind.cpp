#include "numeric/lesson/IntKind.h"

#include <algorithm>
#include <array>
#include <iterator>
#include <string>
#include <utility>

#include "common/Concat.h"
#include "lesson/KindFields.h"
#include "numeric/BitPatternText.h"
#include "numeric/lesson/WidthField.h"

namespace mlsyslab::lesson::kinds {

namespace {

using numeric::BitPattern;
using numeric::IntegerFormat;
using numeric::IntegerOperation;
using numeric::Signedness;

struct NamedOperation {
    std::string_view name;
    IntegerOperation operation;
};
constexpr std::array<NamedOperation, 4> kOperations = {{{"add", IntegerOperation::Add},
                                                        {"sub", IntegerOperation::Subtract},
                                                        {"mul", IntegerOperation::Multiply},
                                                        {"neg", IntegerOperation::Negate}}};

// The operations as choiceField takes them.
std::vector<std::pair<std::string, IntegerOperation>> operationChoices() {
    std::vector<std::pair<std::string, IntegerOperation>> choices;
    for (const NamedOperation& known : kOperations) {
        choices.emplace_back(known.name, known.operation);
    }
    return choices;
}

// The format an operand is checked against. With a wrong width or signedness the lesson has an
// error already, so an operand is only reported when it is wrong by itself: it is checked
// against the widest width, and in either reading when the signedness is unknown.
struct OperandCheck {
    IntegerFormat format;
    bool signednessKnown = true;
};

// The operand's bits in the state's format, or nothing (and a problem).
std::optional<BitPattern> readOperand(const std::string& name, const StateField& field,
                                      const OperandCheck& check, IntegerFormat stateFormat,
                                      std::vector<StateProblem>& problems) {
    const YAML::Node& node = field.value;
    if (!node.IsScalar()) {
        addStateError(problems, field.problemMark(),
                 concat(name, " must be a whole number like 100 or -28, not ",
                        node.IsNull() ? "empty" : "a list or a map"));
        return std::nullopt;
    }
    const auto number = numeric::parseExactInteger(node.Scalar());
    if (!number) {
        addStateError(problems, node.Mark(), concat(name, ": ", number.error()));
        return std::nullopt;
    }
    IntegerFormat otherReading = check.format;
    otherReading.signedness = check.format.isSigned() ? Signedness::Unsigned : Signedness::Signed;
    if (!number->fitsIn(check.format) && (check.signednessKnown || !number->fitsIn(otherReading))) {
        // parseOperand words the message, the same one the widget shows.
        const auto refused = numeric::parseOperand(node.Scalar(), check.format);
        addStateError(problems, node.Mark(), concat(name, ": ", refused.error()));
        return std::nullopt;
    }
    return numeric::wrap(*number, stateFormat).bits;
}

// The operands are read in the format, so they wait for the width and the signedness.
void readOperands(const StateFields& fields, IntState& result,
                  std::vector<StateProblem>& problems) {
    const bool signednessKnown = !fields.isRejected("signed");
    const OperandCheck check{
        {fields.isRejected("width") ? numeric::IntegerFormat::kMaxWidth : result.format.width,
         signednessKnown ? result.format.signedness : Signedness::Signed},
        signednessKnown};
    result.a = BitPattern(result.format.width, 0);
    result.b = BitPattern(result.format.width, 1);
    if (const StateField* field = fields.find("a")) {
        result.a = readOperand("a", *field, check, result.format, problems).value_or(result.a);
    }
    if (const StateField* field = fields.find("b")) {
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

const KindSpec<IntState>& intKind() {
    static const KindSpec<IntState> spec{
        "int",
        "integer add, subtract, multiply and negate at 4 to 64 bits: flags and wrap-around",
        "the int state must be fields like 'width: 8' and 'a: 100', one per line",
        "",
        {
            customField<IntState>(
                "width", "`8`", "the register width in bits: `4`, `8`, `16`, `32` or `64`",
                [](const StateField& field, IntState& state, std::vector<StateProblem>& problems) {
                    state.format.width =
                        readWidthField(field, kIntWidths, problems).value_or(state.format.width);
                }),
            customField<IntState>(
                "signed", "`true`",
                "`true` reads the bits as two's complement, `false` as unsigned",
                [](const StateField& field, IntState& state, std::vector<StateProblem>& problems) {
                    if (const auto isSigned = readBooleanField("signed", field, problems)) {
                        state.format.signedness =
                            *isSigned ? Signedness::Signed : Signedness::Unsigned;
                    }
                }),
            choiceField<IntState, IntegerOperation>(
                "op", &IntState::operation, operationChoices(),
                "`add` (A + B), `sub` (A − B), `mul` (A × B) or `neg` (−A, computed as 0 − A)"),
            ruleField<IntState>(
                "a", "`0`",
                "a decimal whole number that fits the format (for 8 bits signed, −128 to 127)"),
            ruleField<IntState>("b", "`1`",
                                "the same; `neg` ignores it, but it is kept for when students "
                                "switch the operation"),
        },
        readOperands};
    return spec;
}

namespace {
const BuiltinKind kBuiltin(intKind);
}  // namespace

}  // namespace mlsyslab::lesson::kinds
