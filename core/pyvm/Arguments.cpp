#include "pyvm/Arguments.h"

#include <string>

#include "common/Concat.h"
#include "pyvm/Operations.h"

namespace mlsyslab::pyvm {
namespace {

std::string count(std::size_t value) { return std::to_string(value); }
std::string plural(std::size_t value) { return value == 1 ? "" : "s"; }

}  // namespace

bool expectOneArgument(Runtime& runtime, const CallArguments& arguments,
                       std::string_view qualified) {
    if (!expectNoKeywords(runtime, arguments, qualified)) return false;
    if (arguments.positional.size() == 1) return true;
    runtime.raise("TypeError", concat(qualified, "() takes exactly one argument (",
                                      count(arguments.positional.size()), " given)"));
    return false;
}

bool expectNoArguments(Runtime& runtime, const CallArguments& arguments,
                       std::string_view qualified) {
    if (!expectNoKeywords(runtime, arguments, qualified)) return false;
    if (arguments.positional.empty()) return true;
    runtime.raise("TypeError", concat(qualified, "() takes no arguments (",
                                      count(arguments.positional.size()), " given)"));
    return false;
}

bool expectPositionalCount(Runtime& runtime, const CallArguments& arguments, std::string_view name,
                           std::size_t minimum, std::size_t maximum) {
    const std::size_t given = arguments.positional.size();
    if (given < minimum) {
        runtime.raise("TypeError",
                      concat(name, " expected ", minimum == maximum ? "" : "at least ",
                             count(minimum), " argument", plural(minimum), ", got ", count(given)));
        return false;
    }
    if (given > maximum) {
        runtime.raise("TypeError",
                      concat(name, " expected ", minimum == maximum ? "" : "at most ",
                             count(maximum), " argument", plural(maximum), ", got ", count(given)));
        return false;
    }
    return true;
}

bool expectTupleCount(Runtime& runtime, const CallArguments& arguments, std::string_view name,
                      std::size_t minimum, std::size_t maximum) {
    const std::size_t given = arguments.positional.size();
    if (given < minimum) {
        runtime.raise("TypeError", concat(name, "() takes at least ", count(minimum), " argument",
                                          plural(minimum), " (", count(given), " given)"));
        return false;
    }
    if (given > maximum) {
        runtime.raise("TypeError", concat(name, "() takes at most ", count(maximum), " argument",
                                          plural(maximum), " (", count(given), " given)"));
        return false;
    }
    return true;
}

bool expectNoKeywords(Runtime& runtime, const CallArguments& arguments,
                      std::string_view qualified) {
    if (arguments.keywordNames.empty()) return true;
    runtime.raise("TypeError", concat(qualified, "() takes no keyword arguments"));
    return false;
}

bool expectKeywords(Runtime& runtime, const CallArguments& arguments, std::string_view function,
                    std::initializer_list<std::string_view> allowed) {
    for (const Value& name : arguments.keywordNames) {
        bool known = false;
        for (const std::string_view candidate : allowed) known = known || textOf(name) == candidate;
        if (!known) {
            runtime.raise(
                "TypeError",
                concat("'", textOf(name), "' is an invalid keyword argument for ", function, "()"));
            return false;
        }
    }
    return true;
}

const Value* keywordArgument(const CallArguments& arguments, std::string_view name) {
    for (std::size_t i = 0; i < arguments.keywordNames.size(); ++i) {
        if (textOf(arguments.keywordNames[i]) == name) return &arguments.keywordValues[i];
    }
    return nullptr;
}

bool indexArgument(Runtime& runtime, const Value& value, std::int64_t& out) {
    if (value.kind() == Kind::Int || value.kind() == Kind::Bool) {
        out = value.asInt();
        return true;
    }
    runtime.raise("TypeError",
                  concat("'", typeName(value), "' object cannot be interpreted as an integer"));
    return false;
}

std::string_view textOf(const Value& value) { return value.as<StrObject>().text; }

}  // namespace mlsyslab::pyvm
