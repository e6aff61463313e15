#include <unordered_map>

#include "common/Concat.h"
#include "pyvm/BuiltinFunctions.h"
#include "pyvm/Operations.h"

namespace mlsyslab::pyvm {
namespace {

namespace b = builtins;

struct TypeEntry {
    std::string_view name;
    Kind instanceKind;
    NativeFunction construct;
};

// The builtin types a program can name; every other type (`function`, `list_iterator`, ...) is
// made on demand by type(x) with a constructor that refuses.
constexpr TypeEntry kNamedTypes[] = {
    {"int", Kind::Int, b::makeInt},       {"float", Kind::Float, b::makeFloat},
    {"str", Kind::Str, b::makeStr},       {"bool", Kind::Bool, b::makeBool},
    {"list", Kind::List, b::makeList},    {"tuple", Kind::Tuple, b::makeTuple},
    {"dict", Kind::Dict, b::makeDict},    {"set", Kind::Set, b::makeSet},
    {"range", Kind::Range, b::makeRange}, {"slice", Kind::Slice, b::makeSlice},
    {"type", Kind::Type, b::makeType},    {"enumerate", Kind::Iterator, b::makeEnumerate},
    {"zip", Kind::Iterator, b::makeZip},  {"reversed", Kind::Iterator, b::makeReversed},
    {"map", Kind::Iterator, b::makeMap},  {"filter", Kind::Iterator, b::makeFilter},
};

struct FunctionEntry {
    std::string_view name;
    NativeFunction function;
};

constexpr FunctionEntry kFunctions[] = {
    {"abs", b::abs},       {"all", b::all},
    {"any", b::any},       {"ascii", b::ascii},
    {"bin", b::bin},       {"callable", b::callable},
    {"chr", b::chr},       {"divmod", b::divmod},
    {"format", b::format}, {"hash", b::hash},
    {"hex", b::hex},       {"id", b::id},
    {"input", b::input},   {"isinstance", b::isinstance},
    {"iter", b::iter},     {"len", b::len},
    {"max", b::max},       {"min", b::min},
    {"next", b::next},     {"oct", b::oct},
    {"open", b::open},     {"ord", b::ord},
    {"pow", b::pow},       {"print", b::print},
    {"repr", b::repr},     {"round", b::round},
    {"sorted", b::sorted}, {"sum", b::sum},
};

Kind instanceKindOf(std::string_view name) {
    for (const TypeEntry& entry : kNamedTypes) {
        if (entry.name == name) return entry.instanceKind;
    }
    return Kind::Null;
}

}  // namespace

Value builtinType(std::string_view name) {
    thread_local std::unordered_map<std::string, Value> types;
    const auto found = types.find(std::string(name));
    if (found != types.end()) return found->second;
    NativeFunction construct = b::cannotCreate;
    for (const TypeEntry& entry : kNamedTypes) {
        if (entry.name == name) construct = entry.construct;
    }
    Value type = Value::make<TypeObject>(std::string(name), instanceKindOf(name), construct);
    types.emplace(std::string(name), type);
    return type;
}

Value typeOf(const Value& value) { return builtinType(typeName(value)); }

Value makeBuiltins() {
    Value namespaceDict = newDict();
    DictObject& names = namespaceDict.as<DictObject>();
    // Inserting str keys into a fresh dict cannot fail; a throwaway runtime is not needed for
    // hashing strs, but DictObject::set takes one, so a minimal one is made here.
    struct SetupRuntime final : Runtime {
        Value call(const Value&, const CallArguments&) override { return Value(); }
    } setup;
    for (const FunctionEntry& entry : kFunctions) {
        names.set(setup, newStr(std::string(entry.name)),
                  Value::make<BuiltinObject>(std::string(entry.name), entry.function));
    }
    for (const TypeEntry& entry : kNamedTypes) {
        names.set(setup, newStr(std::string(entry.name)), builtinType(entry.name));
    }
    return namespaceDict;
}

Value callNative(Runtime& runtime, const Value& callable, const CallArguments& arguments) {
    switch (callable.kind()) {
        case Kind::Builtin: {
            const BuiltinObject& builtin = callable.as<BuiltinObject>();
            return builtin.function(runtime, builtin.self, arguments);
        }
        case Kind::Type:
            return callable.as<TypeObject>().construct(runtime, callable, arguments);
        case Kind::Function:
            return runtime.raise("SystemError",
                                 "callNative() cannot run a Python function; use Runtime::call");
        default:
            return runtime.raise("TypeError",
                                 concat("'", typeName(callable), "' object is not callable"));
    }
}

}  // namespace mlsyslab::pyvm
