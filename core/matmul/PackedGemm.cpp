#include "matmul/PackedGemm.h"

#include <algorithm>
#include <cassert>

#include "common/Concat.h"
#include "matmul/GemmPacking.h"

namespace mlsyslab::matmul {

namespace {

// The largest MR × NR tile any kernel has (AVX-512: 12 × 32), for the edge tiles' scratch.
constexpr int maxTileFloats = 32 * 64;

// Shares of each B panel per thread when the threads pack it together.
constexpr std::int64_t packSharesPerThread = 4;

bool cancelled(const std::atomic<bool>* cancel) {
    return cancel != nullptr && cancel->load(std::memory_order_relaxed);
}

std::int64_t ceilDivide(std::int64_t value, std::int64_t divisor) {
    return (value + divisor - 1) / divisor;
}

// How the rows of C are shared out for one panel: `count` tasks of nearly equal size, each a
// whole number of MR-row slivers and at most MC rows (so its packed A block fits the buffer).
// With several threads the count is a multiple of the thread count, so that every thread gets
// the same amount of work: 1000 rows with MC = 96 would be 11 blocks, the last of 40 rows, 6
// for one thread and 5 for the other; as 12 tasks of 76 to 84 rows, each thread computes about
// 500.
struct RowTasks {
    std::int64_t count = 0;
    std::int64_t slivers = 0;
    std::int64_t kernelRows = 1;

