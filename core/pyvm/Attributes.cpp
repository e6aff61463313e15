#include <variant>

#include "common/Concat.h"
#include "pyvm/Methods.h"
#include "pyvm/Operations.h"

namespace mlsyslab::pyvm {
namespace {

NativeFunction findMethod(std::span<const MethodEntry> methods, std::string_view name) {
    for (const MethodEntry& entry : methods) {
        if (entry.name == name) return entry.function;
    }
    return nullptr;
}

std::span<const MethodEntry> methodsOf(Kind kind) {
    switch (kind) {
        case Kind::Str:
            return strMethods();
        case Kind::List:
            return listMethods();
        case Kind::Tuple:
            return tupleMethods();
        case Kind::Dict:
            return dictMethods();
        case Kind::Set:
            return setMethods();
        case Kind::Int:
        case Kind::Bool:
            return intMethods();
        case Kind::Float:
            return floatMethods();
        default:
            return {};
    }
}

// `str.lower` called as `str.lower(text)`: the method of the first argument, checked to be of
// the type it was taken from. `self` is the pair (type, method name).
Value callUnboundMethod(Runtime& runtime, const Value& self, const CallArguments& arguments) {
    const auto& pair = self.as<TupleObject>().items;
    const TypeObject& type = pair[0].as<TypeObject>();
    const std::string_view name = pair[1].as<StrObject>().text;
    if (arguments.positional.empty()) {
        return runtime.raise(
            "TypeError", concat("unbound method ", type.name, ".", name, "() needs an argument"));
    }
    const Value& receiver = arguments.positional[0];
    if (typeName(receiver) != type.name && !(type.name == "int" && receiver.kind() == Kind::Bool)) {
        return runtime.raise(
            "TypeError", concat("descriptor '", name, "' for '", type.name,
                                "' objects doesn't apply to a '", typeName(receiver), "' object"));
    }
    const Value bound = getAttribute(runtime, receiver, name);
    if (bound.isNull()) return bound;
    return callNative(runtime, bound,
                      CallArguments{arguments.positional.subspan(1), arguments.keywordValues,
                                    arguments.keywordNames});
}

// dict.fromkeys(iterable, value=None).
Value dictFromKeys(Runtime& runtime, const Value&, const CallArguments& arguments) {
    if (!arguments.keywordNames.empty())
        return runtime.raise("TypeError", "dict.fromkeys() takes no keyword arguments");
    if (arguments.positional.empty() || arguments.positional.size() > 2) {
        return runtime.raise(
            "TypeError",
            concat("fromkeys expected at ",
                   arguments.positional.empty() ? "least 1 argument" : "most 2 arguments", ", got ",
                   std::to_string(arguments.positional.size())));
    }
    std::vector<Value> keys;
    if (!collect(runtime, arguments.positional[0], keys)) return Value();
    const Value fill = arguments.positional.size() == 2 ? arguments.positional[1] : Value::none();
    Value dict = newDict();
    for (const Value& key : keys) {
        if (!dict.as<DictObject>().set(runtime, key, fill)) return Value();
    }
    return dict;
}

Value typeAttribute(const Value& type, std::string_view name) {
    const TypeObject& owner = type.as<TypeObject>();
    if (owner.name == "dict" && name == "fromkeys") {
        return Value::make<BuiltinObject>("fromkeys", dictFromKeys, type);
    }
    if (findMethod(methodsOf(owner.instanceKind), name) == nullptr) return Value();
    return Value::make<BuiltinObject>(std::string(name), callUnboundMethod,
                                      newTuple({type, newStr(std::string(name))}));
}

// Plain data attributes: a number's real/imag, a function's or type's __name__, a range's bounds.
Value dataAttribute(const Value& object, std::string_view name) {
    switch (object.kind()) {
        case Kind::Int:
        case Kind::Bool:
            if (name == "real" || name == "numerator") return Value::integer(object.asInt());
            if (name == "imag") return Value::integer(0);
            if (name == "denominator") return Value::integer(1);
            break;
        case Kind::Float:
            if (name == "real") return object;
            if (name == "imag") return Value::real(0.0);
            break;
        case Kind::Range: {
            const RangeObject& range = object.as<RangeObject>();
            if (name == "start") return Value::integer(range.start);
            if (name == "stop") return Value::integer(range.stop);
            if (name == "step") return Value::integer(range.step);
            break;
        }
        case Kind::Slice: {
            const SliceObject& slice = object.as<SliceObject>();
            if (name == "start") return slice.start;
            if (name == "stop") return slice.stop;
            if (name == "step") return slice.step;
            break;
        }
        case Kind::Function: {
            const FunctionObject& function = object.as<FunctionObject>();
            if (name == "__name__") return newStr(function.name);
            if (name == "__qualname__") return newStr(function.qualname);
            // CPython 3.11 takes the docstring from co_consts[0] whenever that is a str.
            if (name == "__doc__") {
                const auto& consts = function.code->consts;
                if (!consts.empty() && std::holds_alternative<std::string>(consts[0].value)) {
                    return newStr(std::get<std::string>(consts[0].value));
                }
                return Value::none();
            }
            if (name == "__defaults__")
                return function.defaults.isNull() ? Value::none() : function.defaults;
            break;
        }
        case Kind::Builtin:
            if (name == "__name__" || name == "__qualname__")
                return newStr(object.as<BuiltinObject>().name);
            break;
        case Kind::Type:
            if (name == "__name__" || name == "__qualname__")
                return newStr(object.as<TypeObject>().name);
            return typeAttribute(object, name);
        default:
            break;
    }
    return Value();
}

}  // namespace

Value getAttribute(Runtime& runtime, const Value& object, std::string_view name) {
    if (const NativeFunction method = findMethod(methodsOf(object.kind()), name)) {
        return Value::make<BuiltinObject>(std::string(name), method, object);
    }
    if (object.kind() == Kind::Dict && name == "fromkeys") {
        return Value::make<BuiltinObject>("fromkeys", dictFromKeys, object);
    }
    Value data = dataAttribute(object, name);
    if (!data.isNull()) return data;
    // Plain CPython wording; the interpreter appends "Did you mean" as CPython's traceback does.
    if (object.kind() == Kind::Type) {
        return runtime.raise("AttributeError", concat("type object '", object.as<TypeObject>().name,
                                                      "' has no attribute '", name, "'"));
    }
    return runtime.raise("AttributeError",
                         concat("'", typeName(object), "' object has no attribute '", name, "'"));
}

}  // namespace mlsyslab::pyvm
