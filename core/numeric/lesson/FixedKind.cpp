#include "numeric/lesson/FixedKind.h"

#include <algorithm>
#include <utility>

#include "lesson/KindFields.h"
#include "numeric/BitPatternText.h"

namespace mlsyslab::lesson::kinds {

namespace {

using numeric::FixedFormat;
using numeric::OverflowMode;
using numeric::RoundingMode;
using numeric::Signedness;

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

// The format from m, n and the sign, each read by its field (a wrong one keeps its default).
// When the fields are right one by one but together make no format (wider than 64 bits, or
// UQ0.0), the problem is reported at the one written last and the whole format is the default.
void checkFormat(const StateFields& fields, FixedState& result,
                 std::vector<StateProblem>& problems) {
    bool eachFieldRight = true;
    const StateField* lastField = nullptr;
    for (const std::string name : {"integer_bits", "fraction_bits", "signed"}) {
        const StateField* field = fields.find(name);
        if (field == nullptr) continue;
        eachFieldRight = eachFieldRight && !fields.isRejected(name);
        if (comesLater(*field, lastField)) lastField = field;
    }
    const FixedFormat& format = result.format;
    const auto made =
        numeric::makeFixedFormat(format.integerBits, format.fractionBits, format.signedness);
    if (made) {
        result.format = *made;
        return;
    }
    // Defaults alone always make a format, so some field was given.
    if (eachFieldRight && lastField) {
        addStateError(problems, lastField->problemMark(), made.error());
    }
    result.format = FixedFormat{};
}

// The value is encoded in the format with the rules, so it waits for them.
void readFormatAndValue(const StateFields& fields, FixedState& result,
                        std::vector<StateProblem>& problems) {
    checkFormat(fields, result, problems);
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

const KindSpec<FixedState>& fixedKind() {
    static const KindSpec<FixedState> spec{
        "fixed",
        "a fixed-point number Qm.n or UQm.n (up to 64 bits): bits, binary point, rounding "
        "and overflow",
        "the fixed state must be fields like 'integer_bits: 3' "
        "and 'value: 0.75', one per line",
        "",
        {
            customField<FixedState>("integer_bits", "`3`", "*m*, a whole number from 0 to 64",
                                    [](const StateField& field, FixedState& state,
                                       std::vector<StateProblem>& problems) {
                                        state.format.integerBits =
                                            readBitCount("integer_bits", field, problems)
                                                .value_or(state.format.integerBits);
                                    }),
            customField<FixedState>("fraction_bits", "`4`",
                                    "*n*, a whole number from 0 to 64; the format must have 1 to "
                                    "64 bits (1 + m + n signed, m + n unsigned)",
                                    [](const StateField& field, FixedState& state,
                                       std::vector<StateProblem>& problems) {
                                        state.format.fractionBits =
                                            readBitCount("fraction_bits", field, problems)
                                                .value_or(state.format.fractionBits);
                                    }),
            customField<FixedState>(
                "signed", "`true`", "`true` for Qm.n (two's complement), `false` for UQm.n",
                [](const StateField& field, FixedState& state,
                   std::vector<StateProblem>& problems) {
                    if (const auto isSigned = readBooleanField("signed", field, problems)) {
                        state.format.signedness =
                            *isSigned ? Signedness::Signed : Signedness::Unsigned;
                    }
                }),
            ruleField<FixedState>("value", "`0`",
                                  "a decimal number (`0.75`, `-2.5625`, `1e-3`); it need not fit: "
                                  "rounding and overflow are what the simulator shows"),
            customField<FixedState>(
                "rounding", "`nearest`",
                "`nearest` (ties to even), `zero` (truncate toward zero), `down` (toward −∞: what "
                "dropping low bits of a two's complement number does), `up` (toward +∞) or `away` "
                "(nearest, ties away from zero)",
                [](const StateField& field, FixedState& state,
                   std::vector<StateProblem>& problems) {
                    state.rules.rounding =
                        readRounding(field, problems).value_or(state.rules.rounding);
                }),
            customField<FixedState>(
                "overflow", "`saturate`",
                "`saturate` (clamp to the largest or smallest value) or `wrap` (keep the low bits "
                "of the rounded integer, as a C cast to a narrower integer type does)",
                [](const StateField& field, FixedState& state,
                   std::vector<StateProblem>& problems) {
                    state.rules.overflow =
                        readOverflow(field, problems).value_or(state.rules.overflow);
                }),
        },
        readFormatAndValue};
    return spec;
}

namespace {
const BuiltinKind kBuiltin(fixedKind);
}  // namespace

}  // namespace mlsyslab::lesson::kinds
