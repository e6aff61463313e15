#include "pyvm/FormatSpec.h"

#include "common/Concat.h"
#include "pyvm/Numbers.h"
#include "pyvm/Operations.h"
#include "pyvm/Repr.h"
#include "pyvm/SourceCharacters.h"
#include "pyvm/Utf8.h"

namespace mlsyslab::pyvm {
namespace {

bool isAlign(char32_t c) { return c == U'<' || c == U'>' || c == U'^' || c == U'='; }

// Digits of width or precision; false when there are none.
bool readNumber(std::string_view spec, std::size_t& position, std::int64_t& out) {
    const std::size_t start = position;
    std::int64_t value = 0;
    while (position < spec.size() && spec[position] >= '0' && spec[position] <= '9') {
        if (value < 1'000'000'000) value = value * 10 + (spec[position] - '0');
        ++position;
    }
    out = value;
    return position > start;
}

std::string typeCharacterText(char type) {
    if (type >= 0x20 && type < 0x7F) return std::string(1, type);
    char buffer[8];
    std::snprintf(buffer, sizeof buffer, "\\x%x",
                  static_cast<unsigned>(static_cast<unsigned char>(type)));
    return buffer;
}

Value formatStr(Runtime& runtime, const Value& value, FormatSpec spec) {
    if (spec.type != 0 && spec.type != 's') {
        return runtime.raise("ValueError",
                             concat("Unknown format code '", typeCharacterText(spec.type),
                                    "' for object of type 'str'"));
    }
    if (spec.sign == ' ')
        return runtime.raise("ValueError", "Space not allowed in string format specifier");
    if (spec.sign != 0)
        return runtime.raise("ValueError", "Sign not allowed in string format specifier");
    if (spec.noNegativeZero) {
        return runtime.raise("ValueError",
                             "Negative zero coercion (z) not allowed in string format specifier");
    }
    if (spec.alternate)
        return runtime.raise("ValueError",
                             "Alternate form (#) not allowed in string format specifier");
    if (spec.align == '=')
        return runtime.raise("ValueError", "'=' alignment not allowed in string format specifier");
    if (spec.grouping != 0) {
        return runtime.raise(
            "ValueError", concat("Cannot specify '", std::string(1, spec.grouping), "' with 's'."));
    }
    const StrObject& text = value.as<StrObject>();
    std::string_view shown = text.text;
    std::int64_t length = text.length;
    if (spec.precision >= 0 && spec.precision < length) {
        shown = std::string_view(text.text).substr(0, byteOffset(text, spec.precision));
        length = spec.precision;
    }
    if (spec.width <= length) return spec.precision >= 0 ? newStr(std::string(shown)) : value;
    return newStr(alignText(shown, length, spec, '<'));
}

}  // namespace

bool parseFormatSpec(Runtime& runtime, std::string_view spec, std::string_view typeForErrors,
                     FormatSpec& out) {
    std::size_t position = 0;
    // A fill is any one character before an alignment character.
    if (!spec.empty()) {
        const DecodedCharacter first = decodeCharacter(spec, 0);
        if (first.lengthBytes < spec.size() &&
            isAlign(static_cast<unsigned char>(spec[first.lengthBytes]))) {
            out.fill = first.codePoint;
            out.fillGiven = true;
            out.align = spec[first.lengthBytes];
            position = first.lengthBytes + 1;
        } else if (isAlign(static_cast<unsigned char>(spec[0]))) {
            out.align = spec[0];
            position = 1;
        }
    }
    if (position < spec.size() &&
        (spec[position] == '+' || spec[position] == '-' || spec[position] == ' ')) {
        out.sign = spec[position++];
    }
    if (position < spec.size() && spec[position] == 'z') {
        out.noNegativeZero = true;
        ++position;
    }
    if (position < spec.size() && spec[position] == '#') {
        out.alternate = true;
        ++position;
    }
    if (!out.fillGiven && position < spec.size() && spec[position] == '0') {
        out.fill = U'0';
        out.fillGiven = true;
        if (out.align == 0) out.align = 'Z';  // '=' for numbers, the default for str: decided later
        ++position;
    }
    std::int64_t number;
    if (readNumber(spec, position, number)) out.width = number;
    if (position < spec.size() && (spec[position] == ',' || spec[position] == '_')) {
        out.grouping = spec[position++];
        if (position < spec.size() && (spec[position] == ',' || spec[position] == '_')) {
            runtime.raise("ValueError", "Cannot specify both ',' and '_'.");
            return false;
        }
    }
    if (position < spec.size() && spec[position] == '.') {
        ++position;
        if (!readNumber(spec, position, number)) {
            runtime.raise("ValueError", "Format specifier missing precision");
            return false;
        }
        out.precision = number;
    }
    if (spec.size() - position > 1) {
        runtime.raise("ValueError", concat("Invalid format specifier '", spec,
                                           "' for object of type '", typeForErrors, "'"));
        return false;
    }
    if (position < spec.size()) out.type = spec[position];
    if (out.grouping != 0) {
        const std::string_view allowed = out.grouping == '_' ? "deEfFgG%bxXo" : "deEfFgG%";
        if (out.type != 0 && allowed.find(out.type) == std::string_view::npos) {
            runtime.raise("ValueError", concat("Cannot specify '", std::string(1, out.grouping),
                                               "' with '", typeCharacterText(out.type), "'."));
            return false;
        }
    }
    return true;
}

std::string alignText(std::string_view text, std::int64_t lengthCodePoints, const FormatSpec& spec,
                      char defaultAlign) {
    if (spec.width <= lengthCodePoints) return std::string(text);
    const std::int64_t padding = spec.width - lengthCodePoints;
    char align = spec.align == 0 || spec.align == 'Z' ? defaultAlign : spec.align;
    const std::int64_t left = align == '>' ? padding : (align == '^' ? padding / 2 : 0);
    const std::string fill = utf8Of(spec.fill);
    std::string out;
    for (std::int64_t i = 0; i < left; ++i) out += fill;
    out += text;
    for (std::int64_t i = left; i < padding; ++i) out += fill;
    return out;
}

Value formatValue(Runtime& runtime, const Value& value, std::string_view spec) {
    switch (value.kind()) {
        case Kind::Str: {
            if (spec.empty()) return value;
            FormatSpec parsed;
            if (!parseFormatSpec(runtime, spec, "str", parsed)) return Value();
            return formatStr(runtime, value, parsed);
        }
        case Kind::Int:
        case Kind::Bool: {
            if (spec.empty()) return newStr(str(runtime, value));
            FormatSpec parsed;
            if (!parseFormatSpec(runtime, spec, typeName(value), parsed)) return Value();
            return formatInt(runtime, value.asInt(), parsed, typeName(value));
        }
        case Kind::Float: {
            if (spec.empty()) return newStr(floatRepr(value.asFloat()));
            FormatSpec parsed;
            if (!parseFormatSpec(runtime, spec, "float", parsed)) return Value();
            return formatFloat(runtime, value.asFloat(), parsed);
        }
        default:
            if (!spec.empty()) {
                return runtime.raise("TypeError", concat("unsupported format string passed to ",
                                                         typeName(value), ".__format__"));
            }
            return newStr(str(runtime, value));
    }
}

Value convertForFormat(Runtime& runtime, const Value& value, int conversion) {
    switch (conversion) {
        case 's':
            return value.kind() == Kind::Str ? value : newStr(str(runtime, value));
        case 'r':
            return newStr(repr(runtime, value));
        case 'a': {
            const std::string text = repr(runtime, value);
            std::string ascii;
            for (std::size_t position = 0; position < text.size();) {
                const DecodedCharacter character = decodeCharacter(text, position);
                const char32_t c = character.codePoint;
                char buffer[16];
                if (c < 0x80) {
                    ascii += static_cast<char>(c);
                } else {
                    if (c <= 0xFF)
                        std::snprintf(buffer, sizeof buffer, "\\x%02x", static_cast<unsigned>(c));
                    else if (c <= 0xFFFF)
                        std::snprintf(buffer, sizeof buffer, "\\u%04x", static_cast<unsigned>(c));
                    else
                        std::snprintf(buffer, sizeof buffer, "\\U%08x", static_cast<unsigned>(c));
                    ascii += buffer;
                }
                position += character.lengthBytes;
            }
            return newStr(std::move(ascii));
        }
        default:
            return value;
    }
}

}  // namespace mlsyslab::pyvm
