#include "memory/lesson/CachePattern.h"

#include <algorithm>
#include <array>
#include <utility>

#include "common/Concat.h"

namespace mlsyslab::lesson::kinds {

namespace {

using memory::MemoryAccess;

constexpr std::array<std::pair<std::string_view, std::uint32_t>, 9> kDtypes = {{
    {"float64", 8},
    {"float32", 4},
    {"float16", 2},
    {"bfloat16", 2},
    {"int64", 8},
    {"int32", 4},
    {"int16", 2},
    {"int8", 1},
    {"uint8", 1},
}};

Result<std::vector<MemoryAccess>> tooLong(const std::string& what, std::uint64_t count) {
    return Result<std::vector<MemoryAccess>>::failure(concat(
        what, " makes ", std::to_string(count), " accesses; the simulator steps through at most ",
        std::to_string(kMostCacheSteppingAccesses),
        " (make it smaller, or run it with "
        "'mlsyslab-cli cache run')"));
}

// "4096 bytes" as "4 KiB", as a lesson would write it.
std::string bytesText(std::uint64_t bytes) {
    constexpr std::uint64_t kKiB = 1024;
    if (bytes >= kKiB * kKiB && bytes % (kKiB * kKiB) == 0) {
        return concat(std::to_string(bytes / (kKiB * kKiB)), " MiB");
    }
    if (bytes >= kKiB && bytes % kKiB == 0) return concat(std::to_string(bytes / kKiB), " KiB");
    return concat(std::to_string(bytes), " bytes");
}

std::string sizeText(const CachePattern& pattern) {
    return concat(std::to_string(pattern.elementBytes),
                  pattern.elementBytes == 1 ? "-byte element" : "-byte elements");
}

}  // namespace

const std::vector<std::string>& cachePatternNames() {
    static const std::vector<std::string> names = {
        "row-major", "column-major", "sequential", "strided", "matmul", "random", "pointer-chase"};
    return names;
}

std::string_view cachePatternName(CachePatternKind kind) {
    return cachePatternNames().at(std::size_t(kind));
}

std::optional<CachePatternKind> cachePatternKindNamed(std::string_view name) {
    const auto& names = cachePatternNames();
    const auto found = std::find(names.begin(), names.end(), name);
    if (found == names.end()) return std::nullopt;
    return CachePatternKind(found - names.begin());
}

std::vector<std::string> cachePatternFieldNames(CachePatternKind kind) {
    switch (kind) {
        case CachePatternKind::RowMajor:
        case CachePatternKind::ColumnMajor:
            return {"rows", "cols", "dtype", "element_bytes"};
        case CachePatternKind::Sequential:
            return {"count", "dtype", "element_bytes"};
        case CachePatternKind::Strided:
            return {"count", "stride", "dtype", "element_bytes"};
        case CachePatternKind::Matmul:
            return {"n", "order", "tile", "dtype", "element_bytes"};
        case CachePatternKind::Random:
            return {"count", "region", "seed", "dtype", "element_bytes"};
        case CachePatternKind::PointerChase:
            return {"nodes", "node_bytes", "count", "seed"};
    }
    return {};
}

const std::vector<std::string>& dtypeNames() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> result;
        for (const auto& [name, bytes] : kDtypes) result.emplace_back(name);
        return result;
    }();
    return names;
}

std::optional<std::uint32_t> dtypeBytes(std::string_view name) {
    for (const auto& [dtype, bytes] : kDtypes) {
        if (dtype == name) return bytes;
    }
    return std::nullopt;
}

