#include "logic/lesson/AdderKind.h"

#include <algorithm>
#include <optional>
#include <string>

#include "lesson/KindFields.h"
#include "numeric/BitPattern.h"
#include "numeric/BitPatternText.h"

namespace mlsyslab::lesson::kinds {

namespace {

using numeric::BitPattern;


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

// The operands are read at the width, so they wait for it. With a wrong width, they are
// checked against the widest adder, so that only an operand that is wrong by itself gets a
// second message; the state keeps its low bits.
void readOperands(const StateFields& fields, AdderState& state,
                  std::vector<StateProblem>& problems) {
    const int operandWidth = fields.isRejected("width") ? logic::kMaxAdderWidth : state.width;
    const std::uint64_t mask = BitPattern::mask(state.width);
    if (const StateField* field = fields.find("a")) {
        state.a = readOperand("a", *field, operandWidth, problems).value_or(0) & mask;
    }
    if (const StateField* field = fields.find("b")) {
        state.b = readOperand("b", *field, operandWidth, problems).value_or(0) & mask;
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

const KindSpec<AdderState>& adderKind() {
    using State = AdderState;
    static const KindSpec<State> spec{
        "adder",
        "an N-bit ripple-carry or carry-lookahead adder of gates, stepped as its carries settle",
        "the adder state must be fields like 'width: 8' and 'a: 5', one per line",
        "",
        {
            // As the command line spells them (logic::adderKindName).
            choiceField<State, logic::AdderKind>(
                "adder", &State::adder,
                {{"ripple", logic::AdderKind::RippleCarry},
                 {"cla", logic::AdderKind::CarryLookahead}},
                "`ripple` (ripple carry) or `cla` (carry lookahead)"),
            wholeNumberField("width", &State::width, logic::kMinAdderWidth,
                             logic::kMaxAdderWidth, "the number of bits, from `1` to `32`"),
            ruleField<State>("a", "`0`",
                             "a decimal integer in the signed or the unsigned range of the width "
                             "(for 8 bits, −128 to 255: `5`, `-3`), or a string in hex "
                             "(`\"0x05\"`) or binary (`\"0b0101\"`) that fits"),
            ruleField<State>("b", "`0`", "as `a`"),
            flagField("sub", &State::subtract,
                      "`true`: subtract, A − B = A + NOT B + 1 (the adder/subtractor: B XOR sub "
                      "into the adder, sub as the carry-in)"),
            flagField("subtract_toggle", &State::subtractToggle,
                      "`true`: the student can switch between A + B and A − B (the "
                      "adder/subtractor either way)"),
            choiceField<State, AdderStepMode>(
                "step", &State::stepMode,
                {{"time", AdderStepMode::Time}, {"bits", AdderStepMode::Bits}},
                "the stepping mode the simulator opens in: `time` or `bits`"),
            flagField("critical_path", &State::showCriticalPath,
                      "`true`: open with the critical path shaded"),
        },
        readOperands};
    return spec;
}

namespace {
const BuiltinKind kBuiltin(adderKind);
}  // namespace

}  // namespace mlsyslab::lesson::kinds
