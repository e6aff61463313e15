// Rung 4 of the CPU ladder: the packed, register-blocked multiplication of PackedGemm.h on one
// thread, with the widest micro-kernel this CPU runs.
#include <atomic>
#include <optional>

#include "matmul/BackendRegistry.h"
#include "matmul/PackedGemm.h"

namespace mlsyslab::matmul {

namespace {

class SimdBackend final : public CpuMatmulBackend {
public:
    std::string_view name() const override { return "simd"; }
    std::string_view title() const override { return "Packed SIMD micro-kernel"; }
    std::string_view idea() const override {
        return "A and B are copied into cache-sized blocks in the order the kernel reads them, "
               "and a tile of C stays in vector registers while each loaded value of A and B "
               "feeds many fused multiply-adds: the core computes at nearly its peak instead of "
               "waiting for loads.";
    }
    BackendAvailability availability() const override { return {}; }
    std::string detail() const override { return describePackedGemm(gemm()); }
    std::uint64_t workspaceBytes(const MatmulShape& shape) const override {
        return gemm().workspaceBytes(shape, 1);
    }

    bool compute(const MatmulOperands& operands, unsigned threads,
                 const std::atomic<bool>* cancel) override {
        (void)threads;
        return gemm().multiply(operands, nullptr, cancel);
    }

private:
    // Made on first use, so that listing the backends reads no cache sizes.
    PackedGemm& gemm() const {
        if (!gemm_) gemm_.emplace();
        return *gemm_;
    }
    mutable std::optional<PackedGemm> gemm_;
};

}  // namespace

std::unique_ptr<MatmulBackend> makeSimdBackend() { return std::make_unique<SimdBackend>(); }

}  // namespace mlsyslab::matmul
