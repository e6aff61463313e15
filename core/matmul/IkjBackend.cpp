// Rung 2 of the CPU ladder: the same three loops as the naive rung, with j and k swapped.
#include <algorithm>
#include <atomic>

#include "matmul/BackendRegistry.h"

namespace mlsyslab::matmul {

namespace {

class IkjBackend final : public CpuMatmulBackend {
public:
    std::string_view name() const override { return "ikj"; }
    std::string_view title() const override { return "Loop order i-k-j"; }
    std::string_view idea() const override {
        return "Swapping the two inner loops makes the innermost one walk a row of B and a row "
               "of C with unit stride: every cache line is used whole, and the compiler turns "
               "the loop into vector instructions.";
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
        for (std::int64_t i = 0; i < m; ++i) {
            if (cancel != nullptr && cancel->load(std::memory_order_relaxed)) return false;
            float* cRow = c + i * n;
            std::fill(cRow, cRow + n, 0.0f);
            for (std::int64_t p = 0; p < k; ++p) {
                // Row i of C += A[i][p] · row p of B: unit stride through both rows.
                const float aValue = a[i * k + p];
                const float* bRow = b + p * n;
                for (std::int64_t j = 0; j < n; ++j) cRow[j] += aValue * bRow[j];
            }
        }
        return true;
    }
};

}  // namespace

std::unique_ptr<MatmulBackend> makeIkjBackend() { return std::make_unique<IkjBackend>(); }

}  // namespace mlsyslab::matmul
