#include "lesson/kinds/BitsKind.h"

#include <algorithm>
#include <iterator>
#include <optional>
#include <set>
#include <string>

#include "common/Suggestion.h"
#include "lesson/kinds/StateFields.h"
#include "numeric/BitPatternText.h"

namespace mlsyslab::lesson::kinds {

namespace {

using numeric::BitPattern;

constexpr int kDefaultWidth = 8;
const std::vector<std::string> kFieldNames = {"width", "value"};

std::string allowedWidthsMessage() { return "width must be 4, 8, 16 or 32"; }

bool isAllowedWidth(int width) {
    return std::find(std::begin(kBitsWidths), std::end(kBitsWidths), width) !=
           std::end(kBitsWidths);
}

std::string rangeText(int width) {
    return concat(std::to_string(BitPattern::minSigned(width)), " to ",
                  std::to_string(BitPattern::maxUnsigned(width)));
}

// One "name: value" line. An optional<Field>, not a default YAML::Node, marks a missing field:
// assigning to a YAML::Node writes through to the node it refers to.
struct Field {
    YAML::Node key;
    YAML::Node value;
    // An empty value ("width:") has its mark on the next line, so point at the name instead.
    YAML::Mark problemMark() const { return value.IsNull() ? key.Mark() : value.Mark(); }
};

// The width field, or nothing (and a problem) when it is not one of the allowed widths.
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
    problems.push_back({Severity::Error, field.problemMark(), allowedWidthsMessage()});
    return std::nullopt;
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

void readValue(const Field& field, int width, BitsState& state,
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

void warnUnknownField(const YAML::Node& key, std::vector<StateProblem>& problems) {
    const std::string name = key.IsScalar() ? key.Scalar() : std::string("?");
    std::string message = concat("unknown bits field '", name, "'");
    if (const auto suggestion = closestMatch(name, kFieldNames)) {
        message += concat("; did you mean '", *suggestion, "'?");
    } else {
        message += " (bits has the fields 'width' and 'value')";
    }
    problems.push_back({Severity::Warning, key.Mark(), message});
}

void readFields(const YAML::Node& state, BitsStateReading& reading) {
    std::optional<Field> widthField;
    std::optional<Field> valueField;
    std::set<std::string> seen;
    for (const auto& field : state) {
        const YAML::Node& key = field.first;
        const std::string name = key.IsScalar() ? key.Scalar() : std::string();
        if (name != "width" && name != "value") {
            warnUnknownField(key, reading.problems);
            continue;
        }
        if (!seen.insert(name).second) {
            reading.problems.push_back(
                {Severity::Error, key.Mark(), concat("bits field '", name, "' is given twice")});
            continue;
        }
        (name == "width" ? widthField : valueField).emplace(Field{key, field.second});
    }

    std::optional<int> width = kDefaultWidth;
    if (widthField) width = readWidth(*widthField, reading.problems);
    // With a wrong width, check the value against the widest allowed one, so that only a value
    // that is wrong by itself gets a second message; the state keeps its low 8 bits.
    const int valueWidth = width.value_or(kBitsWidths[std::size(kBitsWidths) - 1]);
    reading.state.pattern = BitPattern(valueWidth, 0);
    if (valueField) readValue(*valueField, valueWidth, reading.state, reading.problems);
    reading.state.pattern = reading.state.pattern.resized(width.value_or(kDefaultWidth));
}

}  // namespace

BitsStateReading readBitsState(const YAML::Node& state) {
    return readStateMap<BitsStateReading>(
        state, "the bits state must be fields like 'width: 8' and 'value: 65', one per line",
        readFields);
}

SimKind bitsKind() {
    return {"bits",
            "a group of bits (4 to 32) read as unsigned, signed, hex, binary, ASCII and colour",
            [](const YAML::Node& state) { return readBitsState(state).problems; }};
}

}  // namespace mlsyslab::lesson::kinds
