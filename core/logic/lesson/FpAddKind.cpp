#include "logic/lesson/FpAddKind.h"

#include <algorithm>
#include <array>

#include "lesson/KindFields.h"
#include "logic/FloatAdderText.h"
#include "numeric/FloatConversion.h"
#include "numeric/FloatDecode.h"
#include "numeric/FloatEncode.h"

namespace mlsyslab::lesson::kinds {

namespace {

using logic::FloatAdderStage;
using numeric::FloatFormat;

// The formats of the adder: half and single precision.
constexpr std::array kFormats = {numeric::kFp16, numeric::kFp32};

// Datapath order, Special last: it replaces the five middle stages when it happens.
constexpr std::array kStages = {
    FloatAdderStage::Unpack,    FloatAdderStage::CompareAndSwap,
    FloatAdderStage::Align,     FloatAdderStage::AddSignificands,
    FloatAdderStage::Normalize, FloatAdderStage::Round,
    FloatAdderStage::Pack,      FloatAdderStage::Special,
};

// The seed's example, 2.5 + 1.25 = 3.75.
constexpr std::string_view kDefaultA = "2.5";
constexpr std::string_view kDefaultB = "1.25";

std::string_view trimmed(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
    return text;
}

std::optional<FpAddOperand> readOperand(const std::string& name, const StateField& field,
                                        const FloatFormat& format,
                                        std::vector<StateProblem>& problems) {
    const YAML::Node& node = field.value;
    if (!node.IsScalar()) {
        addStateError(problems, field.problemMark(),
                      concat(name,
                             " must be a decimal number like 2.5 or a pattern like 0x4100, "
                             "not ",
                             node.IsNull() ? "empty" : "a list or a map"));
        return std::nullopt;
    }
    const auto parsed = parseFpAddOperand(format, node.Scalar());
    if (!parsed) {
        addStateError(problems, node.Mark(), concat(name, ": ", parsed.error()));
        return std::nullopt;
    }
    return *parsed;
}

// The choices of the format and step fields, by their lesson names.
std::vector<std::pair<std::string, FloatFormat>> formatChoices() {
    std::vector<std::pair<std::string, FloatFormat>> choices;
    for (const FloatFormat& format : kFormats) choices.emplace_back(format.name, format);
    return choices;
}

std::vector<std::pair<std::string, FloatAdderStage>> stepChoices() {
    std::vector<std::pair<std::string, FloatAdderStage>> choices;
    for (const FloatAdderStage stage : kStages) {
        choices.emplace_back(logic::floatAdderStageKey(stage), stage);
    }
    return choices;
}

// A step the addition never takes is an error: a NaN or an infinity skips the arithmetic, and
// numbers never reach the special case.
bool checkStepHappens(const StateField& field, const FpAddState& state,
                      std::vector<StateProblem>& problems) {
    const auto adder = logic::FloatAdder::create(state.format);
    if (!adder) return false;
    const logic::FloatAdditionTrace trace = adder->trace(state.a.bits, state.b.bits);
    std::vector<std::string> taken;
    for (const logic::FloatAdderStep& step : trace.steps) {
        if (step.stage == state.openAt) return true;
        taken.emplace_back(logic::floatAdderStageKey(step.stage));
    }
    const std::string reason =
        state.openAt == FloatAdderStage::Special
            ? std::string("only a NaN or an infinity operand takes the special case")
            : std::string("a NaN or an infinity operand needs no arithmetic");
    addStateError(problems, field.value.Mark(),
                  concat("step ", logic::floatAdderStageKey(state.openAt),
                         " does not happen in this addition: ", reason, "; its steps are ",
                         listInWords(taken, "and")));
    return false;
}

// The operands are read in the format, and whether the step happens depends on them.
void readOperandsAndCheckStep(const StateFields& fields, FpAddState& result,
                              std::vector<StateProblem>& problems) {
    const bool formatKnown = !fields.isRejected("format");
    // The defaults are typed decimals: in fp32 they are rounded again from the text.
    result.a = convertFpAddOperand(result.a, numeric::kFp16, result.format);
    result.b = convertFpAddOperand(result.b, numeric::kFp16, result.format);

    // With a wrong format, check the operands against fp32, the wider one, so that only an
    // operand that is wrong by itself gets a second message; the state keeps its defaults.
    const FloatFormat operandFormat = formatKnown ? result.format : numeric::kFp32;
    bool operandsRead = true;
    for (const auto& [name, operand] : {std::pair{"a", &result.a}, std::pair{"b", &result.b}}) {
        const StateField* field = fields.find(name);
        if (field == nullptr) continue;
        const auto read = readOperand(name, *field, operandFormat, problems);
        if (read && formatKnown) {
            *operand = *read;
        } else {
            operandsRead = false;
        }
    }
    // Only judge the step on real operands; one that does not happen opens at the first step.
    const StateField* step = fields.find("step");
    if (step != nullptr && !fields.isRejected("step") && formatKnown && operandsRead &&
        !checkStepHappens(*step, result, problems)) {
        result.openAt = FloatAdderStage::Unpack;
    }
}

}  // namespace

FpAddState::FpAddState()
    : a{*numeric::encodeDecimal(numeric::kFp16, kDefaultA), std::string(kDefaultA)},
      b{*numeric::encodeDecimal(numeric::kFp16, kDefaultB), std::string(kDefaultB)} {}

std::vector<std::string> fpAddFormatNames() {
    std::vector<std::string> names;
    for (const FloatFormat& format : kFormats) names.emplace_back(format.name);
    return names;
}

std::optional<FloatFormat> findFpAddFormat(std::string_view name) {
    for (const FloatFormat& format : kFormats) {
        if (format.name == name) return format;
    }
    return std::nullopt;
}

Result<FpAddOperand> parseFpAddOperand(const FloatFormat& format, std::string_view text) {
    const std::string_view shown = trimmed(text);
    using Failure = Result<FpAddOperand>;
    if (shown.empty()) {
        return Failure::failure(
            concat("type a decimal like 2.5, inf or nan, or a pattern like ",
                   numeric::floatBitsText(format, format.minNormalMagnitude())));
    }
    if (shown.starts_with("0x") || shown.starts_with("0X")) {
        const auto bits = numeric::parseFloatBitsText(format, shown);
        if (!bits) return Failure::failure(bits.error());
        return FpAddOperand{*bits, std::nullopt};
    }
    const auto bits = numeric::encodeDecimal(format, shown);
    if (!bits) return Failure::failure(bits.error());
    return FpAddOperand{*bits, std::string(shown)};
}

FpAddOperand convertFpAddOperand(const FpAddOperand& operand, const FloatFormat& from,
                                 const FloatFormat& to) {
    if (from == to) return operand;
    // A pattern stands for its exact value, every digit of it, which becomes the typed text.
    const std::string text =
        operand.typedValue
            ? *operand.typedValue
            : numeric::exactDecimalText(numeric::decodeFloat(from, operand.bits).value);
    return FpAddOperand{*numeric::encodeDecimal(to, text), text};
}

const KindSpec<FpAddState>& fpAddKind() {
    static const KindSpec<FpAddState> spec{
        "fp-add",
        "floating-point addition in hardware, step by step (compare exponents, align, add, "
        "normalize, round) for fp16 and fp32",
        "the fp-add state must be fields like 'format: fp16' and 'a: 2.5', one per line",
        "",
        {
            choiceField<FpAddState, FloatFormat>("format", &FpAddState::format, formatChoices(),
                                                 "`fp16` or `fp32`"),
            ruleField<FpAddState>(
                "a", "`2.5`",
                "a decimal number (`2.5`, `0.1`, `-1e-5`), `inf` or `nan`, rounded to nearest, "
                "ties to even, into the format; or a pattern of the format in hex (`0x4100`)"),
            ruleField<FpAddState>("b", "`1.25`", "as `a`"),
            // Whether the step happens in this addition is checked with the operands.
            choiceField<FpAddState, FloatAdderStage>(
                "step", &FpAddState::openAt, stepChoices(),
                "the step the simulator opens at: `unpack`, `compare-and-swap`, `align`, "
                "`add-significands`, `normalize`, `round`, `pack` or `special`, as `mlsyslab-cli "
                "logic fpadd --steps` names them"),
            flagField("hardware", &FpAddState::hardware,
                      "`true`: show the gate counts and depths next to the integer adder"),
        },
        readOperandsAndCheckStep};
    return spec;
}

namespace {
const BuiltinKind kBuiltin(fpAddKind);
}  // namespace

}  // namespace mlsyslab::lesson::kinds
