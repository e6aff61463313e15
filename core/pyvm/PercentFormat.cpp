#include <cctype>
#include <cmath>
#include <cstdio>

#include "common/Concat.h"
#include "pyvm/ArithmeticParts.h"
#include "pyvm/FormatSpec.h"
#include "pyvm/Numbers.h"
#include "pyvm/Operations.h"
#include "pyvm/Utf8.h"

// printf-style `format % values` for str, as CPython's PyUnicode_Format does it.
namespace mlsyslab::pyvm {
namespace {

struct Conversion {
    bool leftAlign = false, zeroPad = false, alternate = false;
    char sign = 0;
    std::int64_t width = -1, precision = -1;
    char type = 0;
};

class ArgumentSource {
public:
    explicit ArgumentSource(const Value& values) : values_(values) {
        if (values.kind() == Kind::Tuple) items_ = &values.as<TupleObject>().items;
    }
    const Value* next(Runtime& runtime) {
        const std::size_t count = items_ != nullptr ? items_->size() : 1;
        if (used_ >= count) {
            runtime.raise("TypeError", "not enough arguments for format string");
            return nullptr;
        }
        return items_ != nullptr ? &(*items_)[used_++] : (++used_, &values_);
    }
    bool allUsed() const { return used_ >= (items_ != nullptr ? items_->size() : 1); }

private:
    const Value& values_;
    const std::vector<Value>* items_ = nullptr;
    std::size_t used_ = 0;
};

std::string pad(std::string text, const Conversion& conversion, bool numeric) {
    const std::int64_t length = codePointCount(text);
    if (conversion.width <= length) return text;
    const auto padding = static_cast<std::size_t>(conversion.width - length);
    if (conversion.leftAlign) return concat(text, std::string(padding, ' '));
    if (numeric && conversion.zeroPad) {
        std::size_t digitsAt = 0;
        if (!text.empty() && (text[0] == '-' || text[0] == '+' || text[0] == ' ')) digitsAt = 1;
        if (text.size() > digitsAt + 1 && text[digitsAt] == '0' &&
            std::string_view("xXo").find(text[digitsAt + 1]) != std::string_view::npos) {
            digitsAt += 2;
        }
        text.insert(digitsAt, padding, '0');
        return text;
    }
    return concat(std::string(padding, ' '), text);
}

std::string signed_(bool negative, const Conversion& conversion, std::string body) {
    if (negative) return concat("-", body);
    if (conversion.sign == '+') return concat("+", body);
    if (conversion.sign == ' ') return concat(" ", body);
    return body;
}

bool formatOne(Runtime& runtime, const Conversion& conversion, const Value& value,
               std::string& out) {
    const char type = conversion.type;
    switch (type) {
        case 's':
        case 'r':
        case 'a': {
            Value text =
                type == 's' ? newStr(str(runtime, value)) : convertForFormat(runtime, value, type);
            if (runtime.hasError()) return false;
            std::string shown = text.as<StrObject>().text;
            if (conversion.precision >= 0 && conversion.precision < text.as<StrObject>().length) {
                shown = codePointRange(text.as<StrObject>(), 0, conversion.precision);
            }
            out += pad(shown, conversion, false);
            return true;
        }
        case 'd':
        case 'i':
        case 'u':
        case 'o':
        case 'x':
        case 'X': {
            std::int64_t integer;
            if (isIntLike(value)) {
                integer = value.asInt();
            } else if (value.kind() == Kind::Float && (type == 'd' || type == 'i' || type == 'u')) {
                const Value truncated = floatToInt(runtime, value.asFloat());
                if (truncated.isNull()) return false;
                integer = truncated.asInt();
            } else {
                const bool real = type == 'd' || type == 'i' || type == 'u';
                runtime.raise("TypeError", concat("%", std::string(1, type), " format: ",
                                                  real ? "a real number" : "an integer",
                                                  " is required, not ", typeName(value)));
                return false;
            }
            const std::uint64_t magnitude = integer < 0 ? 0ULL - static_cast<std::uint64_t>(integer)
                                                        : static_cast<std::uint64_t>(integer);
            char buffer[32];
            const char* pattern =
                type == 'o' ? "%llo" : (type == 'x' ? "%llx" : (type == 'X' ? "%llX" : "%llu"));
            std::snprintf(buffer, sizeof buffer, pattern,
                          static_cast<unsigned long long>(magnitude));
            std::string digits = buffer;
            if (conversion.precision > static_cast<std::int64_t>(digits.size())) {
                digits.insert(0, static_cast<std::size_t>(conversion.precision) - digits.size(),
                              '0');
            }
            if (conversion.alternate && type != 'd' && type != 'i' && type != 'u') {
                digits = concat(type == 'o' ? "0o" : (type == 'x' ? "0x" : "0X"), digits);
            }
            out += pad(signed_(integer < 0, conversion, digits), conversion, true);
            return true;
        }
        case 'e':
        case 'E':
        case 'f':
        case 'F':
        case 'g':
        case 'G': {
            if (!isNumber(value)) {
                runtime.raise("TypeError", concat("must be real number, not ", typeName(value)));
                return false;
            }
            const double real = toDouble(value);
            const int precision =
                conversion.precision < 0 ? 6 : static_cast<int>(conversion.precision);
            std::string digits = doubleText(std::fabs(real), static_cast<char>(type | 0x20),
                                            precision, conversion.alternate);
            if (type == 'E' || type == 'F' || type == 'G') {
                for (char& c : digits)
                    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
            }
            out += pad(signed_(std::signbit(real) && !std::isnan(real), conversion, digits),
                       conversion, std::isfinite(real));
            return true;
        }
        case 'c': {
            if (value.kind() == Kind::Str && value.as<StrObject>().length == 1) {
                out += pad(value.as<StrObject>().text, conversion, false);
                return true;
            }
            if (!isIntLike(value)) {
                runtime.raise("TypeError", "%c requires int or char");
                return false;
            }
            if (value.asInt() < 0 || value.asInt() > 0x10FFFF) {
                runtime.raise("OverflowError", "%c arg not in range(0x110000)");
                return false;
            }
            out += pad(utf8Of(static_cast<char32_t>(value.asInt())), conversion, false);
            return true;
        }
        default:
            return false;
    }
}

}  // namespace

Value percentFormat(Runtime& runtime, const Value& format, const Value& values) {
    const std::string& text = format.as<StrObject>().text;
    ArgumentSource arguments(values);
    const bool mapping = values.kind() == Kind::Dict;
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '%') {
            out += text[i];
            continue;
        }
        ++i;
        const std::size_t specStart = i;
        Conversion conversion;
        const Value* mapped = nullptr;
        Value mappedValue;
        if (i < text.size() && text[i] == '(') {
            if (!mapping) return runtime.raise("TypeError", "format requires a mapping");
            const std::size_t close = text.find(')', i);
            if (close == std::string::npos)
                return runtime.raise("ValueError", "incomplete format key");
            const Value key = newStr(text.substr(i + 1, close - i - 1));
            mappedValue = subscript(runtime, values, key);
            if (mappedValue.isNull()) return Value();
            mapped = &mappedValue;
            i = close + 1;
        }
        for (; i < text.size() && std::string_view("-+ #0").find(text[i]) != std::string_view::npos;
             ++i) {
            if (text[i] == '-') conversion.leftAlign = true;
            if (text[i] == '+') conversion.sign = '+';
            if (text[i] == ' ' && conversion.sign == 0) conversion.sign = ' ';
            if (text[i] == '#') conversion.alternate = true;
            if (text[i] == '0') conversion.zeroPad = true;
        }
        auto readNumber = [&](std::int64_t& target) {
            if (i < text.size() && text[i] == '*') {
                ++i;
                const Value* star = arguments.next(runtime);
                if (star == nullptr) return false;
                if (!isIntLike(*star)) {
                    runtime.raise("TypeError", "* wants int");
                    return false;
                }
                target = star->asInt();
                if (target < 0 && &target == &conversion.width) {
                    conversion.leftAlign = true;
                    target = -target;
                }
                return true;
            }
            if (i < text.size() && text[i] >= '0' && text[i] <= '9') {
                target = 0;
                while (i < text.size() && text[i] >= '0' && text[i] <= '9')
                    target = target * 10 + (text[i++] - '0');
            }
            return true;
        };
        if (!readNumber(conversion.width)) return Value();
        if (i < text.size() && text[i] == '.') {
            ++i;
            conversion.precision = 0;
            if (!readNumber(conversion.precision)) return Value();
        }
        while (i < text.size() && (text[i] == 'l' || text[i] == 'h' || text[i] == 'L')) ++i;
        if (i >= text.size()) return runtime.raise("ValueError", "incomplete format");
        conversion.type = text[i];
        // "%%" is a percent sign only when nothing stands between the two: "%5%" takes an
        // argument and then fails on its '%', as CPython 3.11 does.
        if (conversion.type == '%' && i == specStart) {
            out += '%';
            continue;
        }
        if (conversion.type == '%' && mapped == nullptr && arguments.next(runtime) == nullptr)
            return Value();
        if (std::string_view("sradiuoxXeEfFgGc").find(conversion.type) == std::string_view::npos) {
            // CPython reports the code point position of the bad character itself.
            char buffer[96];
            std::snprintf(
                buffer, sizeof buffer, "unsupported format character '%c' (0x%x) at index %lld",
                conversion.type, static_cast<unsigned>(static_cast<unsigned char>(conversion.type)),
                static_cast<long long>(codePointCount(std::string_view(text).substr(0, i))));
            return runtime.raise("ValueError", buffer);
        }
        const Value* argument = mapped != nullptr ? mapped : arguments.next(runtime);
        if (argument == nullptr) return Value();
        if (!formatOne(runtime, conversion, *argument, out)) return Value();
    }
    if (!mapping && !arguments.allUsed()) {
        return runtime.raise("TypeError", "not all arguments converted during string formatting");
    }
    if (!runtime.checkStringSize(static_cast<std::int64_t>(out.size()))) return Value();
    return newStr(std::move(out));
}

}  // namespace mlsyslab::pyvm
