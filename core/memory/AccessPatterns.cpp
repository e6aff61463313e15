#include "memory/AccessPatterns.h"

#include <algorithm>
#include <numeric>
#include <random>

namespace mlsyslab::memory {

namespace {

// Matmul's B and C start on a fresh page after the previous matrix, as separate allocations
// of that size would (glibc serves large ones with mmap, page-aligned).
constexpr std::uint64_t kPageBytes = 4096;
// Tiled matmul with tile 0: as many elements as one 64-byte cache line holds (16 floats, 8
// doubles), so a tile row is one line of the machines the lessons use.
constexpr std::uint64_t kDefaultTileLineBytes = 64;

std::uint64_t roundUpToPage(std::uint64_t address) {
    return (address + kPageBytes - 1) / kPageBytes * kPageBytes;
}

// A number in [0, bound) from the generator, the same on every platform: the standard fixes
// mt19937_64's output but not uniform_int_distribution's algorithm. Rejecting the lowest
// 2^64 mod bound outputs makes every remainder equally likely.
std::uint64_t uniformBelow(std::mt19937_64& generator, std::uint64_t bound) {
    const std::uint64_t rejectBelow = (0 - bound) % bound;  // 2^64 mod bound
    std::uint64_t draw = generator();
    while (draw < rejectBelow) draw = generator();
    return draw % bound;
}

// The three matrices of matmulPattern, and the accesses of one array reference.
class MatmulTrace {
public:
    MatmulTrace(std::uint64_t baseAddress, std::uint64_t n, std::uint32_t elementBytes)
        : n_(n), elementBytes_(elementBytes) {
        const std::uint64_t matrixBytes = n * n * elementBytes;
        a_ = baseAddress;
        b_ = roundUpToPage(a_ + matrixBytes);
        c_ = roundUpToPage(b_ + matrixBytes);
    }

    void loadA(std::uint64_t row, std::uint64_t col) { add(AccessKind::Load, a_, row, col); }
    void loadB(std::uint64_t row, std::uint64_t col) { add(AccessKind::Load, b_, row, col); }
    void loadC(std::uint64_t row, std::uint64_t col) { add(AccessKind::Load, c_, row, col); }
    void storeC(std::uint64_t row, std::uint64_t col) { add(AccessKind::Store, c_, row, col); }
    // C[i][j] += r * B[k][j]: the inner step of ikj and of a tile.
    void updateCFromB(std::uint64_t i, std::uint64_t k, std::uint64_t j) {
        loadB(k, j);
        loadC(i, j);
        storeC(i, j);
    }

    std::vector<MemoryAccess> take() { return std::move(accesses_); }
    void reserve(std::uint64_t count) { accesses_.reserve(count); }

private:
    void add(AccessKind kind, std::uint64_t base, std::uint64_t row, std::uint64_t col) {
        accesses_.push_back({kind, base + (row * n_ + col) * elementBytes_, elementBytes_});
    }

