#include "common/Concat.h"
#include "pyvm/Arguments.h"
#include "pyvm/Containers.h"
#include "pyvm/Methods.h"
#include "pyvm/Operations.h"

// The methods of dict.
namespace mlsyslab::pyvm {
namespace {

using Arguments = CallArguments;

DictObject& dictOf(const Value& self) { return self.as<DictObject>(); }

Value get(Runtime& runtime, const Value& self, const Arguments& arguments) {
    if (!expectNoKeywords(runtime, arguments, "dict.get")) return Value();
    if (!expectPositionalCount(runtime, arguments, "get", 1, 2)) return Value();
    const Value* found = dictOf(self).find(runtime, arguments.positional[0]);
    if (found != nullptr) return *found;
    if (runtime.hasError()) return Value();
    return arguments.positional.size() == 2 ? arguments.positional[1] : Value::none();
}

Value view(Runtime& runtime, const Value& self, const Arguments& arguments,
           DictViewObject::Which which, std::string_view qualified) {
    if (!expectNoArguments(runtime, arguments, qualified)) return Value();
    return Value::make<DictViewObject>(self, which);
}
Value keys(Runtime& r, const Value& s, const Arguments& a) {
    return view(r, s, a, DictViewObject::Which::Keys, "dict.keys");
}
Value values(Runtime& r, const Value& s, const Arguments& a) {
    return view(r, s, a, DictViewObject::Which::Values, "dict.values");
}
Value items(Runtime& r, const Value& s, const Arguments& a) {
    return view(r, s, a, DictViewObject::Which::Items, "dict.items");
}

Value pop(Runtime& runtime, const Value& self, const Arguments& arguments) {
    if (!expectNoKeywords(runtime, arguments, "dict.pop")) return Value();
    if (!expectPositionalCount(runtime, arguments, "pop", 1, 2)) return Value();
    DictObject& dict = dictOf(self);
    const Value* found = dict.find(runtime, arguments.positional[0]);
    if (found == nullptr) {
        if (runtime.hasError()) return Value();
        if (arguments.positional.size() == 2) return arguments.positional[1];
        return raiseKeyError(runtime, arguments.positional[0]);
    }
    Value value = *found;
    dict.erase(runtime, arguments.positional[0]);
    return value;
}

Value popitem(Runtime& runtime, const Value& self, const Arguments& arguments) {
    if (!expectNoArguments(runtime, arguments, "dict.popitem")) return Value();
    DictObject& dict = dictOf(self);
    for (auto entry = dict.entries.rbegin(); entry != dict.entries.rend(); ++entry) {
        if (entry->key.isNull()) continue;
        Value pair = newTuple({entry->key, entry->value});
        const Value key = entry->key;
        dict.erase(runtime, key);
        return pair;
    }
    return raiseKeyError(runtime, newStr("popitem(): dictionary is empty"));
}

Value update(Runtime& runtime, const Value& self, const Arguments& arguments) {
    if (!expectPositionalCount(runtime, arguments, "update", 0, 1)) return Value();
    if (!arguments.positional.empty() &&
        !updateDict(runtime, dictOf(self), arguments.positional[0]))
        return Value();
    if (!updateDictFromKeywords(runtime, dictOf(self), arguments)) return Value();
    return Value::none();
}

Value setdefault(Runtime& runtime, const Value& self, const Arguments& arguments) {
    if (!expectNoKeywords(runtime, arguments, "dict.setdefault")) return Value();
    if (!expectPositionalCount(runtime, arguments, "setdefault", 1, 2)) return Value();
    DictObject& dict = dictOf(self);
    const Value* found = dict.find(runtime, arguments.positional[0]);
    if (found != nullptr) return *found;
    if (runtime.hasError()) return Value();
    const Value fallback =
        arguments.positional.size() == 2 ? arguments.positional[1] : Value::none();
    if (!dict.set(runtime, arguments.positional[0], fallback)) return Value();
    return fallback;
}

Value copy(Runtime& runtime, const Value& self, const Arguments& arguments) {
    if (!expectNoArguments(runtime, arguments, "dict.copy")) return Value();
    return copyDict(dictOf(self));
}

Value clear(Runtime& runtime, const Value& self, const Arguments& arguments) {
    if (!expectNoArguments(runtime, arguments, "dict.clear")) return Value();
    DictObject& dict = dictOf(self);
    std::vector<DictObject::Entry> dropped = std::move(dict.entries);
    dict.entries.clear();
    dict.liveCount = 0;
    reindexDict(dict);
    return Value::none();
}

constexpr MethodEntry kDictMethods[] = {
    {"clear", clear},   {"copy", copy},     {"get", get},         {"items", items},
    {"keys", keys},     {"pop", pop},       {"popitem", popitem}, {"setdefault", setdefault},
    {"update", update}, {"values", values},
};

}  // namespace

std::span<const MethodEntry> dictMethods() { return kDictMethods; }

}  // namespace mlsyslab::pyvm
