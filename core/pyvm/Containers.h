#pragma once

#include <string_view>

#include "pyvm/Runtime.h"
#include "pyvm/Value.h"

// Building and filling the mutable containers, shared by operators, methods and builtins.
namespace mlsyslab::pyvm {

Value newSet();
bool setAdd(Runtime& runtime, SetObject& set, const Value& item);
// Adds every item of an iterable (set.update, set(iterable), |=).
bool setAddAll(Runtime& runtime, SetObject& set, const Value& iterable);

// list.extend / `+=`: the items of any iterable (the list itself included) appended in place.
bool extendList(Runtime& runtime, ListObject& list, const Value& iterable);

// dict.update(source) / dict(source): a dict, or an iterable of key-value pairs
// (`dictionary update sequence element #0 has length 3; 2 is required`).
bool updateDict(Runtime& runtime, DictObject& dict, const Value& source);
// Adds the call's keyword arguments (dict(a=1), d.update(b=2)).
bool updateDictFromKeywords(Runtime& runtime, DictObject& dict, const CallArguments& arguments);

// Rebuilds the hash index of a dict whose `entries` were filled directly (live, unique keys with
// their hashes), dropping deleted entries: copying a dict needs no hashing or comparing.
void reindexDict(DictObject& dict);

// A shallow copy of a dict (insertion order and hashes kept).
Value copyDict(const DictObject& dict);
Value copySet(const SetObject& set);

// CPython's KeyError carries the key, so the message is its repr.
Value raiseKeyError(Runtime& runtime, const Value& key);

}  // namespace mlsyslab::pyvm
