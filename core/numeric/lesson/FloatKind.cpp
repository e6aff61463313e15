#include "numeric/lesson/FloatKind.h"

#include <array>

#include "lesson/KindFields.h"
#include "numeric/DecimalNumber.h"
#include "numeric/FloatEncode.h"

namespace mlsyslab::lesson::kinds {

namespace {

using numeric::FloatFormat;
using numeric::RoundingMode;

// Most precise first, the order of the selector and of the comparison table.
constexpr std::array kLessonFormats = {numeric::kFp32, numeric::kTf32,    numeric::kFp16,
                                       numeric::kBf16, numeric::kFp8E4M3, numeric::kFp8E5M2};

// Ties-away ("away") is left out: it is NVIDIA's TF32 conversion detail, not a lesson topic.
constexpr std::array kLessonRoundings = {RoundingMode::NearestEven, RoundingMode::TowardZero,
                                         RoundingMode::Up, RoundingMode::Down};

std::vector<std::pair<std::string, FloatFormat>> formatChoices() {
    std::vector<std::pair<std::string, FloatFormat>> choices;
    for (const FloatFormat& format : kLessonFormats) choices.emplace_back(format.name, format);
    return choices;
}

std::optional<RoundingMode> readRounding(const StateField& field,
                                         std::vector<StateProblem>& problems) {
    const auto name = readChoiceField("rounding", field.value, field.problemMark(),
                                      lessonRoundingNames(), problems);
    if (!name) return std::nullopt;
    return numeric::findRoundingMode(*name);
}

std::optional<std::uint64_t> readBits(const StateField& field, const FloatFormat& format,
                                      std::vector<StateProblem>& problems) {
    const YAML::Node& node = field.value;
    if (!node.IsScalar()) {
        addStateError(problems, field.problemMark(),
                      concat("bits must be a hex pattern like \"0x4300\", not ",
                             node.IsNull() ? "empty" : "a list or a map"));
        return std::nullopt;
    }
    const auto parsed = numeric::parseFloatBitsText(format, node.Scalar());
    if (!parsed) {
        addStateError(problems, node.Mark(), concat("bits: ", parsed.error()));
        return std::nullopt;
    }
    return *parsed;
}

// The number is read in the format, with its rounding, so value and bits wait for them.
void readNumber(const StateFields& fields, FloatState& result,
                std::vector<StateProblem>& problems) {
    const bool formatKnown = !fields.isRejected("format");

    const StateField* valueField = fields.find("value");
    const StateField* bitsField = fields.find("bits");
    // Both set the number, so with both the state keeps the default; each is still checked.
    const bool both = valueField != nullptr && bitsField != nullptr;
    if (both) {
        // Report at whichever comes second: that is the line to delete.
        const bool bitsSecond = bitsField->key.Mark().pos > valueField->key.Mark().pos;
        const StateField& second = bitsSecond ? *bitsField : *valueField;
        addStateError(problems, second.key.Mark(),
                      "give either value or bits, not both: they both set the number");
    }
    if (valueField != nullptr) {
        const std::string hexHint = "; give a bit pattern as bits: \"0x...\"";
        const auto text = readFloatValueText(*valueField, hexHint, problems);
        if (text && !both) {
            result.typedValue = *text;
            result.bits = *numeric::encodeDecimal(result.format, *text, result.options);
        }
    }
    if (bitsField != nullptr) {
        // With a wrong format, check the bits against the widest one, so that only bits that
        // are wrong by themselves get a second message; the state keeps the default number.
        const FloatFormat bitsFormat = formatKnown ? result.format : numeric::kFp32;
        const auto bits = readBits(*bitsField, bitsFormat, problems);
        if (bits && formatKnown && !both) result.bits = *bits;
    }
}

}  // namespace

std::span<const FloatFormat> lessonFloatFormats() { return kLessonFormats; }

std::optional<FloatFormat> findLessonFloatFormat(std::string_view name) {
    for (const FloatFormat& format : kLessonFormats) {
        if (format.name == name) return format;
    }
    return std::nullopt;
}

std::optional<std::string> readFloatValueText(const StateField& field, std::string_view hexHint,
                                              std::vector<StateProblem>& problems) {
    const YAML::Node& node = field.value;
    if (!node.IsScalar()) {
        addStateError(problems, field.problemMark(),
                      concat("value must be a decimal number like 3.5 or 0.1, not ",
                             node.IsNull() ? "empty" : "a list or a map"));
        return std::nullopt;
    }
    const std::string& text = node.Scalar();
    if (text.starts_with("0x") || text.starts_with("0X")) {
        addStateError(problems, node.Mark(), concat("value is a decimal number", hexHint));
        return std::nullopt;
    }
    const auto parsed = numeric::parseDecimalNumber(text);
    if (!parsed) {
        addStateError(problems, node.Mark(), concat("value: ", parsed.error()));
        return std::nullopt;
    }
    return text;
}

std::vector<std::string> lessonFloatFormatNames() {
    std::vector<std::string> names;
    for (const FloatFormat& format : kLessonFormats) names.emplace_back(format.name);
    return names;
}

std::vector<std::string> lessonRoundingNames() {
    std::vector<std::string> names;
    for (const RoundingMode mode : kLessonRoundings) {
        names.emplace_back(numeric::roundingModeName(mode));
    }
    return names;
}

const KindSpec<FloatState>& floatKind() {
    static const KindSpec<FloatState> spec{
        "float",
        "one number in a float format (fp32 to fp8): its bits, fields, formula, rounding "
        "and neighbours",
        "the float state must be fields like 'format: fp16' and 'value: 3.5', one per "
        "line",
        "",
        {
            choiceField<FloatState, FloatFormat>(
                "format", &FloatState::format, formatChoices(),
                "`fp32`, `tf32`, `fp16`, `bf16`, `fp8-e4m3` or `fp8-e5m2` (as in `mlsyslab-cli "
                "format`, [cli.md](cli.md))"),
            ruleField<FloatState>("value", "`0`",
                                  "a decimal number (`3.5`, `0.1`, `-2.5e-3`), `inf` or `nan`, "
                                  "rounded once, exactly, into the format"),
            ruleField<FloatState>("bits", "",
                                  "the pattern instead of a value: hex digits after `0x` that fit "
                                  "the format (`\"0x4300\"`)"),
            customField<FloatState>(
                "rounding", "`nearest`",
                "`nearest` (ties to even), `zero`, `up` (toward +∞) or `down` (toward −∞)",
                [](const StateField& field, FloatState& state,
                   std::vector<StateProblem>& problems) {
                    state.options.rounding =
                        readRounding(field, problems).value_or(state.options.rounding);
                }),
            customField<FloatState>("saturate", "`false`",
                                    "`true`: overflow gives the largest finite value instead of "
                                    "infinity (NVIDIA's satfinite)",
                                    [](const StateField& field, FloatState& state,
                                       std::vector<StateProblem>& problems) {
                                        state.options.saturate =
                                            readBooleanField("saturate", field, problems)
                                                .value_or(state.options.saturate);
                                    }),
        },
        readNumber};
    return spec;
}

namespace {
const BuiltinKind kBuiltin(floatKind);
}  // namespace

}  // namespace mlsyslab::lesson::kinds
