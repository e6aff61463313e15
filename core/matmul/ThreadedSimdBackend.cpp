// Rung 5 of the CPU ladder: rung 4's multiplication on every core. The threads share each
// packed panel of B (packed by all of them together) and split the rows of C between them,
// each with its own packed block of A.
#include <atomic>
#include <memory>
#include <optional>

#include "common/Concat.h"
#include "matmul/BackendRegistry.h"
#include "matmul/PackedGemm.h"
#include "matmul/ThreadPool.h"

namespace mlsyslab::matmul {

namespace {

class ThreadedSimdBackend final : public CpuMatmulBackend {
public:
    std::string_view name() const override { return "threads"; }
    std::string_view title() const override { return "SIMD on all cores"; }
    std::string_view idea() const override {
        return "The SIMD rung on every core: the threads pack each panel of B together, then "
               "each computes its own rows of C from it, so N cores do the work in about 1/N "
               "of the time.";
    }
    unsigned threadsUsed(unsigned requested) const override { return requested; }
    BackendAvailability availability() const override { return {}; }
    std::string detail() const override {
        return concat(describePackedGemm(gemm()),
                      "; B's panels shared by the threads, rows of C split between them");
    }
    std::uint64_t workspaceBytes(const MatmulShape& shape) const override {
        return gemm().workspaceBytes(shape, cpuFeatures().logicalCores);
    }

    bool compute(const MatmulOperands& operands, unsigned threads,
                 const std::atomic<bool>* cancel) override {
        if (threads == 0) threads = 1;
        // One pool per thread count: its threads live as long as the backend, so a benchmark's
        // repeated runs do not pay for creating them.
        if (!pool_ || pool_->size() != threads) {
            pool_.reset();
            pool_ = std::make_unique<ThreadPool>(threads);
        }
        return gemm().multiply(operands, pool_.get(), cancel);
    }

private:
    PackedGemm& gemm() const {
        if (!gemm_) gemm_.emplace();
        return *gemm_;
    }
    mutable std::optional<PackedGemm> gemm_;
    std::unique_ptr<ThreadPool> pool_;
};

}  // namespace

std::unique_ptr<MatmulBackend> makeThreadedSimdBackend() {
    return std::make_unique<ThreadedSimdBackend>();
}

}  // namespace mlsyslab::matmul