std::string describeCachePattern(const CachePattern& pattern) {
    const std::string name(cachePatternName(pattern.kind));
    switch (pattern.kind) {
        case CachePatternKind::RowMajor:
        case CachePatternKind::ColumnMajor:
            return concat(name, ", ", std::to_string(pattern.rows), "×",
                          std::to_string(pattern.cols), ", ", sizeText(pattern));
        case CachePatternKind::Sequential:
            return concat(name, ", ", std::to_string(pattern.count), " × ", sizeText(pattern));
        case CachePatternKind::Strided:
            return concat(name, ", ", std::to_string(pattern.count), " × ", sizeText(pattern),
                          ", stride ", std::to_string(pattern.strideElements));
        case CachePatternKind::Matmul: {
            std::string text = concat(name, " ", memory::matmulLoopOrderName(pattern.order),
                                      ", n = ", std::to_string(pattern.n));
            if (pattern.order == memory::MatmulLoopOrder::Tiled) {
                text += concat(", tile ", std::to_string(pattern.tile));
            }
            return text;
        }
        case CachePatternKind::Random:
            return concat(name, ", ", std::to_string(pattern.count), " × ", sizeText(pattern),
                          " in ", bytesText(pattern.regionBytes), ", seed ",
                          std::to_string(pattern.seed));
        case CachePatternKind::PointerChase:
            return concat(name, ", ", std::to_string(pattern.count), " steps over ",
                          std::to_string(pattern.nodes), " nodes of ",
                          std::to_string(pattern.nodeBytes), " bytes, seed ",
                          std::to_string(pattern.seed));
    }
    return name;
}

Result<std::vector<MemoryAccess>> generateCachePattern(const CachePattern& pattern) {
    const std::uint64_t base = kCachePatternBaseAddress;
    const std::string name(cachePatternName(pattern.kind));
    // The sizes are checked before the accesses are made, so that a typo never allocates
    // gigabytes; the lesson reader bounds every field, so these products cannot overflow.
    switch (pattern.kind) {
        case CachePatternKind::RowMajor:
        case CachePatternKind::ColumnMajor: {
            const std::uint64_t count = pattern.rows * pattern.cols;
            if (count > kMostCacheSteppingAccesses) {
                return tooLong(concat(name, " over ", std::to_string(pattern.rows), "×",
                                      std::to_string(pattern.cols)),
                               count);
            }
            const auto visit = pattern.kind == CachePatternKind::RowMajor
                                   ? memory::StorageOrder::RowMajor
                                   : memory::StorageOrder::ColumnMajor;
            return memory::tensorTraversalPattern(base, pattern.rows, pattern.cols,
                                                  pattern.elementBytes,
                                                  memory::StorageOrder::RowMajor, visit);
        }
        case CachePatternKind::Sequential:
        case CachePatternKind::Strided:
        case CachePatternKind::Random:
        case CachePatternKind::PointerChase:
            if (pattern.count > kMostCacheSteppingAccesses) {
                return tooLong(concat(name, " with count ", std::to_string(pattern.count)),
                               pattern.count);
            }
            break;
        case CachePatternKind::Matmul:
            break;
    }
    switch (pattern.kind) {
        case CachePatternKind::Sequential:
            return memory::stridedPattern(base, pattern.count, std::int64_t(pattern.elementBytes),
                                          pattern.elementBytes);
        case CachePatternKind::Strided:
            return memory::stridedPattern(
                base, pattern.count, std::int64_t(pattern.strideElements * pattern.elementBytes),
                pattern.elementBytes);
        case CachePatternKind::Random:
            return memory::randomPattern(base, pattern.regionBytes, pattern.count,
                                         pattern.elementBytes, pattern.seed);
        case CachePatternKind::PointerChase:
            return memory::pointerChasePattern(base, pattern.nodes, pattern.nodeBytes,
                                               pattern.count, pattern.seed);
        case CachePatternKind::Matmul: {
            if (pattern.n == 0 || pattern.n > kMostMatmulSize) {
                return Result<std::vector<MemoryAccess>>::failure(
                    concat("matmul needs n from 1 to ", std::to_string(kMostMatmulSize)));
            }
            auto accesses = memory::matmulPattern(base, pattern.n, pattern.elementBytes,
                                                  pattern.order, pattern.tile);
            if (accesses.size() > kMostCacheSteppingAccesses) {
                return tooLong(describeCachePattern(pattern), accesses.size());
            }
            return accesses;
        }
        default:
            break;
    }
    return Result<std::vector<MemoryAccess>>::failure("unknown pattern");
}

}  // namespace mlsyslab::lesson::kinds
