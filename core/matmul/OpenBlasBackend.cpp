#include <algorithm>

#include "matmul/BackendRegistry.h"
#include "matmul/MatmulBackend.h"
#include "matmul/OpenBlasLibrary.h"

namespace mlsyslab::matmul {

namespace {

// The top of the CPU ladder: OpenBLAS's cblas_sgemm, loaded (with the right kernels for this
// CPU) by OpenBlasLibrary.
class OpenBlasBackend final : public CpuMatmulBackend {
public:
    std::string_view name() const override { return "openblas"; }
    std::string_view title() const override { return "OpenBLAS (cblas_sgemm)"; }
    std::string_view idea() const override {
        return "The library everyone calls: the same packing, cache blocking and SIMD "
               "micro-kernel, written in assembly for each CPU family and run on every core.";
    }
    unsigned threadsUsed(unsigned requested) const override { return std::max(1u, requested); }

    BackendAvailability availability() const override {
        if (OpenBlasLibrary::instance() != nullptr) return {};
        return {false, OpenBlasLibrary::loadError()};
    }

    std::string detail() const override {
        const OpenBlasLibrary* library = OpenBlasLibrary::instance();
        return library != nullptr ? library->kernels().summary() : std::string();
    }

    bool compute(const MatmulOperands& operands, unsigned threads,
                 const std::atomic<bool>* cancel) override {
        // One BLAS call cannot be interrupted: look at `cancel` before it starts.
        if (cancel != nullptr && cancel->load()) return false;
        const MatmulShape& shape = operands.shape;
        OpenBlasLibrary::instance()->sgemm(operands.a, operands.b, operands.c, shape.m, shape.n,
                                           shape.k, threads);
        return true;
    }
};

}  // namespace

std::unique_ptr<MatmulBackend> makeOpenBlasBackend() { return std::make_unique<OpenBlasBackend>(); }

}  // namespace mlsyslab::matmul
