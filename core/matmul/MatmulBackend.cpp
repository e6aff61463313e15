#include "matmul/MatmulBackend.h"

#include <chrono>

namespace mlsyslab::matmul {

namespace {

// A CPU multiplication needs nothing set up: each run is the whole computation, timed with the
// steady clock around it.
class PreparedCpuMatmul final : public PreparedMatmul {
public:
    PreparedCpuMatmul(CpuMatmulBackend& backend, const MatmulOperands& operands, unsigned threads)
        : backend_(backend), operands_(operands), threads_(threads) {}

    std::optional<double> run(const std::atomic<bool>* cancel) override {
        const auto start = std::chrono::steady_clock::now();
        if (!backend_.compute(operands_, threads_, cancel)) return std::nullopt;
        const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
        return elapsed.count();
    }

    double finish() override { return 0.0; }

private:
    CpuMatmulBackend& backend_;
    MatmulOperands operands_;
    unsigned threads_;
};

}  // namespace

std::unique_ptr<PreparedMatmul> CpuMatmulBackend::prepare(const MatmulOperands& operands,
                                                          unsigned threads) {
    return std::make_unique<PreparedCpuMatmul>(*this, operands, threads == 0 ? 1 : threads);
}

bool multiplyOnce(MatmulBackend& backend, const MatmulOperands& operands, unsigned threads) {
    if (!backend.availability().available) return false;
    std::unique_ptr<PreparedMatmul> prepared = backend.prepare(operands, threads == 0 ? 1 : threads);
    if (!prepared->run(nullptr)) return false;
    prepared->finish();
    return prepared->failure().empty();
}

}  // namespace mlsyslab::matmul
