#pragma once

#include <vector>

#include "pyvm/Value.h"

namespace mlsyslab::pyvm {

// The members of a set in the order CPython 3.11 would iterate them. A SetObject remembers only
// insertion order, so CPython's hash table is rebuilt here by replaying those insertions with
// setobject.c's probing and resizing; with CPython's hashes for ints, floats and tuples this puts
// `{3, 1, 2}` in the order CPython prints (`{1, 2, 3}`). Sets that lost members may differ, as
// CPython's table keeps the holes their removal left.
std::vector<Value> setIterationOrder(const SetObject& set);

}  // namespace mlsyslab::pyvm