    std::int64_t firstRow(std::int64_t task) const { return slivers * task / count * kernelRows; }
};

RowTasks splitRows(std::int64_t m, std::int64_t rowsPerBlock, int kernelRows, unsigned threads) {
    RowTasks tasks;
    tasks.kernelRows = kernelRows;
    tasks.slivers = ceilDivide(m, kernelRows);
    tasks.count = ceilDivide(ceilDivide(m, rowsPerBlock), threads) * threads;
    tasks.count = std::min(tasks.count, tasks.slivers);
    return tasks;
}

}  // namespace

PackedGemm::PackedGemm(const PackedGemmOptions& options)
    : kernel_(options.kernel.value_or(bestMicroKernel())),
      blocking_(options.blocking.value_or(chooseBlocking(kernel_, thisMachineCacheSizes()))) {
    assert(kernel_.rows * kernel_.columns <= maxTileFloats);
    blocking_ = alignBlocking(blocking_, kernel_);
}

std::uint64_t PackedGemm::workspaceBytes(const MatmulShape& shape, unsigned threads) const {
    const std::int64_t depth =
        std::min(blocking_.depthPerPanel, std::max<std::int64_t>(shape.k, 1));
    const std::int64_t width = std::min(blocking_.columnsPerPanel, shape.n);
    const std::int64_t rows = std::min(blocking_.rowsPerBlock, shape.m);
    const std::int64_t floats =
        packedBPanelFloats(depth, width, kernel_.columns) +
        std::int64_t(std::max(1u, threads)) * packedABlockFloats(rows, depth, kernel_.rows);
    return std::uint64_t(floats) * sizeof(float);
}

bool PackedGemm::multiply(const MatmulOperands& operands, ThreadPool* pool,
                          const std::atomic<bool>* cancel) {
    const auto [m, n, k] = operands.shape;
    if (m <= 0 || n <= 0) return !cancelled(cancel);
    if (k <= 0) {  // no panel of k at all: every element of C is a sum of nothing
        std::fill(operands.c, operands.c + m * n, 0.0f);
        return !cancelled(cancel);
    }
    const unsigned threads = pool == nullptr ? 1 : pool->size();
    const std::int64_t panelDepth = std::min(blocking_.depthPerPanel, k);
    const std::int64_t panelWidth = std::min(blocking_.columnsPerPanel, n);
    float* packedB = packedB_.reserve(packedBPanelFloats(panelDepth, panelWidth, kernel_.columns));
    packedA_.resize(threads);
    const RowTasks tasks = splitRows(m, blocking_.rowsPerBlock, kernel_.rows, threads);
    for (AlignedFloatBuffer& buffer : packedA_)
        buffer.reserve(packedABlockFloats(blocking_.rowsPerBlock, panelDepth, kernel_.rows));

    for (std::int64_t firstColumn = 0; firstColumn < n; firstColumn += panelWidth) {
        const std::int64_t width = std::min(panelWidth, n - firstColumn);
        const std::int64_t slivers = ceilDivide(width, kernel_.columns);
        for (std::int64_t firstK = 0; firstK < k; firstK += panelDepth) {
            const std::int64_t depth = std::min(panelDepth, k - firstK);
            const float* bPanel = operands.b + firstK * n + firstColumn;
            // The threads pack B's slivers together, a few shares each, taken one at a time so
            // that a thread the system interrupts packs fewer; parallelFor's return is the
            // barrier after which all of them read the whole panel.
            const std::int64_t shares =
                std::min<std::int64_t>(slivers, packSharesPerThread * threads);
            const auto packShare = [&](std::int64_t share, unsigned) {
                const std::int64_t first = slivers * share / shares;
                const std::int64_t end = slivers * (share + 1) / shares;
                packBSlivers(bPanel, n, depth, width, kernel_.columns, first, end - first, packedB);
            };
            const auto computeRows = [&](std::int64_t task, unsigned worker) {
                if (cancelled(cancel)) return;
                multiplyRowBlock(operands, tasks.firstRow(task),
                                 std::min(m, tasks.firstRow(task + 1)), firstColumn, width, firstK,
                                 depth, packedA_[worker].data());
            };
            if (pool == nullptr) {
                packBSlivers(bPanel, n, depth, width, kernel_.columns, 0, slivers, packedB);
                for (std::int64_t task = 0; task < tasks.count; ++task) computeRows(task, 0);
            } else {
                pool->parallelFor(shares, packShare);
                pool->parallelFor(tasks.count, computeRows);
            }
            if (cancelled(cancel)) return false;
        }
    }
    return true;
}

void PackedGemm::multiplyRowBlock(const MatmulOperands& operands, std::int64_t firstRow,
                                  std::int64_t endRow, std::int64_t firstColumn, std::int64_t width,
                                  std::int64_t firstK, std::int64_t depth, float* packedA) const {
    const std::int64_t n = operands.shape.n;
    const std::int64_t rows = endRow - firstRow;
    const int tileRows = kernel_.rows;
    const int tileColumns = kernel_.columns;
    packABlock(operands.a + firstRow * operands.shape.k + firstK, operands.shape.k, rows, depth,
               tileRows, packedA);
    const float* packedB = packedB_.data();
    const bool accumulate = firstK > 0;
    alignas(AlignedFloatBuffer::alignmentBytes) float edgeTile[maxTileFloats];

    // The A sliver (MR × KC) stays in L1 while the loop over j streams the B panel past it.
    for (std::int64_t i = 0; i < rows; i += tileRows) {
        const float* aSliver = packedA + i * depth;
        const std::int64_t height = std::min<std::int64_t>(tileRows, rows - i);
        float* cRow = operands.c + (firstRow + i) * n + firstColumn;
        for (std::int64_t j = 0; j < width; j += tileColumns) {
            const float* bSliver = packedB + j * depth;
            const std::int64_t tileWidth = std::min<std::int64_t>(tileColumns, width - j);
            if (height == tileRows && tileWidth == tileColumns) {
                kernel_.multiply(depth, aSliver, bSliver, cRow + j, n, accumulate);
                continue;
            }
            // An edge tile: computed whole into the scratch, its inside written back.
            kernel_.multiply(depth, aSliver, bSliver, edgeTile, tileColumns, false);
            for (std::int64_t r = 0; r < height; ++r) {
                float* cValues = cRow + r * n + j;
                const float* tileValues = edgeTile + r * tileColumns;
                for (std::int64_t s = 0; s < tileWidth; ++s)
                    cValues[s] = accumulate ? cValues[s] + tileValues[s] : tileValues[s];
            }
        }
    }
}

std::string describePackedGemm(const PackedGemm& gemm) {
    const MicroKernel& kernel = gemm.kernel();
    const GemmBlocking& blocking = gemm.blocking();
    return concat(microKernelIsaName(kernel.isa), " micro-kernel, ", std::to_string(kernel.rows),
                  " × ", std::to_string(kernel.columns), " tile of C in registers; blocks of MC ",
                  std::to_string(blocking.rowsPerBlock), ", KC ",
                  std::to_string(blocking.depthPerPanel), ", NC ",
                  std::to_string(blocking.columnsPerPanel));
}

}  // namespace mlsyslab::matmul
