#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/Result.h"
#include "memory/AccessPatterns.h"
#include "memory/MemoryAccess.h"

namespace mlsyslab::lesson::kinds {

// The teaching pattern a `cache` simulator runs when it is not given a trace: which one, and
// its parameters as the lesson wrote them (each pattern reads only its own; see
// cachePatternFieldNames). The accesses come from memory/AccessPatterns.h.
enum class CachePatternKind : std::uint8_t {
    RowMajor,     // every element of a rows×cols row-major tensor, row by row
    ColumnMajor,  // the same tensor, column by column
    Sequential,   // count consecutive elements
    Strided,      // count elements, `stride` elements apart
    Matmul,       // C = A·B of n×n matrices in a loop order
    Random,       // count random elements of a region
    PointerChase  // a linked list in random order, walked count steps
};

struct CachePattern {
    CachePatternKind kind = CachePatternKind::RowMajor;
    std::uint64_t rows = 16;
    std::uint64_t cols = 16;
    std::uint32_t elementBytes = 4;  // float32
    std::uint64_t count = 64;
    std::uint64_t strideElements = 16;  // 16 float32 = 64 bytes: one element per line
    std::uint64_t n = 16;
    memory::MatmulLoopOrder order = memory::MatmulLoopOrder::Ijk;
    std::uint64_t tile = 4;
    std::uint64_t regionBytes = 4096;
    std::uint64_t seed = 1;
    std::uint64_t nodes = 64;
    std::uint32_t nodeBytes = 64;

    friend bool operator==(const CachePattern&, const CachePattern&) = default;
};

// The patterns start at address 0, so that an element's address is its byte offset in the
// tensor ((i·cols + j)·element size for row-major) and a line's tag stays a small number.
inline constexpr std::uint64_t kCachePatternBaseAddress = 0;

// The stepping view keeps the accesses, a checkpoint of the caches every few hundred of them
// and each level's hit rate after every one; a million accesses open in well under a second and
// take tens of megabytes. Longer traces are a job for `mlsyslab-cli cache run`.
inline constexpr std::uint64_t kMostCacheSteppingAccesses = 1'000'000;
// n = 64 makes 790,528 accesses in the ikj order (and more when tiled with small tiles): enough
// for 48 KiB of matrices, three times the lecture preset's L3, which is what tiling is about.
inline constexpr std::uint64_t kMostMatmulSize = 64;

// "row-major", "column-major", "sequential", "strided", "matmul", "random", "pointer-chase",
// in CachePatternKind order.
const std::vector<std::string>& cachePatternNames();
std::string_view cachePatternName(CachePatternKind kind);
std::optional<CachePatternKind> cachePatternKindNamed(std::string_view name);

// The lesson fields each pattern reads (besides `pattern` itself).
std::vector<std::string> cachePatternFieldNames(CachePatternKind kind);

// What a dtype name means in bytes: float64 8, float32 4, float16 and bfloat16 2, int64 8,
// int32 4, int16 2, int8 and uint8 1 (PyTorch's names).
const std::vector<std::string>& dtypeNames();
std::optional<std::uint32_t> dtypeBytes(std::string_view name);

// A short description for a chooser or a caption: "row-major 16×16 float32 (256 accesses)"
// without the count; "matmul ikj n=16".
std::string describeCachePattern(const CachePattern& pattern);

// The pattern's accesses, or a message when there would be more than kMostCacheSteppingAccesses
// ("row-major over 2000×2000 makes 4000000 accesses; the simulator steps through at most
// 1000000").
Result<std::vector<memory::MemoryAccess>> generateCachePattern(const CachePattern& pattern);

}  // namespace mlsyslab::lesson::kinds
