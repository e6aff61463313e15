#include "common/Concat.h"
#include "pyvm/Arguments.h"
#include "pyvm/CharacterClasses.h"
#include "pyvm/Methods.h"
#include "pyvm/Operations.h"
#include "pyvm/StrSupport.h"
#include "pyvm/Utf8.h"

// The str methods that transform characters: case, stripping, padding and the is*() tests.
namespace mlsyslab::pyvm {

std::u32string codePointsOf(const Value& text) {
    const std::string& utf8 = text.as<StrObject>().text;
    const std::vector<char32_t> decoded = decodeUtf8(utf8);
    return std::u32string(decoded.begin(), decoded.end());
}

Value strFromCodePoints(std::u32string_view codePoints) {
    std::string out;
    out.reserve(codePoints.size());
    for (const char32_t c : codePoints) appendUtf8(out, c);
    return newStr(std::move(out));
}

bool strArgument(Runtime& runtime, const Value& value, const Value*& out) {
    if (value.kind() != Kind::Str) {
        runtime.raise("TypeError", concat("must be str, not ", typeName(value)));
        return false;
    }
    out = &value;
    return true;
}

bool searchBounds(Runtime& runtime, const CallArguments& arguments, std::size_t firstIndex,
                  std::int64_t length, std::int64_t& start, std::int64_t& end) {
    start = 0;
    end = length;
    auto read = [&](std::size_t position, std::int64_t& bound) {
        if (arguments.positional.size() <= position) return true;
        const Value& value = arguments.positional[position];
        if (value.kind() == Kind::None) return true;
        if (value.kind() != Kind::Int && value.kind() != Kind::Bool) {
            runtime.raise("TypeError",
                          "slice indices must be integers or None or have an __index__ method");
            return false;
        }
        // CPython's ADJUST_INDICES: negatives count from the end; only `end` is capped at the
        // length, so a start past the end finds nothing (`'abc'.find('', 5)` is -1).
        bound = value.asInt();
        if (bound < 0) bound = std::max<std::int64_t>(bound + length, 0);
        if (&bound == &end) bound = std::min(bound, length);
        return true;
    };
    return read(firstIndex, start) && read(firstIndex + 1, end);
}

bool fillCharacter(Runtime& runtime, const Value& value, char32_t& out) {
    if (value.kind() != Kind::Str) {
        runtime.raise("TypeError", concat("The fill character must be a unicode character, not ",
                                          typeName(value)));
        return false;
    }
    const std::u32string codePoints = codePointsOf(value);
    if (codePoints.size() != 1) {
        runtime.raise("TypeError", "The fill character must be exactly one character long");
        return false;
    }
    out = codePoints[0];
    return true;
}

namespace {

using Arguments = CallArguments;

Value upper(Runtime& runtime, const Value& self, const Arguments& arguments) {
    if (!expectNoArguments(runtime, arguments, "str.upper")) return Value();
    std::u32string out;
    for (const char32_t c : codePointsOf(self)) {
        if (c == 0xDF)
            out += U"SS";  // ß has no single upper-case letter
        else
            out += toUpperCharacter(c);
    }
    return strFromCodePoints(out);
}

Value lower(Runtime& runtime, const Value& self, const Arguments& arguments) {
    if (!expectNoArguments(runtime, arguments, "str.lower")) return Value();
    std::u32string out = codePointsOf(self);
    for (char32_t& c : out) c = toLowerCharacter(c);
    return strFromCodePoints(out);
}

Value casefold(Runtime& runtime, const Value& self, const Arguments& arguments) {
    if (!expectNoArguments(runtime, arguments, "str.casefold")) return Value();
    std::u32string out;
    for (const char32_t c : codePointsOf(self)) {
        if (c == 0xDF)
            out += U"ss";
        else
            out += toLowerCharacter(c);
    }
    return strFromCodePoints(out);
}

Value swapcase(Runtime& runtime, const Value& self, const Arguments& arguments) {
    if (!expectNoArguments(runtime, arguments, "str.swapcase")) return Value();
    std::u32string out = codePointsOf(self);
    for (char32_t& c : out) c = isUpperCharacter(c) ? toLowerCharacter(c) : toUpperCharacter(c);
    return strFromCodePoints(out);
}

Value title(Runtime& runtime, const Value& self, const Arguments& arguments) {
    if (!expectNoArguments(runtime, arguments, "str.title")) return Value();
    std::u32string out = codePointsOf(self);
    bool previousCased = false;
    for (char32_t& c : out) {
        c = previousCased ? toLowerCharacter(c) : toUpperCharacter(c);
        previousCased = isCasedCharacter(c);
    }
    return strFromCodePoints(out);
}

Value capitalize(Runtime& runtime, const Value& self, const Arguments& arguments) {
    if (!expectNoArguments(runtime, arguments, "str.capitalize")) return Value();
    std::u32string out = codePointsOf(self);
    for (std::size_t i = 0; i < out.size(); ++i)
        out[i] = i == 0 ? toUpperCharacter(out[i]) : toLowerCharacter(out[i]);
    return strFromCodePoints(out);
}

enum class Sides { Left = 1, Right = 2, Both = 3 };

Value stripSides(Runtime& runtime, const Value& self, const Arguments& arguments, Sides sides,
                 std::string_view name) {
    if (!expectNoKeywords(runtime, arguments, concat("str.", name))) return Value();
    if (!expectPositionalCount(runtime, arguments, name, 0, 1)) return Value();
    std::u32string characters;
    bool whitespace = true;
    if (!arguments.positional.empty() && arguments.positional[0].kind() != Kind::None) {
        if (arguments.positional[0].kind() != Kind::Str) {
            return runtime.raise("TypeError", concat(name, " arg must be None or str"));
        }
        characters = codePointsOf(arguments.positional[0]);
        whitespace = false;
    }
    auto strip = [&](char32_t c) {
        return whitespace ? isSpaceCharacter(c) : characters.find(c) != std::u32string::npos;
    };
    const std::u32string text = codePointsOf(self);
    std::size_t begin = 0, end = text.size();
    if (static_cast<int>(sides) & static_cast<int>(Sides::Left)) {
        while (begin < end && strip(text[begin])) ++begin;
    }
    if (static_cast<int>(sides) & static_cast<int>(Sides::Right)) {
        while (end > begin && strip(text[end - 1])) --end;
    }
    return strFromCodePoints(std::u32string_view(text).substr(begin, end - begin));
}

Value strip(Runtime& runtime, const Value& self, const Arguments& arguments) {
    return stripSides(runtime, self, arguments, Sides::Both, "strip");
}
Value lstrip(Runtime& runtime, const Value& self, const Arguments& arguments) {
    return stripSides(runtime, self, arguments, Sides::Left, "lstrip");
}
Value rstrip(Runtime& runtime, const Value& self, const Arguments& arguments) {
    return stripSides(runtime, self, arguments, Sides::Right, "rstrip");
}

enum class Justify { Left, Right, Center };

Value pad(Runtime& runtime, const Value& self, const Arguments& arguments, Justify justify,
          std::string_view name) {
    if (!expectNoKeywords(runtime, arguments, concat("str.", name))) return Value();
    if (!expectPositionalCount(runtime, arguments, name, 1, 2)) return Value();
    std::int64_t width;
    if (!indexArgument(runtime, arguments.positional[0], width)) return Value();
    char32_t fill = U' ';
    if (arguments.positional.size() == 2 && !fillCharacter(runtime, arguments.positional[1], fill))
        return Value();
    const std::u32string text = codePointsOf(self);
    const auto length = static_cast<std::int64_t>(text.size());
    if (width <= length) return self;
    if (!runtime.checkStringSize(width * 4)) return Value();
    const std::int64_t margin = width - length;
    std::int64_t left = 0;
    switch (justify) {
        case Justify::Left:
            left = 0;
            break;
        case Justify::Right:
            left = margin;
            break;
        case Justify::Center:
            left = margin / 2 + (margin & width & 1);
            break;
    }
    std::u32string out(static_cast<std::size_t>(left), fill);
    out += text;
    out.append(static_cast<std::size_t>(margin - left), fill);
    return strFromCodePoints(out);
}

Value center(Runtime& runtime, const Value& self, const Arguments& arguments) {
    return pad(runtime, self, arguments, Justify::Center, "center");
}
Value ljust(Runtime& runtime, const Value& self, const Arguments& arguments) {
    return pad(runtime, self, arguments, Justify::Left, "ljust");
}
Value rjust(Runtime& runtime, const Value& self, const Arguments& arguments) {
    return pad(runtime, self, arguments, Justify::Right, "rjust");
}

Value zfill(Runtime& runtime, const Value& self, const Arguments& arguments) {
    if (!expectOneArgument(runtime, arguments, "str.zfill")) return Value();
    std::int64_t width;
    if (!indexArgument(runtime, arguments.positional[0], width)) return Value();
    std::u32string text = codePointsOf(self);
    const auto length = static_cast<std::int64_t>(text.size());
    if (width <= length) return self;
    if (!runtime.checkStringSize(width * 4)) return Value();
    const std::size_t signLength = !text.empty() && (text[0] == U'+' || text[0] == U'-') ? 1 : 0;
    text.insert(signLength, static_cast<std::size_t>(width - length), U'0');
    return strFromCodePoints(text);
}

Value expandtabs(Runtime& runtime, const Value& self, const Arguments& arguments) {
    if (!expectPositionalCount(runtime, arguments, "expandtabs", 0, 1)) return Value();
    std::int64_t tabSize = 8;
    const Value* keyword = keywordArgument(arguments, "tabsize");
    if (!arguments.positional.empty() && !indexArgument(runtime, arguments.positional[0], tabSize))
        return Value();
    if (keyword != nullptr && !indexArgument(runtime, *keyword, tabSize)) return Value();
    std::u32string out;
    std::int64_t column = 0;
    for (const char32_t c : codePointsOf(self)) {
        if (c == U'\t') {
            if (tabSize > 0) {
                const std::int64_t spaces = tabSize - column % tabSize;
                out.append(static_cast<std::size_t>(spaces), U' ');
                column += spaces;
            }
        } else {
            out += c;
            column = (c == U'\n' || c == U'\r') ? 0 : column + 1;
        }
    }
    return strFromCodePoints(out);
}

// is*(): true when the text is not empty and every character passes.
template <bool (*Test)(char32_t)>
Value everyCharacter(Runtime& runtime, const Value& self, const Arguments& arguments,
                     std::string_view qualified) {
    if (!expectNoArguments(runtime, arguments, qualified)) return Value();
    const std::u32string text = codePointsOf(self);
    if (text.empty()) return Value::boolean(false);
    for (const char32_t c : text) {
        if (!Test(c)) return Value::boolean(false);
    }
    return Value::boolean(true);
}

bool isAlnumCharacter(char32_t c) { return isAlphaCharacter(c) || isDecimalCharacter(c); }
bool isPrintableCharacter(char32_t c) {
    return !(c < 0x20 || c == 0x7F || (c >= 0x80 && c <= 0xA0) || c == 0xAD);
}

Value isdigit(Runtime& r, const Value& s, const Arguments& a) {
    return everyCharacter<isDecimalCharacter>(r, s, a, "str.isdigit");
}
Value isdecimal(Runtime& r, const Value& s, const Arguments& a) {
    return everyCharacter<isDecimalCharacter>(r, s, a, "str.isdecimal");
}
Value isnumeric(Runtime& r, const Value& s, const Arguments& a) {
    return everyCharacter<isDecimalCharacter>(r, s, a, "str.isnumeric");
}
Value isalpha(Runtime& r, const Value& s, const Arguments& a) {
    return everyCharacter<isAlphaCharacter>(r, s, a, "str.isalpha");
}
Value isalnum(Runtime& r, const Value& s, const Arguments& a) {
    return everyCharacter<isAlnumCharacter>(r, s, a, "str.isalnum");
}
Value isspace(Runtime& r, const Value& s, const Arguments& a) {
    return everyCharacter<isSpaceCharacter>(r, s, a, "str.isspace");
}

Value isascii(Runtime& runtime, const Value& self, const Arguments& arguments) {
    if (!expectNoArguments(runtime, arguments, "str.isascii")) return Value();
    return Value::boolean(self.as<StrObject>().ascii);
}

Value isprintable(Runtime& runtime, const Value& self, const Arguments& arguments) {
    if (!expectNoArguments(runtime, arguments, "str.isprintable")) return Value();
    for (const char32_t c : codePointsOf(self)) {
        if (!isPrintableCharacter(c)) return Value::boolean(false);
    }
    return Value::boolean(true);
}

// isupper/islower: at least one cased character, and none of the other case.
Value caseTest(Runtime& runtime, const Value& self, const Arguments& arguments, bool wantUpper) {
    if (!expectNoArguments(runtime, arguments, wantUpper ? "str.isupper" : "str.islower"))
        return Value();
    bool cased = false;
    for (const char32_t c : codePointsOf(self)) {
        if (wantUpper ? isLowerCharacter(c) : isUpperCharacter(c)) return Value::boolean(false);
        cased = cased || (wantUpper ? isUpperCharacter(c) : isLowerCharacter(c));
    }
    return Value::boolean(cased);
}
Value isupper(Runtime& r, const Value& s, const Arguments& a) { return caseTest(r, s, a, true); }
Value islower(Runtime& r, const Value& s, const Arguments& a) { return caseTest(r, s, a, false); }

Value istitle(Runtime& runtime, const Value& self, const Arguments& arguments) {
    if (!expectNoArguments(runtime, arguments, "str.istitle")) return Value();
    bool cased = false, previousCased = false;
    for (const char32_t c : codePointsOf(self)) {
        if (isUpperCharacter(c)) {
            if (previousCased) return Value::boolean(false);
            previousCased = cased = true;
        } else if (isLowerCharacter(c)) {
            if (!previousCased) return Value::boolean(false);
            previousCased = cased = true;
        } else {
            previousCased = false;
        }
    }
    return Value::boolean(cased);
}

namespace sm = str_methods;

constexpr MethodEntry kStrMethods[] = {
    {"capitalize", capitalize},
    {"casefold", casefold},
    {"center", center},
    {"count", sm::count},
    {"endswith", sm::endswith},
    {"expandtabs", expandtabs},
    {"find", sm::find},
    {"format", strFormatMethod},
    {"index", sm::index},
    {"isalnum", isalnum},
    {"isalpha", isalpha},
    {"isascii", isascii},
    {"isdecimal", isdecimal},
    {"isdigit", isdigit},
    {"islower", islower},
    {"isnumeric", isnumeric},
    {"isprintable", isprintable},
    {"isspace", isspace},
    {"istitle", istitle},
    {"isupper", isupper},
    {"join", sm::join},
    {"ljust", ljust},
    {"lower", lower},
    {"lstrip", lstrip},
    {"partition", sm::partition},
    {"removeprefix", sm::removeprefix},
    {"removesuffix", sm::removesuffix},
    {"replace", sm::replace},
    {"rfind", sm::rfind},
    {"rindex", sm::rindex},
    {"rjust", rjust},
    {"rpartition", sm::rpartition},
    {"rsplit", sm::rsplit},
    {"rstrip", rstrip},
    {"split", sm::split},
    {"splitlines", sm::splitlines},
    {"startswith", sm::startswith},
    {"strip", strip},
    {"swapcase", swapcase},
    {"title", title},
    {"upper", upper},
    {"zfill", zfill},
};

}  // namespace

std::span<const MethodEntry> strMethods() { return kStrMethods; }

}  // namespace mlsyslab::pyvm
