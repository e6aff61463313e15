#include "numeric/lesson/BitsKind.h"

#include <algorithm>
#include <iterator>
#include <optional>
#include <string>

#include "lesson/KindFields.h"
#include "numeric/BitPatternText.h"
#include "numeric/lesson/WidthField.h"

namespace mlsyslab::lesson::kinds {

namespace {

using numeric::BitPattern;

std::string rangeText(int width) {
    return concat(std::to_string(BitPattern::minSigned(width)), " to ",
                  std::to_string(BitPattern::maxUnsigned(width)));
}

// Digits with an optional sign: a number, though perhaps too large for the width.
bool isWholeNumber(std::string_view text) {
    if (text.starts_with("-") || text.starts_with("+")) text.remove_prefix(1);
    return !text.empty() && std::all_of(text.begin(), text.end(), [](char character) {
        return character >= '0' && character <= '9';
    });
}

// A decimal value may be given in the signed or in the unsigned range of the width (-42 and
// 214 are both fine in 8 bits); hex and binary strings are the bits themselves.
Result<BitPattern> parseValueText(const std::string& text, int width) {
    std::string_view trimmedText = text;
    while (!trimmedText.empty() && trimmedText.front() == ' ') trimmedText.remove_prefix(1);
    while (!trimmedText.empty() && trimmedText.back() == ' ') trimmedText.remove_suffix(1);
    const bool isHex = trimmedText.starts_with("0x") || trimmedText.starts_with("0X");
    const bool isBinary = trimmedText.starts_with("0b") || trimmedText.starts_with("0B");
    if (isHex || isBinary) {
        const auto parsed = isHex ? numeric::parseHexText(trimmedText, width)
                                  : numeric::parseBinaryText(trimmedText, width);
        if (parsed) return parsed;
        return Result<BitPattern>::failure(concat("value ", parsed.error()));
    }
    const bool negative = trimmedText.starts_with("-");
    const auto parsed = negative ? numeric::parseSignedText(trimmedText, width)
                                 : numeric::parseUnsignedText(trimmedText, width);
    if (parsed) return parsed;
    if (isWholeNumber(trimmedText)) {
        return Result<BitPattern>::failure(concat("value ", trimmedText, " does not fit in ",
                                                  std::to_string(width), " bits (",
                                                  rangeText(width), ")"));
    }
    return Result<BitPattern>::failure(
        concat("value '", trimmedText,
               "' is not an integer: write a whole number like 65 or -42, or a hex or binary "
               "string like \"0x41\" or \"0b0100_0001\""));
}

void readValue(const StateField& field, int width, BitsState& state,
               std::vector<StateProblem>& problems) {
    const YAML::Node& node = field.value;
    if (!node.IsScalar()) {
        problems.push_back({Severity::Error, field.problemMark(),
                            concat("value must be a number like 65 or a string like \"0x41\", not ",
                                   node.IsNull() ? "empty" : "a list or a map")});
        return;
    }
    const auto parsed = parseValueText(node.Scalar(), width);
    if (!parsed) {
        problems.push_back({Severity::Error, node.Mark(), parsed.error()});
        return;
    }
    state.pattern = *parsed;
}

// The value is read at the width, so it waits for it. With a wrong width, check the value
// against the widest allowed one, so that only a value that is wrong by itself gets a second
// message; the state keeps its low 8 bits.
void readValueAtWidth(const StateFields& fields, BitsState& state,
                      std::vector<StateProblem>& problems) {
    const bool widthRejected = fields.isRejected("width");
    const int width = state.pattern.width();
    const int valueWidth = widthRejected ? kBitsWidths[std::size(kBitsWidths) - 1] : width;
    state.pattern = BitPattern(valueWidth, 0);
    if (const StateField* field = fields.find("value")) readValue(*field, valueWidth, state, problems);
    state.pattern = state.pattern.resized(width);
}

}  // namespace

const KindSpec<BitsState>& bitsKind() {
    static const KindSpec<BitsState> spec{
        "bits",
        "a group of bits (4 to 32) read as unsigned, signed, hex, binary, ASCII and colour",
        "the bits state must be fields like 'width: 8' and 'value: 65', one per line",
        "",
        {
            customField<BitsState>(
                "width", "`8`", "the number of bits: `4`, `8`, `16` or `32`",
                [](const StateField& field, BitsState& state, std::vector<StateProblem>& problems) {
                    if (const auto width = readWidthField(field, kBitsWidths, problems)) {
                        state.pattern = BitPattern(*width, 0);
                    }
                }),
            ruleField<BitsState>(
                "value", "`0`",
                "the initial bits: a decimal integer in the signed or the unsigned range of the "
                "width (for 8 bits, −128 to 255: `65`, `-42`), or a string in hex (`\"0x41\"`) or "
                "binary (`\"0b01000001\"`) that fits in the width"),
        },
        readValueAtWidth};
    return spec;
}

namespace {
const BuiltinKind kBuiltin(bitsKind);
}  // namespace

}  // namespace mlsyslab::lesson::kinds
