#include "lesson/kinds/FixedKind.h"

#include <algorithm>
#include <utility>

#include "lesson/kinds/StateFields.h"
#include "numeric/BitPatternText.h"

namespace mlsyslab::lesson::kinds {

namespace {

using numeric::FixedFormat;
using numeric::OverflowMode;
using numeric::RoundingMode;
using numeric::Signedness;

const std::vector<std::string> kFieldNames = {"integer_bits", "fraction_bits", "signed",
                                              "value",        "rounding",      "overflow"};
const std::vector<std::string> kRoundingNames = {"nearest", "zero", "away", "up", "down"};
const std::vector<std::string> kOverflowNames = {"saturate", "wrap"};

// Fields are StateField: the key, the value, and where to point at a problem.
std::optional<int> readBitCount(const std::string& name, const StateField& field,
                                std::vector<StateProblem>& problems) {
    // Read the digits ourselves: yaml-cpp's integer conversion also takes octal and hex.
    const auto parsed = numeric::parseUnsignedText(scalarText(field), 64);
    if (parsed && parsed->unsignedValue() <= FixedFormat::kMaxWidth) {
        return static_cast<int>(parsed->unsignedValue());
    }
    addStateError(problems, field.problemMark(),
                  concat(name, " must be a whole number from 0 to 64"));
    return std::nullopt;
}

std::optional<RoundingMode> readRounding(const StateField& field,
                                         std::vector<StateProblem>& problems) {
    const auto name =
        readChoiceField("rounding", field.value, field.problemMark(), kRoundingNames, problems);
    return name ? numeric::findRoundingMode(*name) : std::nullopt;
}

std::optional<OverflowMode> readOverflow(const StateField& field,
                                         std::vector<StateProblem>& problems) {
    const auto name =
        readChoiceField("overflow", field.value, field.problemMark(), kOverflowNames, problems);
    return name ? overflowModeNamed(*name) : std::nullopt;
}

bool comesLater(const StateField& field, const StateField* other) {
    return other == nullptr || std::pair(field.key.Mark().line, field.key.Mark().column) >
                                   std::pair(other->key.Mark().line, other->key.Mark().column);
}

// The format from m, n and the sign; a field that is wrong keeps its default. When the fields
// are right one by one but together make no format (wider than 64 bits, or UQ0.0), the problem
// is reported at the one written last and the whole format is the default.
FixedFormat readFormat(const StateFields& fields, std::vector<StateProblem>& problems) {
    FixedFormat format;
    bool eachFieldRight = true;
    const StateField* lastField = nullptr;
    const auto readCount = [&](const std::string& name, int& count) {
        const StateField* field = fields.find(name);
        if (field == nullptr) return;
        const auto read = readBitCount(name, *field, problems);
        eachFieldRight = eachFieldRight && read;
        count = read.value_or(count);
        if (comesLater(*field, lastField)) lastField = field;
    };
    readCount("integer_bits", format.integerBits);
    readCount("fraction_bits", format.fractionBits);
    if (const StateField* field = fields.find("signed")) {
        const auto isSigned = readBooleanField("signed", *field, problems);
        eachFieldRight = eachFieldRight && isSigned;
        if (isSigned) format.signedness = *isSigned ? Signedness::Signed : Signedness::Unsigned;
        if (comesLater(*field, lastField)) lastField = field;
    }
    const auto made =
        numeric::makeFixedFormat(format.integerBits, format.fractionBits, format.signedness);
    if (made) return *made;
    // Defaults alone always make a format, so some field was given.
    if (eachFieldRight && lastField) {
        addStateError(problems, lastField->problemMark(), made.error());
    }
    return FixedFormat{};
}

void readFields(const YAML::Node& state, FixedStateReading& reading) {
    auto& problems = reading.problems;
    const StateFields fields = collectStateFields(state, "fixed", kFieldNames, problems);
    FixedState& result = reading.state;
    if (const StateField* field = fields.find("rounding")) {
        result.rules.rounding = readRounding(*field, problems).value_or(result.rules.rounding);
    }
    if (const StateField* field = fields.find("overflow")) {
        result.rules.overflow = readOverflow(*field, problems).value_or(result.rules.overflow);
    }
    result.format = readFormat(fields, problems);

    const StateField* valueField = fields.find("value");
    if (valueField == nullptr) return;
    if (!valueField->value.IsScalar()) {
        addStateError(problems, valueField->problemMark(),
                      concat("value must be a decimal number like 0.75 or -2.5625, not ",
                             valueField->value.IsNull() ? "empty" : "a list or a map"));
        return;
    }
    // Rounding and overflow are what the simulator shows, not mistakes: only text that is no
    // number is refused. With a wrong format the default one checks the text just as well.
    const std::string text = valueField->value.Scalar();
    const auto encoded = numeric::encode(result.format, text, result.rules);
    if (!encoded) {
        addStateError(problems, valueField->value.Mark(), concat("value: ", encoded.error()));
        return;
    }
    result.value = text;
}

}  // namespace

std::optional<OverflowMode> overflowModeNamed(std::string_view name) {
    for (const OverflowMode mode : {OverflowMode::Saturate, OverflowMode::Wrap}) {
        if (numeric::overflowModeName(mode) == name) return mode;
    }
    return std::nullopt;
}

FixedStateReading readFixedState(const YAML::Node& state) {
    return readStateMap<FixedStateReading>(
        state, "the fixed state must be fields like 'integer_bits: 3' "
               "and 'value: 0.75', one per line",
        readFields);
}

SimKind fixedKind() {
    return {"fixed",
            "a fixed-point number Qm.n or UQm.n (up to 64 bits): bits, binary point, rounding "
            "and overflow",
            [](const YAML::Node& state) { return readFixedState(state).problems; }};
}

}  // namespace mlsyslab::lesson::kinds
