#include <algorithm>

#include "common/Concat.h"
#include "pyvm/Arguments.h"
#include "pyvm/Containers.h"
#include "pyvm/Methods.h"
#include "pyvm/Operations.h"
#include "pyvm/Sorting.h"

// The methods of list and tuple.
namespace mlsyslab::pyvm {
namespace {

using Arguments = CallArguments;

std::vector<Value>& itemsOf(const Value& self) {
    return self.kind() == Kind::List ? self.as<ListObject>().items : self.as<TupleObject>().items;
}

Value append(Runtime& runtime, const Value& self, const Arguments& arguments) {
    if (!expectOneArgument(runtime, arguments, "list.append")) return Value();
    std::vector<Value>& items = itemsOf(self);
    if (!runtime.checkContainerSize(static_cast<std::int64_t>(items.size()) + 1)) return Value();
    items.push_back(arguments.positional[0]);
    return Value::none();
}

Value extend(Runtime& runtime, const Value& self, const Arguments& arguments) {
    if (!expectOneArgument(runtime, arguments, "list.extend")) return Value();
    if (!extendList(runtime, self.as<ListObject>(), arguments.positional[0])) return Value();
    return Value::none();
}

Value insert(Runtime& runtime, const Value& self, const Arguments& arguments) {
    if (!expectNoKeywords(runtime, arguments, "list.insert")) return Value();
    if (!expectPositionalCount(runtime, arguments, "insert", 2, 2)) return Value();
    std::int64_t index;
    if (!indexArgument(runtime, arguments.positional[0], index)) return Value();
    std::vector<Value>& items = itemsOf(self);
    const auto size = static_cast<std::int64_t>(items.size());
    if (!runtime.checkContainerSize(size + 1)) return Value();
    if (index < 0) index = std::max<std::int64_t>(index + size, 0);
    index = std::min(index, size);
    items.insert(items.begin() + index, arguments.positional[1]);
    return Value::none();
}

Value pop(Runtime& runtime, const Value& self, const Arguments& arguments) {
    if (!expectNoKeywords(runtime, arguments, "list.pop")) return Value();
    if (!expectPositionalCount(runtime, arguments, "pop", 0, 1)) return Value();
    std::int64_t index = -1;
    if (!arguments.positional.empty() && !indexArgument(runtime, arguments.positional[0], index))
        return Value();
    std::vector<Value>& items = itemsOf(self);
    if (items.empty()) return runtime.raise("IndexError", "pop from empty list");
    const auto size = static_cast<std::int64_t>(items.size());
    if (index < 0) index += size;
    if (index < 0 || index >= size) return runtime.raise("IndexError", "pop index out of range");
    Value item = std::move(items[static_cast<std::size_t>(index)]);
    items.erase(items.begin() + index);
    return item;
}

// The first position of `target` in items[start:end], -1 when absent, -2 on error.
std::int64_t position(Runtime& runtime, const Value& self, const Value& target, std::int64_t start,
                      std::int64_t end) {
    const Value keepAlive = self;
    const std::vector<Value>& items = itemsOf(keepAlive);
    for (std::int64_t i = start; i < end && i < static_cast<std::int64_t>(items.size()); ++i) {
        const Value item = items[static_cast<std::size_t>(i)];
        if (isSame(item, target)) return i;
        const int same = equals(runtime, item, target);
        if (same < 0) return -2;
        if (same == 1) return i;
    }
    return -1;
}

Value remove(Runtime& runtime, const Value& self, const Arguments& arguments) {
    if (!expectOneArgument(runtime, arguments, "list.remove")) return Value();
    const std::int64_t found = position(runtime, self, arguments.positional[0], 0, INT64_MAX);
    if (found == -2) return Value();
    if (found == -1) return runtime.raise("ValueError", "list.remove(x): x not in list");
    std::vector<Value>& items = itemsOf(self);
    if (found < static_cast<std::int64_t>(items.size())) items.erase(items.begin() + found);
    return Value::none();
}

Value indexOf(Runtime& runtime, const Value& self, const Arguments& arguments) {
    const bool list = self.kind() == Kind::List;
    if (!expectNoKeywords(runtime, arguments, list ? "list.index" : "tuple.index")) return Value();
    if (!expectPositionalCount(runtime, arguments, "index", 1, 3)) return Value();
    const auto size = static_cast<std::int64_t>(itemsOf(self).size());
    std::int64_t bounds[2] = {0, size};
    for (std::size_t i = 1; i < arguments.positional.size(); ++i) {
        const Value& bound = arguments.positional[i];
        if (bound.kind() != Kind::Int && bound.kind() != Kind::Bool) {
            return runtime.raise("TypeError",
                                 "slice indices must be integers or have an __index__ method");
        }
        std::int64_t value = bound.asInt();
        if (value < 0) value = std::max<std::int64_t>(value + size, 0);
        bounds[i - 1] = value;
    }
    const std::int64_t found =
        position(runtime, self, arguments.positional[0], bounds[0], bounds[1]);
    if (found == -2) return Value();
    if (found == -1) {
        if (list)
            return runtime.raise("ValueError",
                                 concat(repr(runtime, arguments.positional[0]), " is not in list"));
        return runtime.raise("ValueError", "tuple.index(x): x not in tuple");
    }
    return Value::integer(found);
}

Value count(Runtime& runtime, const Value& self, const Arguments& arguments) {
    if (!expectOneArgument(runtime, arguments,
                           self.kind() == Kind::List ? "list.count" : "tuple.count"))
        return Value();
    const Value keepAlive = self;
    std::int64_t found = 0;
    for (const Value& item : std::vector<Value>(itemsOf(keepAlive))) {
        if (isSame(item, arguments.positional[0])) {
            ++found;
            continue;
        }
        const int same = equals(runtime, item, arguments.positional[0]);
        if (same < 0) return Value();
        found += same;
    }
    return Value::integer(found);
}

Value sort(Runtime& runtime, const Value& self, const Arguments& arguments) {
    if (!arguments.positional.empty())
        return runtime.raise("TypeError", "sort() takes no positional arguments");
    if (!expectKeywords(runtime, arguments, "sort", {"key", "reverse"})) return Value();
    const Value* key = keywordArgument(arguments, "key");
    const Value* reverse = keywordArgument(arguments, "reverse");
    std::vector<Value>& items = itemsOf(self);
    // Sorted outside the list, as CPython empties it during the sort.
    std::vector<Value> working = std::move(items);
    items.clear();
    const bool sorted = sortValues(runtime, working, key != nullptr ? *key : Value(),
                                   reverse != nullptr && isTrue(*reverse));
    const bool modified = !items.empty();
    items = std::move(working);
    if (!sorted) return Value();
    if (modified) return runtime.raise("ValueError", "list modified during sort");
    return Value::none();
}

Value reverse(Runtime& runtime, const Value& self, const Arguments& arguments) {
    if (!expectNoArguments(runtime, arguments, "list.reverse")) return Value();
    std::reverse(itemsOf(self).begin(), itemsOf(self).end());
    return Value::none();
}

Value copy(Runtime& runtime, const Value& self, const Arguments& arguments) {
    if (!expectNoArguments(runtime, arguments, "list.copy")) return Value();
    return newList(itemsOf(self));
}

Value clear(Runtime& runtime, const Value& self, const Arguments& arguments) {
    if (!expectNoArguments(runtime, arguments, "list.clear")) return Value();
    std::vector<Value> dropped = std::move(itemsOf(self));
    itemsOf(self).clear();
    return Value::none();
}

constexpr MethodEntry kListMethods[] = {
    {"append", append}, {"clear", clear},     {"copy", copy},     {"count", count},
    {"extend", extend}, {"index", indexOf},   {"insert", insert}, {"pop", pop},
    {"remove", remove}, {"reverse", reverse}, {"sort", sort},
};

constexpr MethodEntry kTupleMethods[] = {{"count", count}, {"index", indexOf}};

}  // namespace

std::span<const MethodEntry> listMethods() { return kListMethods; }
std::span<const MethodEntry> tupleMethods() { return kTupleMethods; }

}  // namespace mlsyslab::pyvm
