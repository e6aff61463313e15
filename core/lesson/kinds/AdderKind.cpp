#include "lesson/kinds/AdderKind.h"

#include <algorithm>
#include <optional>
#include <string>

#include "lesson/kinds/StateFields.h"
#include "numeric/BitPattern.h"
#include "numeric/BitPatternText.h"

namespace mlsyslab::lesson::kinds {

namespace {

using numeric::BitPattern;

const std::vector<std::string> kFieldNames = {
    "adder", "width", "a", "b", "sub", "subtract_toggle", "step", "critical_path",
};
// As the command line spells them (logic::adderKindName).
const std::vector<std::string> kAdderNames = {"ripple", "cla"};
const std::vector<std::string> kStepModeNames = {"time", "bits"};

std::string_view trimmed(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
    return text;
}

// Digits with an optional sign: a number, though perhaps too large for the width.
bool isWholeNumber(std::string_view text) {
    if (text.starts_with('-') || text.starts_with('+')) text.remove_prefix(1);
    return !text.empty() && std::all_of(text.begin(), text.end(), [](char character) {
        return character >= '0' && character <= '9';
    });
}

std::string rangeText(int width) {
    return concat(std::to_string(BitPattern::minSigned(width)), " to ",
                  std::to_string(BitPattern::maxUnsigned(width)));
}

std::optional<std::uint64_t> readOperand(const std::string& name, const StateField& field,
                                         int width, std::vector<StateProblem>& problems) {
    const YAML::Node& node = field.value;
    if (!node.IsScalar()) {
        addStateError(
            problems, field.problemMark(),
            concat(name, " must be a number like 5 or -3, or a string like \"0x05\", not ",
                   node.IsNull() ? "empty" : "a list or a map"));
        return std::nullopt;
    }
    const auto parsed = parseAdderOperand(node.Scalar(), width);
    if (!parsed) {
        addStateError(problems, node.Mark(), concat(name, ": ", parsed.error()));
        return std::nullopt;
    }
    return *parsed;
}

void readFields(const YAML::Node& state, AdderStateReading& reading) {
    auto& problems = reading.problems;
    const StateFields fields = collectStateFields(state, "adder", kFieldNames, problems);
    AdderState& result = reading.state;

    if (const StateField* field = fields.find("adder")) {
        const auto name =
            readChoiceField("adder", field->value, field->problemMark(), kAdderNames, problems);
        if (name) {
            result.adder =
                *name == "cla" ? logic::AdderKind::CarryLookahead : logic::AdderKind::RippleCarry;
        }
    }
    std::optional<int> width = result.width;
    if (const StateField* field = fields.find("width")) {
        const auto number = readWholeNumberField("width", *field, logic::kMinAdderWidth,
                                                 logic::kMaxAdderWidth, problems);
        width = number ? std::optional<int>(static_cast<int>(*number)) : std::nullopt;
    }
    result.width = width.value_or(result.width);
    // With a wrong width, check the operands against the widest adder, so that only an operand
    // that is wrong by itself gets a second message; the state keeps its low bits.
    const int operandWidth = width.value_or(logic::kMaxAdderWidth);
    const std::uint64_t mask = BitPattern::mask(result.width);
    if (const StateField* field = fields.find("a")) {
        result.a = readOperand("a", *field, operandWidth, problems).value_or(0) & mask;
    }
    if (const StateField* field = fields.find("b")) {
        result.b = readOperand("b", *field, operandWidth, problems).value_or(0) & mask;
    }
    if (const StateField* field = fields.find("sub")) {
        result.subtract = readBooleanField("sub", *field, problems).value_or(false);
    }
    if (const StateField* field = fields.find("subtract_toggle")) {
        result.subtractToggle =
            readBooleanField("subtract_toggle", *field, problems).value_or(false);
    }
    if (const StateField* field = fields.find("step")) {
        const auto name =
            readChoiceField("step", field->value, field->problemMark(), kStepModeNames, problems);
        if (name) result.stepMode = *name == "bits" ? AdderStepMode::Bits : AdderStepMode::Time;
    }
    if (const StateField* field = fields.find("critical_path")) {
        result.showCriticalPath =
            readBooleanField("critical_path", *field, problems).value_or(false);
    }
}

}  // namespace

std::string_view stepModeName(AdderStepMode mode) {
    return mode == AdderStepMode::Bits ? "bits" : "time";
}

Result<std::uint64_t> parseAdderOperand(std::string_view text, int width) {
    const std::string_view shown = trimmed(text);
    const bool isHex = shown.starts_with("0x") || shown.starts_with("0X");
    const bool isBinary = shown.starts_with("0b") || shown.starts_with("0B");
    if (isHex || isBinary) {
        const auto parsed =
            isHex ? numeric::parseHexText(shown, width) : numeric::parseBinaryText(shown, width);
        if (parsed) return parsed->bits();
        return Result<std::uint64_t>::failure(parsed.error());
    }
    if (shown.empty()) {
        return Result<std::uint64_t>::failure(concat("type a number from ", rangeText(width)));
    }
    // Either reading of the bits is fine: 255 and -1 are the same eight ones.
    const bool negative = shown.starts_with('-');
    const auto parsed = negative ? numeric::parseSignedText(shown, width)
                                 : numeric::parseUnsignedText(shown, width);
    if (parsed) return parsed->bits();
    if (isWholeNumber(shown)) {
        std::string_view digits = shown;
        if (digits.starts_with('+')) digits.remove_prefix(1);
        return Result<std::uint64_t>::failure(
            concat(digits, " does not fit in ", std::to_string(width),
                   width == 1 ? " bit (" : " bits (", rangeText(width), ")"));
    }
    return Result<std::uint64_t>::failure(parsed.error());
}

AdderStateReading readAdderState(const YAML::Node& state) {
    return readStateMap<AdderStateReading>(
        state, "the adder state must be fields like 'width: 8' and 'a: 5', one per line",
        readFields);
}

SimKind adderKind() {
    return {
        "adder",
        "an N-bit ripple-carry or carry-lookahead adder of gates, stepped as its carries settle",
        [](const YAML::Node& state) { return readAdderState(state).problems; }};
}

}  // namespace mlsyslab::lesson::kinds
