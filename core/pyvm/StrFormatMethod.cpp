#include "common/Concat.h"
#include "pyvm/Arguments.h"
#include "pyvm/Containers.h"
#include "pyvm/Methods.h"
#include "pyvm/Operations.h"

// str.format(): replacement fields `{}`, `{0}`, `{name}`, `{0[1]}`, `{p.attr}`, with `!r`/`!s`/`!a`
// conversions and format specs that may nest fields of their own (`{:{width}}`).
namespace mlsyslab::pyvm {
namespace {

class FieldFormatter {
public:
    FieldFormatter(Runtime& runtime, const CallArguments& arguments)
        : runtime_(runtime), arguments_(arguments) {}

    // The text with every field replaced; false after raising. `depth` bounds nested specs.
    bool render(std::string_view text, std::string& out, int depth) {
        for (std::size_t i = 0; i < text.size(); ++i) {
            const char c = text[i];
            if (c == '}') {
                if (i + 1 < text.size() && text[i + 1] == '}') {
                    out += '}';
                    ++i;
                    continue;
                }
                return fail("Single '}' encountered in format string");
            }
            if (c != '{') {
                out += c;
                continue;
            }
            if (i + 1 < text.size() && text[i + 1] == '{') {
                out += '{';
                ++i;
                continue;
            }
            // The field runs to the matching '}', counting nested braces in its spec.
            std::size_t end = i + 1;
            int nesting = 1;
            for (; end < text.size(); ++end) {
                if (text[end] == '{') ++nesting;
                if (text[end] == '}' && --nesting == 0) break;
            }
            if (end >= text.size()) {
                // A lone '{' at the very end is "single"; an unfinished field is not.
                return fail(i + 1 == text.size() ? "Single '{' encountered in format string"
                                                 : "expected '}' before end of string");
            }
            if (!field(text.substr(i + 1, end - i - 1), out, depth)) return false;
            i = end;
        }
        return true;
    }

private:
    bool fail(std::string_view message) {
        runtime_.raise("ValueError", std::string(message));
        return false;
    }

    bool field(std::string_view field, std::string& out, int depth) {
        if (depth > 2) return fail("Max string recursion exceeded");
        // Split "name!conversion:spec" where the name may hold [..] with ':' or '!' inside.
        std::size_t nameEnd = 0;
        for (bool inBracket = false; nameEnd < field.size(); ++nameEnd) {
            const char c = field[nameEnd];
            if (c == '[') inBracket = true;
            if (c == ']') inBracket = false;
            if (!inBracket && (c == '!' || c == ':')) break;
        }
        const std::string_view name = field.substr(0, nameEnd);
        char conversion = 0;
        std::string_view spec;
        std::size_t position = nameEnd;
        if (position < field.size() && field[position] == '!') {
            if (position + 1 >= field.size())
                return fail("end of string while looking for conversion specifier");
            conversion = field[position + 1];
            position += 2;
            if (position < field.size() && field[position] != ':')
                return fail("expected ':' after conversion specifier");
        }
        if (position < field.size() && field[position] == ':') spec = field.substr(position + 1);
        Value value = lookUp(name);
        if (value.isNull()) return false;
        if (conversion != 0) {
            if (conversion != 'r' && conversion != 's' && conversion != 'a') {
                return fail(concat("Unknown conversion specifier ", std::string(1, conversion)));
            }
            value = convertForFormat(runtime_, value, conversion);
            if (value.isNull()) return false;
        }
        std::string expandedSpec;
        if (!render(spec, expandedSpec, depth + 1)) return false;
        const Value formatted = formatValue(runtime_, value, expandedSpec);
        if (formatted.isNull()) return false;
        out += formatted.as<StrObject>().text;
        return true;
    }

    Value lookUp(std::string_view name) {
        std::size_t firstEnd = name.find_first_of(".[");
        const std::string_view first = name.substr(0, firstEnd);
        Value value;
        if (first.empty() || std::isdigit(static_cast<unsigned char>(first[0]))) {
            std::size_t index;
            if (first.empty()) {
                if (manual_) {
                    runtime_.raise("ValueError",
                                   "cannot switch from manual field specification to automatic "
                                   "field numbering");
                    return Value();
                }
                automatic_ = true;
                index = nextAutomatic_++;
            } else {
                if (automatic_) {
                    runtime_.raise("ValueError",
                                   "cannot switch from automatic field numbering to manual field "
                                   "specification");
                    return Value();
                }
                manual_ = true;
                // More digits than any argument list could reach: out of range, without stoll
                // throwing.
                index = first.size() > 9 ? SIZE_MAX
                                         : static_cast<std::size_t>(std::stoll(std::string(first)));
            }
            if (index >= arguments_.positional.size()) {
                runtime_.raise("IndexError", concat("Replacement index ", std::to_string(index),
                                                    " out of range for positional args tuple"));
                return Value();
            }
            value = arguments_.positional[index];
        } else {
            const Value* keyword = keywordArgument(arguments_, first);
            if (keyword == nullptr) return raiseKeyError(runtime_, newStr(std::string(first)));
            value = *keyword;
        }
        // Then `.attribute` and `[key]` parts, left to right.
        std::size_t position = firstEnd == std::string_view::npos ? name.size() : firstEnd;
        while (position < name.size()) {
            if (name[position] == '.') {
                const std::size_t end =
                    std::min(name.find_first_of(".[", position + 1), name.size());
                value =
                    getAttribute(runtime_, value, name.substr(position + 1, end - position - 1));
                position = end;
            } else {
                const std::size_t close = name.find(']', position);
                if (close == std::string_view::npos) {
                    runtime_.raise("ValueError", "Missing ']' in format string");
                    return Value();
                }
                const std::string key(name.substr(position + 1, close - position - 1));
                const bool numeric = !key.empty() && key.size() <= 18 &&
                                     key.find_first_not_of("0123456789") == std::string::npos;
                value = subscript(runtime_, value,
                                  numeric ? Value::integer(std::stoll(key)) : newStr(key));
                position = close + 1;
            }
            if (value.isNull()) return value;
        }
        return value;
    }

    Runtime& runtime_;
    const CallArguments& arguments_;
    bool automatic_ = false;
    bool manual_ = false;
    std::size_t nextAutomatic_ = 0;
};

}  // namespace

Value strFormatMethod(Runtime& runtime, const Value& self, const CallArguments& arguments) {
    FieldFormatter formatter(runtime, arguments);
    std::string out;
    if (!formatter.render(self.as<StrObject>().text, out, 0)) return Value();
    if (!runtime.checkStringSize(static_cast<std::int64_t>(out.size()))) return Value();
    return newStr(std::move(out));
}

}  // namespace mlsyslab::pyvm
