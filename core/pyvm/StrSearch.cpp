#include <algorithm>

#include "common/Concat.h"
#include "pyvm/Arguments.h"
#include "pyvm/CharacterClasses.h"
#include "pyvm/Operations.h"
#include "pyvm/StrSupport.h"

// The str methods that search: find, count, split, join, replace, partition and their kin.
namespace mlsyslab::pyvm::str_methods {
namespace {

using Arguments = CallArguments;
using Text = std::u32string;

// Where `needle` first (or last) occurs in text[start:end], or -1.
std::int64_t search(const Text& text, const Text& needle, std::int64_t start, std::int64_t end,
                    bool last) {
    if (start > static_cast<std::int64_t>(text.size()) ||
        end - start < static_cast<std::int64_t>(needle.size())) {
        return -1;
    }
    const std::u32string_view window = std::u32string_view(text).substr(
        static_cast<std::size_t>(start), static_cast<std::size_t>(end - start));
    const std::size_t found = last ? window.rfind(needle) : window.find(needle);
    return found == std::u32string_view::npos ? -1 : start + static_cast<std::int64_t>(found);
}

Value findCommon(Runtime& runtime, const Value& self, const Arguments& arguments,
                 std::string_view name, bool last, bool raiseWhenMissing) {
    if (!expectNoKeywords(runtime, arguments, concat("str.", name))) return Value();
    if (!expectTupleCount(runtime, arguments, name, 1, 3)) return Value();
    const Value* needle;
    if (!strArgument(runtime, arguments.positional[0], needle)) return Value();
    const Text text = codePointsOf(self);
    std::int64_t start, end;
    if (!searchBounds(runtime, arguments, 1, static_cast<std::int64_t>(text.size()), start, end))
        return Value();
    const std::int64_t found = search(text, codePointsOf(*needle), start, end, last);
    if (found < 0 && raiseWhenMissing) return runtime.raise("ValueError", "substring not found");
    return Value::integer(found);
}

// Pieces of `text` split at `separator` (whitespace runs when it is empty), at most `maxSplit`
// times (negative: no limit), from the right when `fromRight`.
std::vector<Text> splitText(const Text& text, const Text* separator, std::int64_t maxSplit,
                            bool fromRight) {
    std::vector<Text> pieces;
    if (maxSplit < 0) maxSplit = INT64_MAX;
    const auto length = static_cast<std::int64_t>(text.size());
    if (separator == nullptr) {
        if (!fromRight) {
            std::int64_t i = 0;
            while (maxSplit-- > 0) {
                while (i < length && isSpaceCharacter(text[i])) ++i;
                if (i == length) break;
                const std::int64_t j = i;
                while (i < length && !isSpaceCharacter(text[i])) ++i;
                pieces.push_back(text.substr(j, i - j));
            }
            while (i < length && isSpaceCharacter(text[i])) ++i;
            if (i < length) pieces.push_back(text.substr(i));
        } else {
            std::int64_t i = length - 1;
            while (maxSplit-- > 0) {
                while (i >= 0 && isSpaceCharacter(text[i])) --i;
                if (i < 0) break;
                const std::int64_t j = i;
                while (i >= 0 && !isSpaceCharacter(text[i])) --i;
                pieces.push_back(text.substr(i + 1, j - i));
            }
            while (i >= 0 && isSpaceCharacter(text[i])) --i;
            if (i >= 0) pieces.push_back(text.substr(0, i + 1));
            std::reverse(pieces.begin(), pieces.end());
        }
        return pieces;
    }
    const auto width = static_cast<std::int64_t>(separator->size());
    if (!fromRight) {
        std::int64_t start = 0;
        while (maxSplit-- > 0) {
            const std::size_t found = text.find(*separator, static_cast<std::size_t>(start));
            if (found == Text::npos) break;
            pieces.push_back(text.substr(start, static_cast<std::int64_t>(found) - start));
            start = static_cast<std::int64_t>(found) + width;
        }
        pieces.push_back(text.substr(start));
    } else {
        std::int64_t end = length;
        while (maxSplit-- > 0 && end >= width) {
            const std::size_t found = text.rfind(*separator, static_cast<std::size_t>(end - width));
            if (found == Text::npos) break;
            pieces.push_back(
                text.substr(found + width, end - static_cast<std::int64_t>(found) - width));
            end = static_cast<std::int64_t>(found);
        }
        pieces.push_back(text.substr(0, end));
        std::reverse(pieces.begin(), pieces.end());
    }
    return pieces;
}

Value splitCommon(Runtime& runtime, const Value& self, const Arguments& arguments,
                  std::string_view name, bool fromRight) {
    if (!expectKeywords(runtime, arguments, name, {"sep", "maxsplit"})) return Value();
    if (!expectPositionalCount(runtime, arguments, name, 0, 2)) return Value();
    const Value* separator = arguments.positional.size() > 0 ? &arguments.positional[0]
                                                             : keywordArgument(arguments, "sep");
    const Value* limit = arguments.positional.size() > 1 ? &arguments.positional[1]
                                                         : keywordArgument(arguments, "maxsplit");
    std::int64_t maxSplit = -1;
    if (limit != nullptr && !indexArgument(runtime, *limit, maxSplit)) return Value();
    Text separatorText;
    const bool whitespace = separator == nullptr || separator->kind() == Kind::None;
    if (!whitespace) {
        if (separator->kind() != Kind::Str) {
            return runtime.raise("TypeError",
                                 concat("must be str or None, not ", typeName(*separator)));
        }
        separatorText = codePointsOf(*separator);
        if (separatorText.empty()) return runtime.raise("ValueError", "empty separator");
    }
    std::vector<Value> items;
    for (const Text& piece : splitText(codePointsOf(self), whitespace ? nullptr : &separatorText,
                                       maxSplit, fromRight)) {
        items.push_back(strFromCodePoints(piece));
    }
    return newList(std::move(items));
}

Value tailMatch(Runtime& runtime, const Value& self, const Arguments& arguments,
                std::string_view name, bool atEnd) {
    if (!expectNoKeywords(runtime, arguments, concat("str.", name))) return Value();
    if (!expectTupleCount(runtime, arguments, name, 1, 3)) return Value();
    const Text text = codePointsOf(self);
    std::int64_t start, end;
    if (!searchBounds(runtime, arguments, 1, static_cast<std::int64_t>(text.size()), start, end))
        return Value();
    auto matches = [&](const Value& candidate) {
        const Text affix = codePointsOf(candidate);
        const auto width = static_cast<std::int64_t>(affix.size());
        if (end - start < width || start > static_cast<std::int64_t>(text.size())) return false;
        const std::int64_t at = atEnd ? end - width : start;
        return text.compare(static_cast<std::size_t>(at), affix.size(), affix) == 0;
    };
    const Value& prefix = arguments.positional[0];
    if (prefix.kind() == Kind::Str) return Value::boolean(matches(prefix));
    if (prefix.kind() == Kind::Tuple) {
        for (const Value& candidate : prefix.as<TupleObject>().items) {
            if (candidate.kind() != Kind::Str) {
                return runtime.raise("TypeError",
                                     concat("tuple for ", name, " must only contain str, not ",
                                            typeName(candidate)));
            }
            if (matches(candidate)) return Value::boolean(true);
        }
        return Value::boolean(false);
    }
    return runtime.raise("TypeError", concat(name, " first arg must be str or a tuple of str, not ",
                                             typeName(prefix)));
}

Value partitionCommon(Runtime& runtime, const Value& self, const Arguments& arguments,
                      std::string_view name, bool last) {
    if (!expectOneArgument(runtime, arguments, concat("str.", name))) return Value();
    const Value* separator;
    if (!strArgument(runtime, arguments.positional[0], separator)) return Value();
    const Text sep = codePointsOf(*separator);
    if (sep.empty()) return runtime.raise("ValueError", "empty separator");
    const Text text = codePointsOf(self);
    const std::size_t found = last ? text.rfind(sep) : text.find(sep);
    if (found == Text::npos) {
        if (last) return newTuple({newStr(""), newStr(""), self});
        return newTuple({self, newStr(""), newStr("")});
    }
    return newTuple({strFromCodePoints(text.substr(0, found)), *separator,
                     strFromCodePoints(text.substr(found + sep.size()))});
}

Value removeAffix(Runtime& runtime, const Value& self, const Arguments& arguments,
                  std::string_view name, bool suffix) {
    if (!expectOneArgument(runtime, arguments, concat("str.", name))) return Value();
    const Value& affix = arguments.positional[0];
    if (affix.kind() != Kind::Str) {
        return runtime.raise("TypeError",
                             concat(name, "() argument must be str, not ", typeName(affix)));
    }
    const std::string& text = self.as<StrObject>().text;
    const std::string& cut = affix.as<StrObject>().text;
    if (cut.empty() || text.size() < cut.size()) return self;
    if (!suffix && text.compare(0, cut.size(), cut) == 0) return newStr(text.substr(cut.size()));
    if (suffix && text.compare(text.size() - cut.size(), cut.size(), cut) == 0) {
        return newStr(text.substr(0, text.size() - cut.size()));
    }
    return self;
}

}  // namespace

Value find(Runtime& r, const Value& s, const Arguments& a) {
    return findCommon(r, s, a, "find", false, false);
}
Value rfind(Runtime& r, const Value& s, const Arguments& a) {
    return findCommon(r, s, a, "rfind", true, false);
}
Value index(Runtime& r, const Value& s, const Arguments& a) {
    return findCommon(r, s, a, "index", false, true);
}
Value rindex(Runtime& r, const Value& s, const Arguments& a) {
    return findCommon(r, s, a, "rindex", true, true);
}

Value count(Runtime& runtime, const Value& self, const Arguments& arguments) {
    if (!expectNoKeywords(runtime, arguments, "str.count")) return Value();
    if (!expectTupleCount(runtime, arguments, "count", 1, 3)) return Value();
    const Value* needle;
    if (!strArgument(runtime, arguments.positional[0], needle)) return Value();
    const Text text = codePointsOf(self);
    const Text sub = codePointsOf(*needle);
    std::int64_t start, end;
    if (!searchBounds(runtime, arguments, 1, static_cast<std::int64_t>(text.size()), start, end))
        return Value();
    if (start > static_cast<std::int64_t>(text.size()) || end < start) return Value::integer(0);
    if (sub.empty()) return Value::integer(end - start + 1);
    std::int64_t found = 0;
    for (std::int64_t at = start; at + static_cast<std::int64_t>(sub.size()) <= end;) {
        if (text.compare(static_cast<std::size_t>(at), sub.size(), sub) == 0) {
            ++found;
            at += static_cast<std::int64_t>(sub.size());
        } else {
            ++at;
        }
    }
    return Value::integer(found);
}

Value startswith(Runtime& r, const Value& s, const Arguments& a) {
    return tailMatch(r, s, a, "startswith", false);
}
Value endswith(Runtime& r, const Value& s, const Arguments& a) {
    return tailMatch(r, s, a, "endswith", true);
}

Value replace(Runtime& runtime, const Value& self, const Arguments& arguments) {
    if (!expectNoKeywords(runtime, arguments, "str.replace")) return Value();
    if (!expectPositionalCount(runtime, arguments, "replace", 2, 3)) return Value();
    for (std::size_t i = 0; i < 2; ++i) {
        if (arguments.positional[i].kind() != Kind::Str) {
            return runtime.raise("TypeError",
                                 concat("replace() argument ", std::to_string(i + 1),
                                        " must be str, not ", typeName(arguments.positional[i])));
        }
    }
    std::int64_t limit = -1;
    if (arguments.positional.size() == 3 && !indexArgument(runtime, arguments.positional[2], limit))
        return Value();
    if (limit < 0) limit = INT64_MAX;
    const Text text = codePointsOf(self);
    const Text old = codePointsOf(arguments.positional[0]);
    const Text replacement = codePointsOf(arguments.positional[1]);
    Text out;
    std::size_t position = 0;
    std::int64_t done = 0;
    if (old.empty()) {
        for (; position <= text.size(); ++position) {
            if (done < limit) {
                out += replacement;
                ++done;
            }
            if (position < text.size()) out += text[position];
        }
    } else {
        while (done < limit) {
            const std::size_t found = text.find(old, position);
            if (found == Text::npos) break;
            out.append(text, position, found - position);
            out += replacement;
            position = found + old.size();
            ++done;
        }
        out.append(text, position, Text::npos);
    }
    if (!runtime.checkStringSize(static_cast<std::int64_t>(out.size()))) return Value();
    return strFromCodePoints(out);
}

Value split(Runtime& r, const Value& s, const Arguments& a) {
    return splitCommon(r, s, a, "split", false);
}
Value rsplit(Runtime& r, const Value& s, const Arguments& a) {
    return splitCommon(r, s, a, "rsplit", true);
}

Value join(Runtime& runtime, const Value& self, const Arguments& arguments) {
    if (!expectOneArgument(runtime, arguments, "str.join")) return Value();
    const Value& iterable = arguments.positional[0];
    std::vector<Value> items;
    if (!collect(runtime, iterable, items)) {
        if (runtime.hasError() && runtime.error().message.ends_with("is not iterable")) {
            runtime.raise("TypeError", "can only join an iterable");
        }
        return Value();
    }
    const std::string& separator = self.as<StrObject>().text;
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (items[i].kind() != Kind::Str) {
            return runtime.raise("TypeError",
                                 concat("sequence item ", std::to_string(i),
                                        ": expected str instance, ", typeName(items[i]), " found"));
        }
        if (i > 0) out += separator;
        out += items[i].as<StrObject>().text;
        if (!runtime.checkStringSize(static_cast<std::int64_t>(out.size()))) return Value();
    }
    return newStr(std::move(out));
}

