#pragma once

// Backends of the runner's tests' own, each showing the runner one situation it must report
// right: a correct one that counts its calls, one with a scripted clock and transfer times,
// one wrong at one element, one that writes nothing, one unavailable, one that throws.
#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "matmul/BackendRegistry.h"
#include "matmul/MatmulBackend.h"
#include "matmul/MatmulRunner.h"

namespace mlsyslab::testing {

using matmul::BackendAvailability;
using matmul::MatmulOperands;

// C = A·B by the textbook loops, summing in double (well inside the float32 bound).
inline void multiplyCorrectly(const MatmulOperands& operands) {
    const auto& shape = operands.shape;
    for (std::int64_t i = 0; i < shape.m; ++i) {
        for (std::int64_t j = 0; j < shape.n; ++j) {
            double sum = 0.0;
            for (std::int64_t p = 0; p < shape.k; ++p)
                sum += double(operands.a[i * shape.k + p]) * double(operands.b[p * shape.n + j]);
            operands.c[i * shape.n + j] = float(sum);
        }
    }
}

// A correct CPU backend that counts its multiplications and computes on the threads it is
// given (so that threadsUsed can be checked).
class CountingBackend : public matmul::CpuMatmulBackend {
public:
    explicit CountingBackend(std::string name, int* computeCalls = nullptr)
        : name_(std::move(name)), computeCalls_(computeCalls) {}
    std::string_view name() const override { return name_; }
    std::string_view title() const override { return "Counting"; }
    std::string_view idea() const override { return "Counts its calls."; }
    unsigned threadsUsed(unsigned requested) const override { return requested; }
    BackendAvailability availability() const override { return {}; }
    bool compute(const MatmulOperands& operands, unsigned, const std::atomic<bool>*) override {
        if (computeCalls_ != nullptr) ++*computeCalls_;
        multiplyCorrectly(operands);
        return true;
    }

private:
    std::string name_;
    int* computeCalls_;
};

// Says each run took `secondsPerRun` without taking it, and reports upload and download times
// as a GPU rung does: the runner's arithmetic on times can be checked exactly.
class ScriptedClockBackend : public matmul::MatmulBackend {
public:
    explicit ScriptedClockBackend(double secondsPerRun) : secondsPerRun_(secondsPerRun) {}
    std::string_view name() const override { return "scripted"; }
    std::string_view title() const override { return "Scripted clock"; }
    std::string_view idea() const override { return "Reports the times it is told."; }
    BackendAvailability availability() const override { return {}; }
    std::string detail() const override { return "scripted detail"; }

    std::unique_ptr<matmul::PreparedMatmul> prepare(const MatmulOperands& operands,
                                                    unsigned) override {
        return std::make_unique<Prepared>(operands, secondsPerRun_);
    }

private:
    class Prepared : public matmul::PreparedMatmul {
    public:
        Prepared(const MatmulOperands& operands, double seconds)
            : operands_(operands), seconds_(seconds) {}
        std::optional<double> run(const std::atomic<bool>*) override {
            multiplyCorrectly(operands_);
            return seconds_;
        }
        double finish() override { return 0.5; }
        double uploadSeconds() const override { return 0.25; }

    private:
        MatmulOperands operands_;
        double seconds_;
    };
    double secondsPerRun_;
};

// Right everywhere but C[2][3], which is 1 too large: a wrong index or a lost term in a real
// kernel looks like this.
class OneWrongElementBackend : public CountingBackend {
public:
    OneWrongElementBackend() : CountingBackend("one-wrong") {}
    bool compute(const MatmulOperands& operands, unsigned threads,
                 const std::atomic<bool>* cancel) override {
        CountingBackend::compute(operands, threads, cancel);
        operands.c[2 * operands.shape.n + 3] += 1.0f;
        return true;
    }
};

// Never writes C: whatever was there must not pass.
class WritesNothingBackend : public CountingBackend {
public:
    WritesNothingBackend() : CountingBackend("writes-nothing") {}
    bool compute(const MatmulOperands&, unsigned, const std::atomic<bool>*) override {
        return true;
    }
};

class UnavailableBackend : public CountingBackend {
public:
    UnavailableBackend() : CountingBackend("unavailable") {}
    BackendAvailability availability() const override {
        return {false, "needs a device this machine does not have"};
    }
};

// Fails when setting up, as a GPU rung would on a lost device.
class ThrowingBackend : public CountingBackend {
public:
    ThrowingBackend() : CountingBackend("throwing") {}
    bool compute(const MatmulOperands&, unsigned, const std::atomic<bool>*) override {
        throw std::runtime_error("the device was lost");
    }
};

// Makes the test backends by name; anything else comes from the registry.
inline matmul::MatmulBackendFactory testBackendFactory(int* computeCalls = nullptr,
                                                       double scriptedSeconds = 1.0) {
    return [=](std::string_view name) -> std::unique_ptr<matmul::MatmulBackend> {
        if (name == "one-wrong") return std::make_unique<OneWrongElementBackend>();
        if (name == "writes-nothing") return std::make_unique<WritesNothingBackend>();
        if (name == "unavailable") return std::make_unique<UnavailableBackend>();
        if (name == "throwing") return std::make_unique<ThrowingBackend>();
        if (name == "scripted") return std::make_unique<ScriptedClockBackend>(scriptedSeconds);
        if (name.starts_with("counting"))
            return std::make_unique<CountingBackend>(std::string(name), computeCalls);
        return matmul::makeMatmulBackend(name);
    };
}

}  // namespace mlsyslab::testing
