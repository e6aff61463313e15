#include "pyvm/Containers.h"

#include "common/Concat.h"
#include "pyvm/Operations.h"

namespace mlsyslab::pyvm {

Value newSet() { return Value::make<SetObject>(); }

bool setAdd(Runtime& runtime, SetObject& set, const Value& item) {
    if (set.members.find(runtime, item) != nullptr) return true;
    if (runtime.hasError()) return false;
    return set.members.set(runtime, item, Value::none());
}

bool setAddAll(Runtime& runtime, SetObject& set, const Value& iterable) {
    std::vector<Value> items;
    if (!collect(runtime, iterable, items)) return false;
    for (const Value& item : items) {
        if (!setAdd(runtime, set, item)) return false;
    }
    return true;
}

bool extendList(Runtime& runtime, ListObject& list, const Value& iterable) {
    std::vector<Value> items;
    if (!collect(runtime, iterable, items)) return false;
    if (!runtime.checkContainerSize(static_cast<std::int64_t>(list.items.size() + items.size())))
        return false;
    for (Value& item : items) list.items.push_back(std::move(item));
    return true;
}

bool updateDict(Runtime& runtime, DictObject& dict, const Value& source) {
    if (source.kind() == Kind::Dict) {
        // Copied first: `d.update(d)` must not walk entries it is rewriting.
        const std::vector<DictObject::Entry> entries = source.as<DictObject>().entries;
        for (const DictObject::Entry& entry : entries) {
            if (entry.key.isNull()) continue;
            if (!dict.set(runtime, entry.key, entry.value)) return false;
        }
        return true;
    }
    std::vector<Value> pairs;
    if (!collect(runtime, source, pairs)) return false;
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        std::vector<Value> pair;
        const Kind kind = pairs[i].kind();
        if (kind != Kind::Tuple && kind != Kind::List && kind != Kind::Str && kind != Kind::Set &&
            kind != Kind::Dict && kind != Kind::Range && kind != Kind::Iterator &&
            kind != Kind::DictView) {
            runtime.raise("TypeError", concat("cannot convert dictionary update sequence element #",
                                              std::to_string(i), " to a sequence"));
            return false;
        }
        if (!collect(runtime, pairs[i], pair)) return false;
        if (pair.size() != 2) {
            runtime.raise("ValueError",
                          concat("dictionary update sequence element #", std::to_string(i),
                                 " has length ", std::to_string(pair.size()), "; 2 is required"));
            return false;
        }
        if (!dict.set(runtime, pair[0], pair[1])) return false;
    }
    return true;
}

bool updateDictFromKeywords(Runtime& runtime, DictObject& dict, const CallArguments& arguments) {
    for (std::size_t i = 0; i < arguments.keywordNames.size(); ++i) {
        if (!dict.set(runtime, arguments.keywordNames[i], arguments.keywordValues[i])) return false;
    }
    return true;
}

Value copyDict(const DictObject& dict) {
    Value copy = newDict();
    DictObject& target = copy.as<DictObject>();
    for (const DictObject::Entry& entry : dict.entries) {
        if (!entry.key.isNull()) target.entries.push_back(entry);
    }
    target.liveCount = static_cast<std::int64_t>(target.entries.size());
    reindexDict(target);
    return copy;
}

Value copySet(const SetObject& set) {
    Value copy = newSet();
    DictObject& members = copy.as<SetObject>().members;
    for (const DictObject::Entry& entry : set.members.entries) {
        if (!entry.key.isNull()) members.entries.push_back(entry);
    }
    members.liveCount = static_cast<std::int64_t>(members.entries.size());
    reindexDict(members);
    return copy;
}

Value raiseKeyError(Runtime& runtime, const Value& key) {
    return runtime.raise("KeyError", repr(runtime, key));
}

}  // namespace mlsyslab::pyvm
