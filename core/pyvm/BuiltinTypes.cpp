#include "common/Concat.h"
#include "pyvm/Arguments.h"
#include "pyvm/BuiltinFunctions.h"
#include "pyvm/Containers.h"
#include "pyvm/Iterators.h"
#include "pyvm/Operations.h"

// The constructors of str, bool, the containers, range, slice, type and the lazy iterators.
namespace mlsyslab::pyvm::builtins {
namespace {

using Arguments = CallArguments;

// Containers take at most one iterable: `list expected at most 1 argument, got 2`.
bool oneIterable(Runtime& runtime, const Arguments& arguments, std::string_view name,
                 std::vector<Value>& items) {
    if (!expectNoKeywords(runtime, arguments, name)) return false;
    if (!expectPositionalCount(runtime, arguments, name, 0, 1)) return false;
    return arguments.positional.empty() || collect(runtime, arguments.positional[0], items);
}

}  // namespace

Value makeStr(Runtime& runtime, const Value&, const Arguments& arguments) {
    if (!expectKeywords(runtime, arguments, "str", {"object"})) return Value();
    if (!expectTupleCount(runtime, arguments, "str", 0, 1)) return Value();
    const Value* object = arguments.positional.empty() ? keywordArgument(arguments, "object")
                                                       : &arguments.positional[0];
    if (object == nullptr) return newStr("");
    if (object->kind() == Kind::Str) return *object;
    std::string text = str(runtime, *object);
    if (runtime.hasError()) return Value();
    return newStr(std::move(text));
}

Value makeBool(Runtime& runtime, const Value&, const Arguments& arguments) {
    if (!expectNoKeywords(runtime, arguments, "bool")) return Value();
    if (!expectPositionalCount(runtime, arguments, "bool", 0, 1)) return Value();
    return Value::boolean(!arguments.positional.empty() && isTrue(arguments.positional[0]));
}

Value makeList(Runtime& runtime, const Value&, const Arguments& arguments) {
    std::vector<Value> items;
    if (!oneIterable(runtime, arguments, "list", items)) return Value();
    return newList(std::move(items));
}

Value makeTuple(Runtime& runtime, const Value&, const Arguments& arguments) {
    if (arguments.positional.size() == 1 && arguments.positional[0].kind() == Kind::Tuple &&
        arguments.keywordNames.empty()) {
        return arguments.positional[0];
    }
    std::vector<Value> items;
    if (!oneIterable(runtime, arguments, "tuple", items)) return Value();
    return newTuple(std::move(items));
}

Value makeSet(Runtime& runtime, const Value&, const Arguments& arguments) {
    std::vector<Value> items;
    if (!oneIterable(runtime, arguments, "set", items)) return Value();
    Value set = newSet();
    for (const Value& item : items) {
        if (!setAdd(runtime, set.as<SetObject>(), item)) return Value();
    }
    return set;
}

Value makeDict(Runtime& runtime, const Value&, const Arguments& arguments) {
    if (!expectPositionalCount(runtime, arguments, "dict", 0, 1)) return Value();
    Value dict = newDict();
    if (!arguments.positional.empty() &&
        !updateDict(runtime, dict.as<DictObject>(), arguments.positional[0]))
        return Value();
    if (!updateDictFromKeywords(runtime, dict.as<DictObject>(), arguments)) return Value();
    return dict;
}

Value makeRange(Runtime& runtime, const Value&, const Arguments& arguments) {
    if (!expectNoKeywords(runtime, arguments, "range")) return Value();
    if (!expectPositionalCount(runtime, arguments, "range", 1, 3)) return Value();
    std::int64_t bounds[3] = {0, 0, 1};
    for (std::size_t i = 0; i < arguments.positional.size(); ++i) {
        if (!indexArgument(runtime, arguments.positional[i], bounds[i])) return Value();
    }
    if (arguments.positional.size() == 1) return Value::make<RangeObject>(0, bounds[0], 1);
    if (bounds[2] == 0) return runtime.raise("ValueError", "range() arg 3 must not be zero");
    return Value::make<RangeObject>(bounds[0], bounds[1], bounds[2]);
}

Value makeSlice(Runtime& runtime, const Value&, const Arguments& arguments) {
    if (!expectNoKeywords(runtime, arguments, "slice")) return Value();
    if (!expectPositionalCount(runtime, arguments, "slice", 1, 3)) return Value();
    const auto& given = arguments.positional;
    if (given.size() == 1) return Value::make<SliceObject>(Value::none(), given[0], Value::none());
    return Value::make<SliceObject>(given[0], given[1],
                                    given.size() == 3 ? given[2] : Value::none());
}

Value makeType(Runtime& runtime, const Value&, const Arguments& arguments) {
    if (arguments.positional.size() == 3) {
        return runtime.raise("TypeError",
                             "type() with 3 arguments makes a class; the lesson VM has no classes");
    }
    if (arguments.positional.size() != 1 || !arguments.keywordNames.empty()) {
        return runtime.raise("TypeError", "type() takes 1 or 3 arguments");
    }
    return typeOf(arguments.positional[0]);
}

Value makeEnumerate(Runtime& runtime, const Value&, const Arguments& arguments) {
    if (!expectKeywords(runtime, arguments, "enumerate", {"iterable", "start"})) return Value();
    if (!expectTupleCount(runtime, arguments, "enumerate", 0, 2)) return Value();
    const Value* iterable = arguments.positional.size() > 0
                                ? &arguments.positional[0]
                                : keywordArgument(arguments, "iterable");
    const Value* start = arguments.positional.size() > 1 ? &arguments.positional[1]
                                                         : keywordArgument(arguments, "start");
    if (iterable == nullptr)
        return runtime.raise("TypeError",
                             "enumerate() missing required argument 'iterable' (pos 1)");
    std::int64_t first = 0;
    if (start != nullptr && !indexArgument(runtime, *start, first)) return Value();
    Value iterator = getIter(runtime, *iterable);
    if (iterator.isNull()) return Value();
    return pyvm::makeEnumerate(std::move(iterator), first);
}

Value makeZip(Runtime& runtime, const Value&, const Arguments& arguments) {
    // strict= is accepted; the lesson VM stops at the shortest input either way.
    if (!expectKeywords(runtime, arguments, "zip", {"strict"})) return Value();
    std::vector<Value> iterators;
    for (const Value& iterable : arguments.positional) {
        Value iterator = getIter(runtime, iterable);
        if (iterator.isNull()) return Value();
        iterators.push_back(std::move(iterator));
    }
    return pyvm::makeZip(std::move(iterators));
}

Value makeReversed(Runtime& runtime, const Value&, const Arguments& arguments) {
    if (!expectNoKeywords(runtime, arguments, "reversed")) return Value();
    if (!expectPositionalCount(runtime, arguments, "reversed", 1, 1)) return Value();
    return pyvm::makeReversed(runtime, arguments.positional[0]);
}

Value makeMap(Runtime& runtime, const Value&, const Arguments& arguments) {
    if (!expectNoKeywords(runtime, arguments, "map")) return Value();
    if (arguments.positional.size() < 2)
        return runtime.raise("TypeError", "map() must have at least two arguments.");
    std::vector<Value> iterators;
    for (std::size_t i = 1; i < arguments.positional.size(); ++i) {
        Value iterator = getIter(runtime, arguments.positional[i]);
        if (iterator.isNull()) return Value();
        iterators.push_back(std::move(iterator));
    }
    return pyvm::makeMap(arguments.positional[0], std::move(iterators));
}

Value makeFilter(Runtime& runtime, const Value&, const Arguments& arguments) {
    if (!expectNoKeywords(runtime, arguments, "filter")) return Value();
    if (!expectPositionalCount(runtime, arguments, "filter", 2, 2)) return Value();
    Value iterator = getIter(runtime, arguments.positional[1]);
    if (iterator.isNull()) return Value();
    return pyvm::makeFilter(arguments.positional[0], std::move(iterator));
}

Value cannotCreate(Runtime& runtime, const Value& self, const Arguments& arguments) {
    // type(None)() is None, as in CPython; no other of these types can be made by calling it.
    if (self.as<TypeObject>().name == "NoneType" && arguments.positional.empty() &&
        arguments.keywordNames.empty()) {
        return Value::none();
    }
    return runtime.raise("TypeError",
                         concat("cannot create '", self.as<TypeObject>().name, "' instances"));
}

}  // namespace mlsyslab::pyvm::builtins
