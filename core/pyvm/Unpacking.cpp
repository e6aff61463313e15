#include "common/Concat.h"
#include "pyvm/Operations.h"

// Taking every item of an iterable at once: list(x), sorted(x), and UNPACK_SEQUENCE's exact count.
namespace mlsyslab::pyvm {

bool collect(Runtime& runtime, const Value& iterable, std::vector<Value>& out) {
    if (iterable.kind() == Kind::List || iterable.kind() == Kind::Tuple) {
        const std::vector<Value>& items = iterable.kind() == Kind::List
                                              ? iterable.as<ListObject>().items
                                              : iterable.as<TupleObject>().items;
        out.insert(out.end(), items.begin(), items.end());
        return true;
    }
    if (iterable.kind() == Kind::Range &&
        !runtime.checkContainerSize(iterable.as<RangeObject>().length())) {
        return false;
    }
    const Value iterator = getIter(runtime, iterable);
    if (iterator.isNull()) return false;
    const std::size_t limit = static_cast<std::size_t>(runtime.limits().maxContainerItems);
    while (true) {
        Value item = iterNext(runtime, iterator);
        if (item.isNull()) return !runtime.hasError();
        out.push_back(std::move(item));
        if (out.size() > limit)
            return runtime.checkContainerSize(static_cast<std::int64_t>(out.size()));
    }
}

bool unpack(Runtime& runtime, const Value& iterable, std::int64_t count, std::vector<Value>& out) {
    if (iterable.kind() == Kind::List || iterable.kind() == Kind::Tuple) {
        const std::vector<Value>& items = iterable.kind() == Kind::List
                                              ? iterable.as<ListObject>().items
                                              : iterable.as<TupleObject>().items;
        const auto size = static_cast<std::int64_t>(items.size());
        if (size == count) {
            out.insert(out.end(), items.begin(), items.end());
            return true;
        }
        if (size > count) {
            runtime.raise("ValueError", concat("too many values to unpack (expected ",
                                               std::to_string(count), ")"));
        } else {
            runtime.raise("ValueError",
                          concat("not enough values to unpack (expected ", std::to_string(count),
                                 ", got ", std::to_string(size), ")"));
        }
        return false;
    }
    const Value iterator = getIter(runtime, iterable);
    if (iterator.isNull()) {
        if (runtime.hasError() && runtime.error().type == "TypeError") {
            runtime.raise("TypeError",
                          concat("cannot unpack non-iterable ", typeName(iterable), " object"));
        }
        return false;
    }
    for (std::int64_t i = 0; i < count; ++i) {
        Value item = iterNext(runtime, iterator);
        if (item.isNull()) {
            if (runtime.hasError()) return false;
            runtime.raise("ValueError",
                          concat("not enough values to unpack (expected ", std::to_string(count),
                                 ", got ", std::to_string(i), ")"));
            return false;
        }
        out.push_back(std::move(item));
    }
    const Value extra = iterNext(runtime, iterator);
    if (!extra.isNull()) {
        runtime.raise("ValueError",
                      concat("too many values to unpack (expected ", std::to_string(count), ")"));
        return false;
    }
    return !runtime.hasError();
}

}  // namespace mlsyslab::pyvm
