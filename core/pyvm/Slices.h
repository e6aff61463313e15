#pragma once

#include <cstdint>

#include "pyvm/Runtime.h"
#include "pyvm/Value.h"

namespace mlsyslab::pyvm {

// A slice resolved against a sequence's length, as PySlice_Unpack + PySlice_AdjustIndices do:
// `count` items, from `start` by `step`.
struct SliceBounds {
    std::int64_t start = 0;
    std::int64_t stop = 0;
    std::int64_t step = 1;
    std::int64_t count = 0;
};

// False after raising (`slice step cannot be zero`, `slice indices must be integers or None or
// have an __index__ method`).
bool resolveSlice(Runtime& runtime, const SliceObject& slice, std::int64_t length,
                  SliceBounds& out);

// A sequence index made non-negative; false when outside [0, length).
bool normalizeIndex(std::int64_t& index, std::int64_t length);

}  // namespace mlsyslab::pyvm
