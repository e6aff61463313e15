#include "common/Concat.h"
#include "pyvm/Arguments.h"
#include "pyvm/BuiltinFunctions.h"
#include "pyvm/ObjectIdentity.h"
#include "pyvm/Operations.h"
#include "pyvm/Utf8.h"

// The builtins about output, identity, types and iteration.
namespace mlsyslab::pyvm::builtins {
namespace {

using Arguments = CallArguments;

// sep= and end= of print(): None or a str.
bool printText(Runtime& runtime, const Value* value, std::string_view name,
               std::string_view fallback, std::string_view& out) {
    if (value == nullptr || value->kind() == Kind::None) {
        out = fallback;
        return true;
    }
    if (value->kind() != Kind::Str) {
        runtime.raise("TypeError",
                      concat(name, " must be None or a string, not ", typeName(*value)));
        return false;
    }
    out = textOf(*value);
    return true;
}

bool isInstanceOf(const Value& object, const TypeObject& type) {
    if (typeName(object) == type.name) return true;
    return type.name == "int" && object.kind() == Kind::Bool;
}

Value integerText(Runtime& runtime, const Arguments& arguments, std::string_view name, int base,
                  std::string_view prefix) {
    if (!expectOneArgument(runtime, arguments, name)) return Value();
    std::int64_t value;
    if (!indexArgument(runtime, arguments.positional[0], value)) return Value();
    std::uint64_t magnitude =
        value < 0 ? 0ULL - static_cast<std::uint64_t>(value) : static_cast<std::uint64_t>(value);
    std::string digits;
    do {
        digits.insert(digits.begin(), "0123456789abcdef"[magnitude % static_cast<unsigned>(base)]);
        magnitude /= static_cast<unsigned>(base);
    } while (magnitude > 0);
    return newStr(concat(value < 0 ? "-" : "", prefix, digits));
}

}  // namespace

Value print(Runtime& runtime, const Value&, const Arguments& arguments) {
    if (!expectKeywords(runtime, arguments, "print", {"sep", "end", "file", "flush"}))
        return Value();
    std::string_view separator, end;
    if (!printText(runtime, keywordArgument(arguments, "sep"), "sep", " ", separator))
        return Value();
    if (!printText(runtime, keywordArgument(arguments, "end"), "end", "\n", end)) return Value();
    const Value* file = keywordArgument(arguments, "file");
    if (file != nullptr && file->kind() != Kind::None) {
        return runtime.raise("OSError",
                             "the lesson VM has no files: print() writes to the output only");
    }
    std::string line;
    for (std::size_t i = 0; i < arguments.positional.size(); ++i) {
        if (i > 0) line += separator;
        line += str(runtime, arguments.positional[i]);
        if (runtime.hasError()) return Value();
    }
    line += end;
    runtime.write(line);
    return Value::none();
}

Value len(Runtime& runtime, const Value&, const Arguments& arguments) {
    if (!expectOneArgument(runtime, arguments, "len")) return Value();
    const Value& object = arguments.positional[0];
    switch (object.kind()) {
        case Kind::Str:
            return Value::integer(object.as<StrObject>().length);
        case Kind::List:
            return Value::integer(static_cast<std::int64_t>(object.as<ListObject>().items.size()));
        case Kind::Tuple:
            return Value::integer(static_cast<std::int64_t>(object.as<TupleObject>().items.size()));
        case Kind::Dict:
            return Value::integer(object.as<DictObject>().size());
        case Kind::Set:
            return Value::integer(object.as<SetObject>().members.size());
        case Kind::Range:
            return Value::integer(object.as<RangeObject>().length());
        case Kind::DictView:
            return Value::integer(object.as<DictViewObject>().dict.as<DictObject>().size());
        default:
            return runtime.raise("TypeError",
                                 concat("object of type '", typeName(object), "' has no len()"));
    }
}

Value repr(Runtime& runtime, const Value&, const Arguments& arguments) {
    if (!expectOneArgument(runtime, arguments, "repr")) return Value();
    std::string text = pyvm::repr(runtime, arguments.positional[0]);
    if (runtime.hasError()) return Value();
    return newStr(std::move(text));
}

Value ascii(Runtime& runtime, const Value&, const Arguments& arguments) {
    if (!expectOneArgument(runtime, arguments, "ascii")) return Value();
    return convertForFormat(runtime, arguments.positional[0], 'a');
}

Value format(Runtime& runtime, const Value&, const Arguments& arguments) {
    if (!expectNoKeywords(runtime, arguments, "format")) return Value();
    if (!expectPositionalCount(runtime, arguments, "format", 1, 2)) return Value();
    std::string_view spec;
    if (arguments.positional.size() == 2) {
        if (arguments.positional[1].kind() != Kind::Str) {
            return runtime.raise("TypeError", concat("format() argument 2 must be str, not ",
                                                     typeName(arguments.positional[1])));
        }
        spec = textOf(arguments.positional[1]);
    }
    return formatValue(runtime, arguments.positional[0], spec);
}

Value hash(Runtime& runtime, const Value&, const Arguments& arguments) {
    if (!expectOneArgument(runtime, arguments, "hash")) return Value();
    std::int64_t hashed;
    if (!pyvm::hash(runtime, arguments.positional[0], hashed)) return Value();
    return Value::integer(hashed);
}

Value id(Runtime& runtime, const Value&, const Arguments& arguments) {
    if (!expectOneArgument(runtime, arguments, "id")) return Value();
    const Value& object = arguments.positional[0];
    if (object.isHeap())
        return Value::integer(static_cast<std::int64_t>(fakeAddress(*object.object())));
    // Immediates have no object; a stable number derived from the value stands in.
    return Value::integer(0x7f3a00000000LL + static_cast<std::int64_t>(object.kind()) * 0x100000 +
                          (object.asInt() & 0xFFFF) * 32);
}

Value callable(Runtime& runtime, const Value&, const Arguments& arguments) {
    if (!expectOneArgument(runtime, arguments, "callable")) return Value();
    const Kind kind = arguments.positional[0].kind();
    return Value::boolean(kind == Kind::Function || kind == Kind::Builtin || kind == Kind::Type);
}

Value isinstance(Runtime& runtime, const Value&, const Arguments& arguments) {
    if (!expectNoKeywords(runtime, arguments, "isinstance")) return Value();
    if (!expectPositionalCount(runtime, arguments, "isinstance", 2, 2)) return Value();
    const Value& object = arguments.positional[0];
    const Value& classes = arguments.positional[1];
    if (classes.kind() == Kind::Type)
        return Value::boolean(isInstanceOf(object, classes.as<TypeObject>()));
    if (classes.kind() == Kind::Tuple) {
        // Checked in order: a match ends the search before a bad entry further on is seen.
        for (const Value& candidate : classes.as<TupleObject>().items) {
            if (candidate.kind() != Kind::Type) {
                return runtime.raise(
                    "TypeError", "isinstance() arg 2 must be a type, a tuple of types, or a union");
            }
            if (isInstanceOf(object, candidate.as<TypeObject>())) return Value::boolean(true);
        }
        return Value::boolean(false);
    }
    return runtime.raise("TypeError",
                         "isinstance() arg 2 must be a type, a tuple of types, or a union");
}

Value iter(Runtime& runtime, const Value&, const Arguments& arguments) {
    if (!expectNoKeywords(runtime, arguments, "iter")) return Value();
    if (!expectPositionalCount(runtime, arguments, "iter", 1, 2)) return Value();
    if (arguments.positional.size() == 2) {
        const Kind kind = arguments.positional[0].kind();
        if (kind != Kind::Function && kind != Kind::Builtin && kind != Kind::Type) {
            return runtime.raise("TypeError", "iter(v, w): v must be callable");
        }
        return runtime.raise("TypeError",
                             "iter(callable, sentinel) is not available in the lesson VM");
    }
    return getIter(runtime, arguments.positional[0]);
}

Value next(Runtime& runtime, const Value&, const Arguments& arguments) {
    if (!expectNoKeywords(runtime, arguments, "next")) return Value();
    if (!expectPositionalCount(runtime, arguments, "next", 1, 2)) return Value();
    Value item = iterNext(runtime, arguments.positional[0]);
    if (!item.isNull() || runtime.hasError()) return item;
    if (arguments.positional.size() == 2) return arguments.positional[1];
    return runtime.raise("StopIteration", "");
}

Value chr(Runtime& runtime, const Value&, const Arguments& arguments) {
    if (!expectOneArgument(runtime, arguments, "chr")) return Value();
    std::int64_t codePoint;
    if (!indexArgument(runtime, arguments.positional[0], codePoint)) return Value();
    if (codePoint < 0 || codePoint > 0x10FFFF)
        return runtime.raise("ValueError", "chr() arg not in range(0x110000)");
    return newStr(utf8Of(static_cast<char32_t>(codePoint)));
}

Value ord(Runtime& runtime, const Value&, const Arguments& arguments) {
    if (!expectOneArgument(runtime, arguments, "ord")) return Value();
    const Value& text = arguments.positional[0];
    if (text.kind() != Kind::Str) {
        return runtime.raise("TypeError", concat("ord() expected string of length 1, but ",
                                                 typeName(text), " found"));
    }
    const std::vector<char32_t> codePoints = decodeUtf8(text.as<StrObject>().text);
    if (codePoints.size() != 1) {
        return runtime.raise("TypeError",
                             concat("ord() expected a character, but string of length ",
                                    std::to_string(codePoints.size()), " found"));
    }
    return Value::integer(codePoints[0]);
}

Value hex(Runtime& runtime, const Value&, const Arguments& arguments) {
    return integerText(runtime, arguments, "hex", 16, "0x");
}
Value bin(Runtime& runtime, const Value&, const Arguments& arguments) {
    return integerText(runtime, arguments, "bin", 2, "0b");
}
Value oct(Runtime& runtime, const Value&, const Arguments& arguments) {
    return integerText(runtime, arguments, "oct", 8, "0o");
}

Value input(Runtime& runtime, const Value&, const Arguments&) {
    return runtime.raise("RuntimeError", "input() is not available in the lesson VM");
}

Value open(Runtime& runtime, const Value&, const Arguments&) {
    return runtime.raise("OSError", "the lesson VM has no files");
}

}  // namespace mlsyslab::pyvm::builtins
