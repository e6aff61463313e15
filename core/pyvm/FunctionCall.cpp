// Binding a call's arguments to a Python function's parameters, CPython 3.11's
// initialize_locals() with its exact error messages (which name the function by its qualname),
// and CALL_FUNCTION_EX, which builds the arguments from a tuple and a dict first.
#include <algorithm>
#include <string>
#include <vector>

#include "common/Concat.h"
#include "pyvm/Interpreter.h"
#include "pyvm/OpcodeSupport.h"
#include "pyvm/Operations.h"
#include "pyvm/Repr.h"

namespace mlsyslab::pyvm {

namespace {

std::string plural(std::size_t count, const char* word) {
    return concat(std::to_string(count), " ", word, count == 1 ? "" : "s");
}

// `'a'`, `'a' and 'b'`, `'a', 'b', and 'c'`, as CPython's format_missing joins them.
std::string joinNames(const std::vector<std::string>& names) {
    if (names.size() == 1) return names[0];
    if (names.size() == 2) return concat(names[0], " and ", names[1]);
    std::string joined;
    for (std::size_t index = 0; index + 2 < names.size(); ++index)
        joined += concat(names[index], ", ");
    return concat(joined, names[names.size() - 2], ", and ", names.back());
}

void raiseMissing(Runtime& runtime, const FunctionObject& function,
                  const std::vector<std::string>& names, const char* kind) {
    runtime.raise("TypeError", concat(function.qualname, "() missing ",
                                      std::to_string(names.size()), " required ", kind, " argument",
                                      names.size() == 1 ? "" : "s", ": ", joinNames(names)));
}

void raiseTooManyPositional(Runtime& runtime, const FunctionObject& function, const Value* locals,
                            std::size_t given) {
    const CodeObject& code = *function.code;
    std::size_t keywordOnlyGiven = 0;
    for (int index = code.argCount; index < code.argCount + code.kwOnlyArgCount; ++index) {
        if (!locals[index].isNull()) ++keywordOnlyGiven;
    }
    const std::size_t defaultCount =
        function.defaults.isNull() ? 0 : function.defaults.as<TupleObject>().items.size();
    std::string signature;
    bool pluralWord = false;
    if (defaultCount > 0) {
        signature = concat("from ", std::to_string(code.argCount - static_cast<int>(defaultCount)),
                           " to ", std::to_string(code.argCount));
        pluralWord = true;
    } else {
        signature = std::to_string(code.argCount);
        pluralWord = code.argCount != 1;
    }
    std::string keywordOnly;
    if (keywordOnlyGiven > 0) {
        keywordOnly = concat(" positional argument", given != 1 ? "s" : "", " (and ",
                             plural(keywordOnlyGiven, "keyword-only argument"), ")");
    }
    runtime.raise("TypeError",
                  concat(function.qualname, "() takes ", signature, " positional argument",
                         pluralWord ? "s" : "", " but ", std::to_string(given), keywordOnly, " ",
                         given == 1 && keywordOnlyGiven == 0 ? "was" : "were", " given"));
}

}  // namespace

bool Interpreter::bindArguments(Frame& frame, const FunctionObject& function,
                                const CallArguments& arguments) {
    const CodeObject& code = *function.code;
    Value* locals = frame.localsPlus;
    const int totalArgs = code.argCount + code.kwOnlyArgCount;
    const bool varArgs = (code.flags & CodeFlag::VarArgs) != 0;
    const bool varKeywords = (code.flags & CodeFlag::VarKeywords) != 0;
    DictObject* keywordDict = nullptr;
    if (varKeywords) {
        Value dict = newDict();
        keywordDict = &dict.as<DictObject>();
        locals[totalArgs + (varArgs ? 1 : 0)] = std::move(dict);
    }

    const std::size_t given = arguments.positional.size();
    const std::size_t direct = std::min(given, static_cast<std::size_t>(code.argCount));
    for (std::size_t index = 0; index < direct; ++index)
        locals[index] = arguments.positional[index];
    if (varArgs) {
        std::vector<Value> rest(arguments.positional.begin() + static_cast<std::ptrdiff_t>(direct),
                                arguments.positional.end());
        locals[totalArgs] = newTuple(std::move(rest));
    }

    for (std::size_t keyword = 0; keyword < arguments.keywordNames.size(); ++keyword) {
        const Value& nameValue = arguments.keywordNames[keyword];
        const std::string& name = nameValue.as<StrObject>().text;
        int slot = -1;
        for (int index = code.posOnlyArgCount; index < totalArgs; ++index) {
            if (code.localsPlus[static_cast<std::size_t>(index)].name == name) {
                slot = index;
                break;
            }
        }
        if (slot < 0) {
            if (keywordDict != nullptr) {
                if (!keywordDict->set(*this, nameValue, arguments.keywordValues[keyword]))
                    return false;
                continue;
            }
            std::vector<std::string> positionalOnly;
            for (int index = 0; index < code.posOnlyArgCount; ++index) {
                const std::string& parameter =
                    code.localsPlus[static_cast<std::size_t>(index)].name;
                for (const Value& passed : arguments.keywordNames) {
                    if (passed.as<StrObject>().text == parameter)
                        positionalOnly.push_back(parameter);
                }
            }
            if (!positionalOnly.empty()) {
                std::string joined;
                for (const std::string& parameter : positionalOnly) {
                    joined += joined.empty() ? parameter : concat(", ", parameter);
                }
                raise("TypeError",
                      concat(function.qualname,
                             "() got some positional-only arguments passed as keyword arguments: '",
                             joined, "'"));
                return false;
            }
            raise("TypeError",
                  concat(function.qualname, "() got an unexpected keyword argument '", name, "'"));
            return false;
        }
        if (!locals[slot].isNull()) {
            raise("TypeError",
                  concat(function.qualname, "() got multiple values for argument '", name, "'"));
            return false;
        }
        locals[slot] = arguments.keywordValues[keyword];
    }

    if (given > static_cast<std::size_t>(code.argCount) && !varArgs) {
        raiseTooManyPositional(*this, function, locals, given);
        return false;
    }

    if (given < static_cast<std::size_t>(code.argCount)) {
        const auto* defaults =
            function.defaults.isNull() ? nullptr : &function.defaults.as<TupleObject>().items;
        const int defaultCount = defaults == nullptr ? 0 : static_cast<int>(defaults->size());
        const int firstDefault = code.argCount - defaultCount;
        std::vector<std::string> missing;
        for (int index = static_cast<int>(given); index < firstDefault; ++index) {
            if (locals[index].isNull())
                missing.push_back(strRepr(code.localsPlus[static_cast<std::size_t>(index)].name));
        }
        if (!missing.empty()) {
            raiseMissing(*this, function, missing, "positional");
            return false;
        }
        for (int index = std::max(static_cast<int>(given) - firstDefault, 0); index < defaultCount;
             ++index) {
            if (locals[firstDefault + index].isNull())
                locals[firstDefault + index] = (*defaults)[static_cast<std::size_t>(index)];
        }
    }

    if (code.kwOnlyArgCount > 0) {
        std::vector<std::string> missing;
        for (int index = code.argCount; index < totalArgs; ++index) {
            if (!locals[index].isNull()) continue;
            const std::string& name = code.localsPlus[static_cast<std::size_t>(index)].name;
            if (!function.kwDefaults.isNull()) {
                if (Value* found = function.kwDefaults.as<DictObject>().find(*this, newStr(name))) {
                    locals[index] = *found;
                    continue;
                }
            }
            missing.push_back(strRepr(name));
        }
        if (!missing.empty()) {
            raiseMissing(*this, function, missing, "keyword-only");
            return false;
        }
    }
    return true;
}

Value* OpcodeSupport::callFunctionEx(Interpreter& vm, Value* sp, int flags, Frame*& pushed) {
    const bool hasKeywords = (flags & 1) != 0;
    Value* argumentsSlot = sp - 1 - (hasKeywords ? 1 : 0);
    Value* callableSlot = argumentsSlot - 1;
    Value* callerTop = callableSlot - 1;  // the NULL CPython 3.11 pushes first

    std::vector<Value> positional;
    if (argumentsSlot->kind() == Kind::Tuple) {
        positional = argumentsSlot->as<TupleObject>().items;
    } else if (!collect(vm, *argumentsSlot, positional)) {
        if (vm.hasError() && vm.error().type == "TypeError" &&
            vm.error().message.ends_with("object is not iterable")) {
            vm.takeError();
            vm.raise("TypeError", concat(functionString(*callableSlot),
                                         " argument after * must be an iterable, not ",
                                         typeName(*argumentsSlot)));
        }
        return nullptr;
    }
    std::vector<Value> keywordNames;
    std::vector<Value> keywordValues;
    if (hasKeywords) {
        for (const DictObject::Entry& entry : sp[-1].as<DictObject>().entries) {
            if (entry.key.isNull()) continue;
            if (entry.key.kind() != Kind::Str) {
                vm.raise("TypeError", "keywords must be strings");
                return nullptr;
            }
            keywordNames.push_back(entry.key);
            keywordValues.push_back(entry.value);
        }
    }
    const CallArguments call{positional, keywordValues, keywordNames};
    Value result;
    if (callableSlot->kind() == Kind::Function) {
        pushed = vm.pushFunctionFrame(*callableSlot, call);
        if (pushed == nullptr) return nullptr;
    } else {
        result = vm.callValue(*callableSlot, call);
        if (result.isNull()) return nullptr;
    }
    while (sp != callerTop) *--sp = Value();
    if (pushed == nullptr) *sp++ = std::move(result);
    return sp;
}

}  // namespace mlsyslab::pyvm
