#pragma once

#include <cstdint>
#include <vector>

#include "pyvm/Runtime.h"
#include "pyvm/Value.h"

// The lazy iterators the builtins return: enumerate, zip, map, filter and reversed. Each takes
// iterators already made by getIter(), so a non-iterable argument fails before the call returns,
// as in CPython.
namespace mlsyslab::pyvm {

Value makeEnumerate(Value iterator, std::int64_t start);
Value makeZip(std::vector<Value> iterators);
Value makeMap(Value function, std::vector<Value> iterators);
Value makeFilter(Value function, Value iterator);
// reversed(x): list_reverseiterator, a reversed range_iterator, dict_reversekeyiterator, or the
// `reversed` object for str and tuple; `TypeError: 'set' object is not reversible` otherwise.
Value makeReversed(Runtime& runtime, const Value& sequence);

}  // namespace mlsyslab::pyvm
