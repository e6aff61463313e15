#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "common/Result.h"
#include "memory/MemoryAccess.h"

namespace mlsyslab::memory {

// The teaching patterns the memory issue names, as access traces. Each is deterministic: the
// same parameters give the same trace. An elementBytes of 0 gives no accesses.

// count loads of elementBytes each at base, base + strideBytes, base + 2·strideBytes, ...
// (stride = elementBytes is a sequential scan: it misses once per line on a cold cache).
std::vector<MemoryAccess> stridedPattern(std::uint64_t baseAddress, std::uint64_t count,
                                         std::int64_t strideBytes, std::uint32_t elementBytes,
                                         AccessKind kind = AccessKind::Load);

enum class StorageOrder : std::uint8_t { RowMajor, ColumnMajor };

// Reading every element of a rows×cols tensor of elementBytes-wide elements stored in `storage`
// order at baseAddress, visiting them row by row (i outer, j inner) or column by column.
std::vector<MemoryAccess> tensorTraversalPattern(std::uint64_t baseAddress, std::uint64_t rows,
                                                 std::uint64_t cols, std::uint32_t elementBytes,
                                                 StorageOrder storage, StorageOrder visitOrder);

enum class MatmulLoopOrder : std::uint8_t { Ijk, Ikj, Jki, Tiled };
std::string_view matmulLoopOrderName(MatmulLoopOrder order);  // "ijk", "ikj", "jki", "tiled"

// C = A·B for n×n row-major float matrices (elementBytes wide) at three separate bases
// (A at base, B and C each after the previous, rounded up to a 4 KiB page). The accesses of the
// classic loops (CS:APP 6.6.2), one per array reference in the loop body:
//   ijk:   for i, j: sum = 0; for k: sum += A[i][k] * B[k][j];  C[i][j] = sum
//          (per inner step: load A, load B; per (i, j): store C)
//   ikj:   for i, k: r = A[i][k]; for j: C[i][j] += r * B[k][j]
//          (per (i, k): load A; per inner step: load B, load C, store C)
//   jki:   for j, k: r = B[k][j]; for i: C[i][j] += A[i][k] * r
//          (per (j, k): load B; per inner step: load A, load C, store C)
//   tiled: ikj over tile×tile blocks (ii, kk, jj outer; i, k, j inside a block). The last
//          block of a dimension is smaller when tile does not divide n; tile 0 chooses as many
//          elements as fill a 64-byte line (16 floats); tile is ignored by the other orders.
std::vector<MemoryAccess> matmulPattern(std::uint64_t baseAddress, std::uint64_t n,
                                        std::uint32_t elementBytes, MatmulLoopOrder order,
                                        std::uint64_t tile = 0);

// count loads of elementBytes at uniformly random element-aligned addresses in
// [base, base + regionBytes), from a seeded generator (std::mt19937_64 with that seed; an
// index is a draw mod the element count, rejecting the few draws that would bias it, so the
// trace is the same on every platform).
std::vector<MemoryAccess> randomPattern(std::uint64_t baseAddress, std::uint64_t regionBytes,
                                        std::uint64_t count, std::uint32_t elementBytes,
                                        std::uint64_t seed);

// A linked list of `nodes` nodes of nodeBytes each, linked in a seeded random cyclic order,
// walked for `count` steps from node 0: one 8-byte load (the next pointer, at the start of the
// node) per step. The cycle is a seeded Sattolo shuffle, so every node is visited once per
// `nodes` steps. This is what the latency probe does on the real machine.
std::vector<MemoryAccess> pointerChasePattern(std::uint64_t baseAddress, std::uint64_t nodes,
                                              std::uint32_t nodeBytes, std::uint64_t count,
                                              std::uint64_t seed);

}  // namespace mlsyslab::memory
