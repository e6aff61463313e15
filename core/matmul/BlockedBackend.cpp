// Rung 3 of the CPU ladder: the i-k-j loops of rung 2, run one tile of B at a time so that the
// tile stays in the cache while every row of A uses it.
#include <algorithm>
#include <atomic>

#include "matmul/BackendRegistry.h"

namespace mlsyslab::matmul {

namespace {

// The tile of B: tileRows rows (values of k) by tileColumns columns (values of j).
//
// Why these sizes: a tile of 128 × 512 floats is 256 KiB. That is far too big for the L1 data
// cache (32 to 48 KiB per core) but sits in the L2 (1 MiB per core on Zen 4, 2 MiB on Sapphire
// Rapids) with room to spare, so every row of A finds the tile there, instead of fetching all of
// B from L3 or memory once per row as rung 2 does once B outgrows the caches (16 MiB at
// N = 2048). The piece of C a row updates, 512 floats = 2 KiB, and the 128 values of A it uses
// stay in L1 the whole time. Long rows matter too: each pass of the innermost loop has a fixed
// start-up cost, paid once per 512 columns. Measured on a Zen 4 core at N = 2048: 128 × 512 and
// 64 × 512 run about 3 times as fast as rung 2; 64 × 256 and 32 × 256 (closer to L1-sized, but
// shorter rows) are 15 to 25 % slower; at N ≤ 1024, where B fits in L3, all are close to rung 2.
constexpr std::int64_t tileRows = 128;
constexpr std::int64_t tileColumns = 512;

class BlockedBackend final : public CpuMatmulBackend {
public:
    std::string_view name() const override { return "blocked"; }
    std::string_view title() const override { return "Cache blocking"; }
    std::string_view idea() const override {
        return "The same i-k-j loops, run over one tile of B at a time, sized to stay in the "
               "cache while every row of A uses it: B comes from memory once per tile instead "
               "of once per row of A.";
    }
    BackendAvailability availability() const override { return {}; }

    bool compute(const MatmulOperands& operands, unsigned threads,
                 const std::atomic<bool>* cancel) override {
        (void)threads;
        const float* a = operands.a;
        const float* b = operands.b;
        float* c = operands.c;
        const std::int64_t m = operands.shape.m;
        const std::int64_t n = operands.shape.n;
        const std::int64_t k = operands.shape.k;
        if (k == 0) std::fill(c, c + m * n, 0.0f);  // no tiles at all: every sum is empty
        for (std::int64_t tileFirstColumn = 0; tileFirstColumn < n;
             tileFirstColumn += tileColumns) {
            const std::int64_t width = std::min(tileColumns, n - tileFirstColumn);
            for (std::int64_t tileFirstRow = 0; tileFirstRow < k; tileFirstRow += tileRows) {
                const std::int64_t tileEnd = std::min(k, tileFirstRow + tileRows);
                for (std::int64_t i = 0; i < m; ++i) {
                    // A whole tile takes tens of milliseconds at M = 4096: look at the flag once
                    // per row of it (128 × 512 multiply-adds, a few microseconds).
                    if (cancel != nullptr && cancel->load(std::memory_order_relaxed)) return false;
                    float* cPiece = c + i * n + tileFirstColumn;
                    if (tileFirstRow == 0) std::fill(cPiece, cPiece + width, 0.0f);
                    // Rung 2's loops, limited to the tile.
                    for (std::int64_t p = tileFirstRow; p < tileEnd; ++p) {
                        const float aValue = a[i * k + p];
                        const float* bPiece = b + p * n + tileFirstColumn;
                        for (std::int64_t j = 0; j < width; ++j) cPiece[j] += aValue * bPiece[j];
                    }
                }
            }
        }
        return true;
    }
};

}  // namespace

std::unique_ptr<MatmulBackend> makeBlockedBackend() { return std::make_unique<BlockedBackend>(); }

}  // namespace mlsyslab::matmul
