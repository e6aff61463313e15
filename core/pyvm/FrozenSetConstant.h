#pragma once

#include "pyvm/Constant.h"

namespace mlsyslab::pyvm {

// frozenset(items) as a constant: duplicates dropped and, for numbers, the items in the order
// CPython's hash table iterates them (so `frozenset({1, 9, 2})` prints as CPython prints it).
// Strings hash randomly per CPython run, so their order cannot be predicted; they keep theirs.
Constant makeFrozenSet(Constant::Tuple items);

}  // namespace mlsyslab::pyvm
