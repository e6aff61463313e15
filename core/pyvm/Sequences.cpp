#include <cmath>

#include "common/Concat.h"
#include "pyvm/Containers.h"
#include "pyvm/Numbers.h"
#include "pyvm/Operations.h"
#include "pyvm/Slices.h"
#include "pyvm/Utf8.h"

namespace mlsyslab::pyvm {
namespace {

bool isIndex(const Value& key) { return key.kind() == Kind::Int || key.kind() == Kind::Bool; }

std::vector<Value>& itemsOf(const Value& sequence) {
    return sequence.kind() == Kind::List ? sequence.as<ListObject>().items
                                         : sequence.as<TupleObject>().items;
}

Value wrongIndexType(Runtime& runtime, const Value& container, const Value& key) {
    return runtime.raise(
        "TypeError",
        concat(typeName(container), " indices must be integers or slices, not ", typeName(key)));
}

Value sliceItems(Runtime& runtime, const Value& sequence, const SliceObject& slice) {
    const std::vector<Value>& items = itemsOf(sequence);
    SliceBounds bounds;
    if (!resolveSlice(runtime, slice, static_cast<std::int64_t>(items.size()), bounds))
        return Value();
    std::vector<Value> picked;
    picked.reserve(static_cast<std::size_t>(bounds.count));
    for (std::int64_t i = 0, at = bounds.start; i < bounds.count; ++i, at += bounds.step) {
        picked.push_back(items[static_cast<std::size_t>(at)]);
    }
    return sequence.kind() == Kind::List ? newList(std::move(picked)) : newTuple(std::move(picked));
}

Value sliceText(Runtime& runtime, const StrObject& text, const SliceObject& slice) {
    SliceBounds bounds;
    if (!resolveSlice(runtime, slice, text.length, bounds)) return Value();
    if (bounds.step == 1)
        return newStr(codePointRange(text, bounds.start, bounds.start + bounds.count));
    std::string picked;
    if (text.ascii) {
        for (std::int64_t i = 0, at = bounds.start; i < bounds.count; ++i, at += bounds.step) {
            picked += text.text[static_cast<std::size_t>(at)];
        }
    } else {
        const std::vector<char32_t> codePoints = decodeUtf8(text.text);
        for (std::int64_t i = 0, at = bounds.start; i < bounds.count; ++i, at += bounds.step) {
            appendUtf8(picked, codePoints[static_cast<std::size_t>(at)]);
        }
    }
    return newStr(std::move(picked));
}

Value textItem(Runtime& runtime, const StrObject& text, const Value& key) {
    if (key.kind() == Kind::Slice) return sliceText(runtime, text, key.as<SliceObject>());
    if (!isIndex(key)) {
        return runtime.raise("TypeError",
                             concat("string indices must be integers, not '", typeName(key), "'"));
    }
    std::int64_t index = key.asInt();
    if (!normalizeIndex(index, text.length))
        return runtime.raise("IndexError", "string index out of range");
    return newStr(codePointRange(text, index, index + 1));
}

Value rangeItem(Runtime& runtime, const Value& container, const Value& key) {
    const RangeObject& range = container.as<RangeObject>();
    if (key.kind() == Kind::Slice) {
        SliceBounds bounds;
        if (!resolveSlice(runtime, key.as<SliceObject>(), range.length(), bounds)) return Value();
        return Value::make<RangeObject>(range.start + bounds.start * range.step,
                                        range.start + bounds.stop * range.step,
                                        range.step * bounds.step);
    }
    if (!isIndex(key)) return wrongIndexType(runtime, container, key);
    std::int64_t index = key.asInt();
    if (!normalizeIndex(index, range.length()))
        return runtime.raise("IndexError", "range object index out of range");
    return Value::integer(range.start + index * range.step);
}

bool assignSlice(Runtime& runtime, ListObject& list, const SliceObject& slice, const Value& value) {
    std::vector<Value> replacement;
    if (value.kind() != Kind::List && value.kind() != Kind::Tuple && value.kind() != Kind::Str &&
        value.kind() != Kind::Dict && value.kind() != Kind::Set && value.kind() != Kind::Range &&
        value.kind() != Kind::Iterator && value.kind() != Kind::DictView) {
        runtime.raise("TypeError", "can only assign an iterable");
        return false;
    }
    if (!collect(runtime, value, replacement)) return false;
    SliceBounds bounds;
    if (!resolveSlice(runtime, slice, static_cast<std::int64_t>(list.items.size()), bounds))
        return false;
    if (bounds.step == 1) {
        const auto first = list.items.begin() + bounds.start;
        list.items.erase(first, first + bounds.count);
        list.items.insert(list.items.begin() + bounds.start, replacement.begin(),
                          replacement.end());
        return runtime.checkContainerSize(static_cast<std::int64_t>(list.items.size()));
    }
    if (static_cast<std::int64_t>(replacement.size()) != bounds.count) {
        runtime.raise(
            "ValueError",
            concat("attempt to assign sequence of size ", std::to_string(replacement.size()),
                   " to extended slice of size ", std::to_string(bounds.count)));
        return false;
    }
    for (std::int64_t i = 0, at = bounds.start; i < bounds.count; ++i, at += bounds.step) {
        list.items[static_cast<std::size_t>(at)] = replacement[static_cast<std::size_t>(i)];
    }
    return true;
}

bool deleteSlice(Runtime& runtime, ListObject& list, const SliceObject& slice) {
    SliceBounds bounds;
    if (!resolveSlice(runtime, slice, static_cast<std::int64_t>(list.items.size()), bounds))
        return false;
    if (bounds.step < 0) {
        bounds.start += (bounds.count - 1) * bounds.step;
        bounds.step = -bounds.step;
    }
    std::vector<Value> kept;
    kept.reserve(list.items.size());
    std::int64_t nextDeleted = bounds.count > 0 ? bounds.start : -1;
    std::int64_t deleted = 0;
    for (std::int64_t i = 0; i < static_cast<std::int64_t>(list.items.size()); ++i) {
        if (i == nextDeleted) {
            ++deleted;
            nextDeleted = deleted < bounds.count ? nextDeleted + bounds.step : -1;
            continue;
        }
        kept.push_back(std::move(list.items[static_cast<std::size_t>(i)]));
    }
    list.items = std::move(kept);
    return true;
}

bool supportsSequenceProtocol(const Value& value) {
    switch (value.kind()) {
        case Kind::Str:
        case Kind::Tuple:
        case Kind::List:
        case Kind::Dict:
        case Kind::Set:
        case Kind::Range:
        case Kind::DictView:
            return true;
        default:
            return false;
    }
}

int rangeContains(const RangeObject& range, const Value& item) {
    std::int64_t value;
    if (isIntLike(item)) {
        value = item.asInt();
    } else if (item.kind() == Kind::Float) {
        const double real = item.asFloat();
        if (real != std::trunc(real) || std::fabs(real) >= 9.2e18) return 0;
        value = static_cast<std::int64_t>(real);
    } else {
        return 0;
    }
    if (range.step > 0 ? (value < range.start || value >= range.stop)
                       : (value > range.start || value <= range.stop)) {
        return 0;
    }
    return (static_cast<__int128>(value) - range.start) % range.step == 0 ? 1 : 0;
}

}  // namespace

Value subscript(Runtime& runtime, const Value& container, const Value& key) {
    switch (container.kind()) {
        case Kind::List:
        case Kind::Tuple: {
            if (key.kind() == Kind::Slice)
                return sliceItems(runtime, container, key.as<SliceObject>());
            if (!isIndex(key)) return wrongIndexType(runtime, container, key);
            const std::vector<Value>& items = itemsOf(container);
            std::int64_t index = key.asInt();
            if (!normalizeIndex(index, static_cast<std::int64_t>(items.size()))) {
                return runtime.raise("IndexError",
                                     concat(typeName(container), " index out of range"));
            }
            return items[static_cast<std::size_t>(index)];
        }
        case Kind::Str:
            return textItem(runtime, container.as<StrObject>(), key);
        case Kind::Range:
            return rangeItem(runtime, container, key);
        case Kind::Dict: {
            const Value* found = container.as<DictObject>().find(runtime, key);
            if (found != nullptr) return *found;
            if (runtime.hasError()) return Value();
            return raiseKeyError(runtime, key);
        }
        default:
            return runtime.raise("TypeError",
                                 concat("'", typeName(container), "' object is not subscriptable"));
    }
}

bool storeSubscript(Runtime& runtime, const Value& container, const Value& key, Value value) {
    if (container.kind() == Kind::Dict)
        return container.as<DictObject>().set(runtime, key, std::move(value));
    if (container.kind() != Kind::List) {
        runtime.raise("TypeError", concat("'", typeName(container),
                                          "' object does not support item assignment"));
        return false;
    }
    ListObject& list = container.as<ListObject>();
    if (key.kind() == Kind::Slice) return assignSlice(runtime, list, key.as<SliceObject>(), value);
    if (!isIndex(key)) {
        wrongIndexType(runtime, container, key);
        return false;
    }
    std::int64_t index = key.asInt();
    if (!normalizeIndex(index, static_cast<std::int64_t>(list.items.size()))) {
        runtime.raise("IndexError", "list assignment index out of range");
        return false;
    }
    list.items[static_cast<std::size_t>(index)] = std::move(value);
    return true;
}

bool deleteSubscript(Runtime& runtime, const Value& container, const Value& key) {
    if (container.kind() == Kind::Dict) {
        if (container.as<DictObject>().erase(runtime, key)) return true;
        if (!runtime.hasError()) raiseKeyError(runtime, key);
        return false;
    }
    if (container.kind() != Kind::List) {
        const std::string_view verb = supportsSequenceProtocol(container) ? "doesn't" : "does not";
        runtime.raise("TypeError", concat("'", typeName(container), "' object ", verb,
                                          " support item deletion"));
        return false;
    }
    ListObject& list = container.as<ListObject>();
    if (key.kind() == Kind::Slice) return deleteSlice(runtime, list, key.as<SliceObject>());
    if (!isIndex(key)) {
        wrongIndexType(runtime, container, key);
        return false;
    }
    std::int64_t index = key.asInt();
    if (!normalizeIndex(index, static_cast<std::int64_t>(list.items.size()))) {
        runtime.raise("IndexError", "list assignment index out of range");
        return false;
    }
    list.items.erase(list.items.begin() + index);
    return true;
}

int contains(Runtime& runtime, const Value& container, const Value& item) {
    switch (container.kind()) {
        case Kind::List:
        case Kind::Tuple: {
            const Value keepAlive = container;
            const std::vector<Value>& items = itemsOf(keepAlive);
            for (std::size_t i = 0; i < items.size(); ++i) {
                if (isSame(items[i], item)) return 1;
                const int same = equals(runtime, items[i], item);
                if (same != 0) return same;
            }
            return 0;
        }
        case Kind::Str:
            if (item.kind() != Kind::Str) {
                runtime.raise(
                    "TypeError",
                    concat("'in <string>' requires string as left operand, not ", typeName(item)));
                return -1;
            }
            return container.as<StrObject>().text.find(item.as<StrObject>().text) !=
                           std::string::npos
                       ? 1
                       : 0;
        case Kind::Dict:
        case Kind::Set: {
            DictObject& members = container.kind() == Kind::Dict
                                      ? container.as<DictObject>()
                                      : container.as<SetObject>().members;
            if (members.find(runtime, item) != nullptr) return 1;
            return runtime.hasError() ? -1 : 0;
        }
        case Kind::Range:
            return rangeContains(container.as<RangeObject>(), item);
        case Kind::DictView: {
            const DictViewObject& view = container.as<DictViewObject>();
            DictObject& dict = view.dict.as<DictObject>();
            if (view.which == DictViewObject::Which::Keys) {
                if (dict.find(runtime, item) != nullptr) return 1;
                return runtime.hasError() ? -1 : 0;
            }
            if (view.which == DictViewObject::Which::Items) {
                if (item.kind() != Kind::Tuple || item.as<TupleObject>().items.size() != 2)
                    return 0;
                const Value* found = dict.find(runtime, item.as<TupleObject>().items[0]);
                if (found == nullptr) return runtime.hasError() ? -1 : 0;
                const Value value = *found;
                return isSame(value, item.as<TupleObject>().items[1])
                           ? 1
                           : equals(runtime, value, item.as<TupleObject>().items[1]);
            }
            [[fallthrough]];
        }
        case Kind::Iterator: {
            const Value iterator = getIter(runtime, container);
            while (true) {
                const Value next = iterNext(runtime, iterator);
                if (next.isNull()) return runtime.hasError() ? -1 : 0;
                if (isSame(next, item)) return 1;
                const int same = equals(runtime, next, item);
                if (same != 0) return same;
            }
        }
        default:
            runtime.raise("TypeError",
                          concat("argument of type '", typeName(container), "' is not iterable"));
            return -1;
    }
}

}  // namespace mlsyslab::pyvm
