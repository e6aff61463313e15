#pragma once

#include <vector>

#include "pyvm/Runtime.h"
#include "pyvm/Value.h"

namespace mlsyslab::pyvm {

// list.sort() and sorted(): stable, with `key` (None or Null for none) called once per item in
// order, and `reverse` keeping equal items in their original order, as CPython does. Items are
// compared with `<` only, in the order CPython's timsort compares them for short lists, so a
// mixed list fails with the same message (`'<' not supported between instances of 'str' and
// 'int'`). False after raising; `items` is then left in its original order.
bool sortValues(Runtime& runtime, std::vector<Value>& items, const Value& key, bool reverse);

}  // namespace mlsyslab::pyvm
