#pragma once

#include <yaml-cpp/yaml.h>

#include <vector>

#include "gpu/CoalescingPattern.h"
#include "lesson/KindSpec.h"

namespace mlsyslab::lesson::kinds {

// ```sim coalescing: one warp's 32 lanes, the addresses they read, and the 32-byte sectors and
// 128-byte lines those bytes fall in (gpu/Coalescing.h).
// Its fields, defaults and values: coalescingKind() below (and docs/lesson-format.md).
// Without `pattern`, `addresses` means pattern addresses and `stride` or `offset` custom. A
// pattern whose lanes would read before the array is an error at its stride or offset.
struct CoalescingState {
    gpu::CoalescingPattern pattern;
    bool editable = true;
};

const KindSpec<CoalescingState>& coalescingKind();

}  // namespace mlsyslab::lesson::kinds
