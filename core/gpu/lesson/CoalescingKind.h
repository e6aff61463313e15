#pragma once

#include <yaml-cpp/yaml.h>

#include <vector>

#include "gpu/CoalescingPattern.h"
#include "lesson/KindSpec.h"

namespace mlsyslab::lesson::kinds {

// ```sim coalescing: one warp's 32 lanes, the addresses they read, and the 32-byte sectors and
// 128-byte lines those bytes fall in (gpu/Coalescing.h).
//   elem_bytes: 4            (default; 1, 2, 4, 8 or 16: the bytes each lane reads)
//   pattern: sequential      (default; misaligned, stride-2, column, reversed, broadcast,
//                             permutation, custom or addresses: gpu/CoalescingPattern.h)
//   stride: 3                (custom: elements between neighbouring lanes, -1024 to 1024)
//   offset: 1                (custom: the element lane 0 reads, 0 to 4096)
//   row_length: 32           (column: elements per row of the row-major tile, 1 to 1024)
//   seed: 1                  (permutation: which shuffle)
//   addresses: [0, 4, 8]     (addresses: byte offsets from the array's start, 1 to 32 of them,
//                             each from 0 to 1048576)
//   lanes: 32                (active lanes, 1 to 32; not with addresses, whose count it is)
//   editable: true           (the student may change the pattern)
// Without `pattern`, `addresses` means pattern addresses and `stride` or `offset` custom. A
// pattern whose lanes would read before the array is an error at its stride or offset.
struct CoalescingState {
    gpu::CoalescingPattern pattern;
    bool editable = true;
};

const KindSpec<CoalescingState>& coalescingKind();

}  // namespace mlsyslab::lesson::kinds
