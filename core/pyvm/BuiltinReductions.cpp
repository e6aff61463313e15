#include "common/Concat.h"
#include "pyvm/Arguments.h"
#include "pyvm/BuiltinFunctions.h"
#include "pyvm/Numbers.h"
#include "pyvm/Operations.h"
#include "pyvm/Sorting.h"

// The builtins that walk an iterable to one answer: min, max, sum, any, all, and sorted.
namespace mlsyslab::pyvm::builtins {
namespace {

using Arguments = CallArguments;

// min() and max(), as bltinmodule.c's min_max: the first item wins ties, and each new item is
// compared as `item < best` (min) or `item > best` (max).
Value extreme(Runtime& runtime, const Arguments& arguments, std::string_view name,
              CompareOpArg op) {
    if (!expectKeywords(runtime, arguments, name, {"key", "default"})) return Value();
    const Value* key = keywordArgument(arguments, "key");
    const Value* fallback = keywordArgument(arguments, "default");
    if (arguments.positional.empty()) {
        return runtime.raise("TypeError", concat(name, " expected at least 1 argument, got 0"));
    }
    std::vector<Value> items;
    if (arguments.positional.size() == 1) {
        if (!collect(runtime, arguments.positional[0], items)) return Value();
    } else {
        if (fallback != nullptr) {
            return runtime.raise("TypeError", concat("Cannot specify a default for ", name,
                                                     "() with multiple positional arguments"));
        }
        items.assign(arguments.positional.begin(), arguments.positional.end());
    }
    if (items.empty()) {
        if (fallback != nullptr) return *fallback;
        return runtime.raise("ValueError", concat(name, "() arg is an empty sequence"));
    }
    const bool keyed = key != nullptr && key->kind() != Kind::None;
    auto keyOf = [&](const Value& item) {
        if (!keyed) return item;
        const Value callArguments[] = {item};
        return runtime.call(*key, CallArguments{callArguments, {}, {}});
    };
    Value best = items[0];
    Value bestKey = keyOf(best);
    if (bestKey.isNull()) return Value();
    for (std::size_t i = 1; i < items.size(); ++i) {
        const Value itemKey = keyOf(items[i]);
        if (itemKey.isNull()) return Value();
        const Value better = compare(runtime, static_cast<int>(op), itemKey, bestKey);
        if (better.isNull()) return Value();
        if (isTrue(better)) {
            best = items[i];
            bestKey = itemKey;
        }
    }
    return best;
}

// any() / all(): stops at the first item that decides.
Value decide(Runtime& runtime, const Arguments& arguments, std::string_view name, bool stopWhen) {
    if (!expectOneArgument(runtime, arguments, name)) return Value();
    const Value iterator = getIter(runtime, arguments.positional[0]);
    if (iterator.isNull()) return Value();
    while (true) {
        const Value item = iterNext(runtime, iterator);
        if (item.isNull()) return runtime.hasError() ? Value() : Value::boolean(!stopWhen);
        if (isTrue(item) == stopWhen) return Value::boolean(stopWhen);
    }
}

}  // namespace

Value min(Runtime& runtime, const Value&, const Arguments& arguments) {
    return extreme(runtime, arguments, "min", CompareOpArg::Less);
}

Value max(Runtime& runtime, const Value&, const Arguments& arguments) {
    return extreme(runtime, arguments, "max", CompareOpArg::Greater);
}

Value sum(Runtime& runtime, const Value&, const Arguments& arguments) {
    if (!expectKeywords(runtime, arguments, "sum", {"start"})) return Value();
    if (!expectPositionalCount(runtime, arguments, "sum", 1, 2)) return Value();
    const Value* start = arguments.positional.size() == 2 ? &arguments.positional[1]
                                                          : keywordArgument(arguments, "start");
    Value total = start != nullptr ? *start : Value::integer(0);
    if (total.kind() == Kind::Str) {
        return runtime.raise("TypeError", "sum() can't sum strings [use ''.join(seq) instead]");
    }
    const Value iterator = getIter(runtime, arguments.positional[0]);
    if (iterator.isNull()) return Value();
    while (true) {
        const Value item = iterNext(runtime, iterator);
        if (item.isNull()) return runtime.hasError() ? Value() : total;
        // Floats add as plain doubles, as 3.11's sum does (3.12 compensates; 3.11 does not).
        if (total.kind() == Kind::Float && isNumber(item)) {
            total = Value::real(total.asFloat() + toDouble(item));
            continue;
        }
        Value next = binaryOp(runtime, static_cast<int>(BinaryOpArg::Add), total, item);
        if (next.isNull()) return Value();
        total = std::move(next);
    }
}

Value any(Runtime& runtime, const Value&, const Arguments& arguments) {
    return decide(runtime, arguments, "any", true);
}
Value all(Runtime& runtime, const Value&, const Arguments& arguments) {
    return decide(runtime, arguments, "all", false);
}

Value sorted(Runtime& runtime, const Value&, const Arguments& arguments) {
    if (!expectPositionalCount(runtime, arguments, "sorted", 1, 1)) return Value();
    if (!expectKeywords(runtime, arguments, "sort", {"key", "reverse"})) return Value();
    std::vector<Value> items;
    if (!collect(runtime, arguments.positional[0], items)) return Value();
    const Value* key = keywordArgument(arguments, "key");
    const Value* reverse = keywordArgument(arguments, "reverse");
    if (!sortValues(runtime, items, key != nullptr ? *key : Value(),
                    reverse != nullptr && isTrue(*reverse)))
        return Value();
    return newList(std::move(items));
}

}  // namespace mlsyslab::pyvm::builtins
