#pragma once

// What the value test suites share: a Runtime whose call() runs builtins directly (no interpreter),
// calling a builtin by name, and describing a result the way CPython would print it.
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "pyvm/Operations.h"
#include "pyvm/Runtime.h"

namespace mlsyslab::pyvm::testing {

class TestRuntime final : public Runtime {
public:
    TestRuntime() { builtins = makeBuiltins(); }
    Value call(const Value& callable, const CallArguments& arguments) override {
        return callNative(*this, callable, arguments);
    }

    Value builtin(const std::string& name) {
        Value* found = builtins.as<DictObject>().find(*this, newStr(name));
        return found != nullptr ? *found : Value();
    }

    // name(positional..., keyword=value...)
    Value callWith(const Value& callable, std::vector<Value> positional,
                   std::vector<std::pair<std::string, Value>> keywords = {}) {
        std::vector<Value> names, values;
        for (auto& [name, value] : keywords) {
            names.push_back(newStr(name));
            values.push_back(value);
        }
        return call(callable, CallArguments{positional, values, names});
    }
    Value callBuiltin(const std::string& name, std::vector<Value> positional,
                      std::vector<std::pair<std::string, Value>> keywords = {}) {
        return callWith(builtin(name), std::move(positional), std::move(keywords));
    }
    Value callMethod(const Value& object, const std::string& name, std::vector<Value> positional,
                     std::vector<std::pair<std::string, Value>> keywords = {}) {
        const Value method = getAttribute(*this, object, name);
        if (method.isNull()) return method;
        return callWith(method, std::move(positional), std::move(keywords));
    }

    // The result's repr, or the pending error's line (`ZeroDivisionError: division by zero`).
    std::string outcome(const Value& result) {
        if (hasError()) return takeError()->line();
        if (result.isNull()) return "NULL without an error";
        return repr(*this, result);
    }
};

inline Value integer(std::int64_t value) { return Value::integer(value); }
inline Value real(double value) { return Value::real(value); }
inline Value text(const std::string& value) { return newStr(value); }
inline Value list(std::initializer_list<Value> items) { return newList(std::vector<Value>(items)); }
inline Value tuple(std::initializer_list<Value> items) {
    return newTuple(std::vector<Value>(items));
}

}  // namespace mlsyslab::pyvm::testing