Value partition(Runtime& r, const Value& s, const Arguments& a) {
    return partitionCommon(r, s, a, "partition", false);
}
Value rpartition(Runtime& r, const Value& s, const Arguments& a) {
    return partitionCommon(r, s, a, "rpartition", true);
}

Value splitlines(Runtime& runtime, const Value& self, const Arguments& arguments) {
    if (!expectKeywords(runtime, arguments, "splitlines", {"keepends"})) return Value();
    if (!expectTupleCount(runtime, arguments, "splitlines", 0, 1)) return Value();
    const Value* keep = arguments.positional.empty() ? keywordArgument(arguments, "keepends")
                                                     : &arguments.positional[0];
    const bool keepEnds = keep != nullptr && isTrue(*keep);
    const Text text = codePointsOf(self);
    std::vector<Value> lines;
    std::size_t start = 0;
    for (std::size_t i = 0; i < text.size();) {
        if (!isLineBreak(text[i])) {
            ++i;
            continue;
        }
        std::size_t next = i + 1;
        if (text[i] == U'\r' && next < text.size() && text[next] == U'\n') ++next;
        lines.push_back(strFromCodePoints(
            std::u32string_view(text).substr(start, (keepEnds ? next : i) - start)));
        start = i = next;
    }
    if (start < text.size())
        lines.push_back(strFromCodePoints(std::u32string_view(text).substr(start)));
    return newList(std::move(lines));
}

Value removeprefix(Runtime& r, const Value& s, const Arguments& a) {
    return removeAffix(r, s, a, "removeprefix", false);
}
Value removesuffix(Runtime& r, const Value& s, const Arguments& a) {
    return removeAffix(r, s, a, "removesuffix", true);
}

}  // namespace mlsyslab::pyvm::str_methods