    std::uint64_t n_;
    std::uint32_t elementBytes_;
    std::uint64_t a_ = 0, b_ = 0, c_ = 0;
    std::vector<MemoryAccess> accesses_;
};

void matmulIjk(MatmulTrace& trace, std::uint64_t n) {
    for (std::uint64_t i = 0; i < n; ++i) {
        for (std::uint64_t j = 0; j < n; ++j) {
            for (std::uint64_t k = 0; k < n; ++k) {
                trace.loadA(i, k);
                trace.loadB(k, j);
            }
            trace.storeC(i, j);
        }
    }
}

void matmulIkj(MatmulTrace& trace, std::uint64_t n) {
    for (std::uint64_t i = 0; i < n; ++i) {
        for (std::uint64_t k = 0; k < n; ++k) {
            trace.loadA(i, k);
            for (std::uint64_t j = 0; j < n; ++j) trace.updateCFromB(i, k, j);
        }
    }
}

void matmulJki(MatmulTrace& trace, std::uint64_t n) {
    for (std::uint64_t j = 0; j < n; ++j) {
        for (std::uint64_t k = 0; k < n; ++k) {
            trace.loadB(k, j);
            for (std::uint64_t i = 0; i < n; ++i) {
                trace.loadA(i, k);
                trace.loadC(i, j);
                trace.storeC(i, j);
            }
        }
    }
}

// ikj inside tile×tile blocks; the last block in each dimension is smaller when tile does
// not divide n.
void matmulTiled(MatmulTrace& trace, std::uint64_t n, std::uint64_t tile) {
    for (std::uint64_t ii = 0; ii < n; ii += tile) {
        const std::uint64_t iEnd = std::min(ii + tile, n);
        for (std::uint64_t kk = 0; kk < n; kk += tile) {
            const std::uint64_t kEnd = std::min(kk + tile, n);
            for (std::uint64_t jj = 0; jj < n; jj += tile) {
                const std::uint64_t jEnd = std::min(jj + tile, n);
                for (std::uint64_t i = ii; i < iEnd; ++i) {
                    for (std::uint64_t k = kk; k < kEnd; ++k) {
                        trace.loadA(i, k);
                        for (std::uint64_t j = jj; j < jEnd; ++j) trace.updateCFromB(i, k, j);
                    }
                }
            }
        }
    }
}

}  // namespace

std::vector<MemoryAccess> stridedPattern(std::uint64_t baseAddress, std::uint64_t count,
                                         std::int64_t strideBytes, std::uint32_t elementBytes,
                                         AccessKind kind) {
    std::vector<MemoryAccess> accesses;
    if (elementBytes == 0) return accesses;
    accesses.reserve(count);
    // Unsigned arithmetic wraps, so a negative stride walks down from the base.
    const auto stride = static_cast<std::uint64_t>(strideBytes);
    for (std::uint64_t index = 0; index < count; ++index) {
        accesses.push_back({kind, baseAddress + index * stride, elementBytes});
    }
    return accesses;
}

std::vector<MemoryAccess> tensorTraversalPattern(std::uint64_t baseAddress, std::uint64_t rows,
                                                 std::uint64_t cols, std::uint32_t elementBytes,
                                                 StorageOrder storage, StorageOrder visitOrder) {
    std::vector<MemoryAccess> accesses;
    if (elementBytes == 0) return accesses;
    accesses.reserve(rows * cols);
    const auto address = [&](std::uint64_t row, std::uint64_t col) {
        const std::uint64_t index =
            storage == StorageOrder::RowMajor ? row * cols + col : col * rows + row;
        return baseAddress + index * elementBytes;
    };
    const bool byRows = visitOrder == StorageOrder::RowMajor;
    const std::uint64_t outerCount = byRows ? rows : cols;
    const std::uint64_t innerCount = byRows ? cols : rows;
    for (std::uint64_t outer = 0; outer < outerCount; ++outer) {
        for (std::uint64_t inner = 0; inner < innerCount; ++inner) {
            const std::uint64_t row = byRows ? outer : inner;
            const std::uint64_t col = byRows ? inner : outer;
            accesses.push_back({AccessKind::Load, address(row, col), elementBytes});
        }
    }
    return accesses;
}

std::string_view matmulLoopOrderName(MatmulLoopOrder order) {
    switch (order) {
        case MatmulLoopOrder::Ijk:
            return "ijk";
        case MatmulLoopOrder::Ikj:
            return "ikj";
        case MatmulLoopOrder::Jki:
            return "jki";
        case MatmulLoopOrder::Tiled:
            return "tiled";
    }
    return "ijk";
}

std::vector<MemoryAccess> matmulPattern(std::uint64_t baseAddress, std::uint64_t n,
                                        std::uint32_t elementBytes, MatmulLoopOrder order,
                                        std::uint64_t tile) {
    if (elementBytes == 0 || n == 0) return {};
    MatmulTrace trace(baseAddress, n, elementBytes);
    switch (order) {
        case MatmulLoopOrder::Ijk:
            trace.reserve(2 * n * n * n + n * n);
            matmulIjk(trace, n);
            break;
        case MatmulLoopOrder::Ikj:
            trace.reserve(3 * n * n * n + n * n);
            matmulIkj(trace, n);
            break;
        case MatmulLoopOrder::Jki:
            trace.reserve(3 * n * n * n + n * n);
            matmulJki(trace, n);
            break;
        case MatmulLoopOrder::Tiled: {
            if (tile == 0) tile = std::max<std::uint64_t>(1, kDefaultTileLineBytes / elementBytes);
            tile = std::min(tile, n);
            const std::uint64_t blocksPerRow = (n + tile - 1) / tile;
            trace.reserve(3 * n * n * n + n * n * blocksPerRow);
            matmulTiled(trace, n, tile);
            break;
        }
    }
    return trace.take();
}

std::vector<MemoryAccess> randomPattern(std::uint64_t baseAddress, std::uint64_t regionBytes,
                                        std::uint64_t count, std::uint32_t elementBytes,
                                        std::uint64_t seed) {
    std::vector<MemoryAccess> accesses;
    if (elementBytes == 0) return accesses;
    const std::uint64_t elementCount = regionBytes / elementBytes;
    if (elementCount == 0) return accesses;
    std::mt19937_64 generator(seed);
    accesses.reserve(count);
    for (std::uint64_t step = 0; step < count; ++step) {
        const std::uint64_t index = uniformBelow(generator, elementCount);
        accesses.push_back({AccessKind::Load, baseAddress + index * elementBytes, elementBytes});
    }
    return accesses;
}

std::vector<MemoryAccess> pointerChasePattern(std::uint64_t baseAddress, std::uint64_t nodes,
                                              std::uint32_t nodeBytes, std::uint64_t count,
                                              std::uint64_t seed) {
    std::vector<MemoryAccess> accesses;
    if (nodes == 0) return accesses;
    // Sattolo's algorithm: a uniformly random permutation with a single cycle, so the walk
    // visits every node once before it comes back to the first.
    std::vector<std::uint64_t> next(nodes);
    std::iota(next.begin(), next.end(), std::uint64_t{0});
    std::mt19937_64 generator(seed);
    for (std::uint64_t index = nodes - 1; index > 0; --index) {
        std::swap(next[index], next[uniformBelow(generator, index)]);
    }
    constexpr std::uint32_t kPointerBytes = 8;
    accesses.reserve(count);
    std::uint64_t node = 0;
    for (std::uint64_t step = 0; step < count; ++step) {
        accesses.push_back({AccessKind::Load, baseAddress + node * nodeBytes, kPointerBytes});
        node = next[node];
    }
    return accesses;
}

}  // namespace mlsyslab::memory
