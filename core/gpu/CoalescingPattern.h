#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/Result.h"
#include "gpu/Coalescing.h"

namespace mlsyslab::gpu {

// The named access patterns of one warp (lesson files' ```sim coalescing, its view), each a way
// the warp's 32 lanes can read an array of `elementBytes`-byte elements that starts on a
// 128-byte boundary.
enum class CoalescingPatternKind : std::uint8_t {
    Sequential,   // lane i reads element i
    Misaligned,   // lane i reads element i + 1: the warp starts one element into a line
    Stride2,      // lane i reads element 2i
    Column,       // lane i reads row i of a row-major tile: element i * rowLength
    Reversed,     // lane i reads element 31 - i
    Broadcast,    // every lane reads element 0
    Permutation,  // the lanes read elements 0..31 in a random order (from `seed`)
    Custom,       // lane i reads element offset + i * stride
    Addresses     // lane i reads at byte addresses[i]
};

struct CoalescingPattern {
    CoalescingPatternKind kind = CoalescingPatternKind::Sequential;
    int elementBytes = 4;
    int lanes = kWarpLanes;               // active lanes, 1 to 32 (lanes 0 .. lanes - 1)
    std::int64_t stride = 1;              // Custom: elements between neighbouring lanes
    std::int64_t offset = 0;              // Custom: the element lane 0 reads
    std::int64_t rowLength = 32;          // Column: elements per row of the tile
    std::uint64_t seed = 1;               // Permutation
    std::vector<std::int64_t> addresses;  // Addresses: byte offsets, one per lane

    friend bool operator==(const CoalescingPattern&, const CoalescingPattern&) = default;
};

// The ranges of a pattern's numbers, for lesson files and `gpu coalescing` alike: an int's for
// the element counts, and the address space for byte addresses. Within them coalesce() decides
// whether every lane's address lies inside [0, kLargestByteAddress).
inline constexpr std::int64_t kMostCoalescingStride = std::numeric_limits<std::int32_t>::max();
inline constexpr std::int64_t kLeastCoalescingStride = std::numeric_limits<std::int32_t>::min();
inline constexpr std::int64_t kMostCoalescingOffset = std::numeric_limits<std::int32_t>::max();
inline constexpr std::int64_t kMostRowLength = std::numeric_limits<std::int32_t>::max();
inline constexpr std::int64_t kMostCoalescingAddress = kLargestByteAddress - 1;

// "sequential", "misaligned", "stride-2", "column", "reversed", "broadcast", "permutation",
// "custom", "addresses": the names lesson files use, in CoalescingPatternKind order.
const std::vector<std::string>& coalescingPatternNames();
std::string_view coalescingPatternName(CoalescingPatternKind kind);
std::optional<CoalescingPatternKind> coalescingPatternKindNamed(std::string_view name);
// What lane i reads under the pattern, in words: "element 1 + i (one element late)".
std::string_view coalescingPatternReads(CoalescingPatternKind kind);

// The stride and offset (in elements) a strided pattern amounts to; nothing for Permutation and
// Addresses, whose lanes follow no stride.
struct StrideAndOffset {
    std::int64_t stride = 1;
    std::int64_t offset = 0;
};
std::optional<StrideAndOffset> strideAndOffsetOf(const CoalescingPattern& pattern);

// The element each lane reads under Permutation: 0..31 shuffled by a Fisher-Yates shuffle
// driven by std::mt19937_64(seed), the same on every platform.
std::vector<std::int64_t> permutedElements(std::uint64_t seed);

// The byte address each active lane reads.
std::vector<std::int64_t> laneAddresses(const CoalescingPattern& pattern);

// The sectors and lines the pattern touches (gpu/Coalescing.h), or why it cannot run ("lane 31
// would read element -1 ...").
Result<CoalescingResult> coalesce(const CoalescingPattern& pattern);

}  // namespace mlsyslab::gpu
