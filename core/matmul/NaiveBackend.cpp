// Rung 1 of the CPU ladder: the textbook triple loop, as the seed's naive CUDA kernel computes
// each element (one dot product per element of C, summed in a float).
#include <atomic>

#include "matmul/BackendRegistry.h"

namespace mlsyslab::matmul {

namespace {

class NaiveBackend final : public CpuMatmulBackend {
public:
    std::string_view name() const override { return "naive"; }
    std::string_view title() const override { return "Naive loops i-j-k"; }
    std::string_view idea() const override {
        return "Each element of C is a dot product of a row of A with a column of B; walking "
               "down a column of B jumps a whole row of B per step, so almost every step "
               "misses the cache.";
    }
    BackendAvailability availability() const override { return {}; }

    bool compute(const MatmulOperands& operands, unsigned threads,
                 const std::atomic<bool>* cancel) override {
        (void)threads;  // one thread: this rung is about the loops, not the cores
        const float* a = operands.a;
        const float* b = operands.b;
        float* c = operands.c;
        const std::int64_t m = operands.shape.m;
        const std::int64_t n = operands.shape.n;
        const std::int64_t k = operands.shape.k;
        for (std::int64_t i = 0; i < m; ++i) {
            for (std::int64_t j = 0; j < n; ++j) {
                // A row of C at N = 4096 is 16 million steps down columns of B, most of them
                // cache misses, so the flag is read per element: one load beside K steps.
                if (cancel != nullptr && cancel->load(std::memory_order_relaxed)) return false;
                float sum = 0.0f;
                for (std::int64_t p = 0; p < k; ++p)
                    sum += a[i * k + p] * b[p * n + j];  // B down column j: stride N floats
                c[i * n + j] = sum;
            }
        }
        return true;
    }
};

}  // namespace

std::unique_ptr<MatmulBackend> makeNaiveBackend() { return std::make_unique<NaiveBackend>(); }

}  // namespace mlsyslab::matmul
