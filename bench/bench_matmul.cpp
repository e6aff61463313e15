// The CPU ladder and whatever else runs here (OpenBLAS, the CUDA kernels, cuBLAS), timed in one
// run: C = A·B in float32 for N = 256, 1024 and 2048, on every hardware thread for the rungs
// that use threads. Each iteration is one PreparedMatmul::run(), and its time is the one the
// backend measures (the steady clock around the CPU loops, CUDA events around a GPU kernel), as
// the runner and `bench matmul` report it; GFLOPS = 2·N³ / that time. The result of the last
// iteration is checked against the float64 reference: a fast wrong answer is an error, not a
// figure. Setup (random matrices, prepare, one warm-up run) is outside the timing.
//
// Options before Google Benchmark's own:
//   --backends=naive,ikj,...  the backends to run (default: every registered one)
//   --sizes=256,1024,2048     square sizes; when given, every backend runs every size (by
//                             default the naive rung stops at 1024: about a minute at 2048)
//   --threads=N               threads for the threaded rungs (default: every hardware thread)
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "common/Concat.h"
#include "matmul/BackendRegistry.h"
#include "matmul/MachineDescription.h"
#include "matmul/MatmulReference.h"

namespace {

namespace matmul = mlsyslab::matmul;

struct BenchSettings {
    std::vector<std::string> backends;
    std::vector<std::int64_t> sizes = {256, 1024, 2048};
    bool sizesGiven = false;
    unsigned threads = 0;
};

// The naive rung's largest default size: at 2048 each run takes about a minute.
constexpr std::int64_t naiveDefaultLargestSize = 1024;

std::vector<std::string> splitList(const std::string& text) {
    std::vector<std::string> items;
    std::stringstream stream(text);
    std::string item;
    while (std::getline(stream, item, ','))
        if (!item.empty()) items.push_back(item);
    return items;
}

// Takes this program's own options out of argv, leaving Google Benchmark's. nullopt (after a
// message) when one is malformed.
std::optional<BenchSettings> takeOwnOptions(int* argc, char** argv) {
    BenchSettings settings;
    int kept = 1;
    for (int index = 1; index < *argc; ++index) {
        const std::string argument = argv[index];
        const auto valueOf = [&](std::string_view option) -> std::optional<std::string> {
            if (argument.rfind(option, 0) != 0) return std::nullopt;
            return argument.substr(option.size());
        };
        if (const auto backends = valueOf("--backends=")) {
            settings.backends = splitList(*backends);
        } else if (const auto sizes = valueOf("--sizes=")) {
            settings.sizes.clear();
            for (const std::string& size : splitList(*sizes)) {
                const long long value = std::atoll(size.c_str());
                if (value <= 0) {
                    std::fprintf(stderr, "bench_matmul: bad size '%s'\n", size.c_str());
                    return std::nullopt;
                }
                settings.sizes.push_back(value);
            }
            settings.sizesGiven = true;
        } else if (const auto threads = valueOf("--threads=")) {
            const long value = std::atol(threads->c_str());
            if (value <= 0) {
                std::fprintf(stderr, "bench_matmul: bad thread count '%s'\n", threads->c_str());
                return std::nullopt;
            }
            settings.threads = unsigned(value);
        } else {
            argv[kept++] = argv[index];
        }
    }
    *argc = kept;
    if (settings.backends.empty())
        for (const std::string_view name : matmul::matmulBackendNames())
            settings.backends.emplace_back(name);
    if (settings.threads == 0) settings.threads = std::max(1u, std::thread::hardware_concurrency());
    return settings;
}

// One pair of random matrices per size, shared by every backend, and their reference (computed
// on first use).
struct SizeInputs {
    matmul::MatmulShape shape;
    std::vector<float> a;
    std::vector<float> b;
    std::optional<matmul::MatmulReference> reference;
};

SizeInputs& inputsFor(std::int64_t size) {
    static std::map<std::int64_t, std::unique_ptr<SizeInputs>> all;
    std::unique_ptr<SizeInputs>& inputs = all[size];
    if (!inputs) {
        inputs = std::make_unique<SizeInputs>();
        inputs->shape = {size, size, size};
        inputs->a.resize(std::size_t(size * size));
        inputs->b.resize(std::size_t(size * size));
        matmul::fillUniform(inputs->a.data(), size * size, 2026);
        matmul::fillUniform(inputs->b.data(), size * size, 2027);
    }
    return *inputs;
}

// One backend at one size. Google Benchmark calls the function several times (to find the
// iteration count, then for real): the set-up and the warm-up happen on the first call only.
struct MatmulCase {
    matmul::MatmulBackend* backend = nullptr;
    std::int64_t size = 0;
    unsigned threads = 1;
    std::vector<float> c;
    std::unique_ptr<matmul::PreparedMatmul> prepared;
};

void runCase(benchmark::State& state, MatmulCase& matmulCase) {
    SizeInputs& inputs = inputsFor(matmulCase.size);
    if (!matmulCase.prepared) {
        matmulCase.c.assign(inputs.a.size(), 0.0f);
        const matmul::MatmulOperands operands{inputs.a.data(), inputs.b.data(), matmulCase.c.data(),
                                              inputs.shape};
        matmulCase.prepared = matmulCase.backend->prepare(operands, matmulCase.threads);
        matmulCase.prepared->run(nullptr);  // warm-up: caches, page faults, thread start-up
    }
    // A device error (out of memory, a failed launch) ends the case with its words.
    const auto skipOnFailure = [&] {
        const std::string failure = matmulCase.prepared->failure();
        if (failure.empty()) return false;
        state.SkipWithError(failure.c_str());
        return true;
    };
    if (skipOnFailure()) return;
    for (auto _ : state) {
        const std::optional<double> seconds = matmulCase.prepared->run(nullptr);
        if (!seconds) {
            if (!skipOnFailure()) state.SkipWithError("the run stopped");
            return;
        }
        state.SetIterationTime(*seconds);
    }
    matmulCase.prepared->finish();
    if (skipOnFailure()) return;
    if (!inputs.reference)
        inputs.reference = matmul::computeReference(inputs.a.data(), inputs.b.data(), inputs.shape);
    const matmul::MatmulCheck check =
        matmul::checkAgainstReference(matmulCase.c.data(), *inputs.reference);
    if (!check.passed()) {
        const std::string message =
            mlsyslab::concat("wrong result: ", std::to_string(check.elementsOutsideBound),
                             " elements outside the rounding bound");
        state.SkipWithError(message.c_str());
        return;
    }
    // Floating-point operations as a rate: Google Benchmark divides by the (manual) time and
    // prints "FLOPS=185.2G/s", i.e. 185.2 GFLOPS.
    state.counters["FLOPS"] = benchmark::Counter(inputs.shape.flops() * double(state.iterations()),
                                                 benchmark::Counter::kIsRate);
    state.counters["threads"] = matmulCase.backend->threadsUsed(matmulCase.threads);
    state.counters["max_relative_error"] = check.maxRelativeError;
    state.SetLabel(matmulCase.backend->detail());
}

}  // namespace

int main(int argc, char** argv) {
    const std::optional<BenchSettings> settings = takeOwnOptions(&argc, argv);
    if (!settings) return 2;
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;

    benchmark::AddCustomContext("machine",
                                matmul::describeMachineText(matmul::describeMachine(false)));
    // Kept alive for the whole run: the registered benchmarks point into them.
    std::vector<std::unique_ptr<matmul::MatmulBackend>> backends;
    std::vector<std::unique_ptr<MatmulCase>> cases;
    for (const std::string& name : settings->backends) {
        std::unique_ptr<matmul::MatmulBackend> backend = matmul::makeMatmulBackend(name);
        if (!backend) {
            const auto& known = matmul::matmulBackendNames();
            if (std::find(known.begin(), known.end(), name) != known.end())
                std::fprintf(stderr, "%s: not in this build\n", name.c_str());
            else
                std::fprintf(stderr, "%s\n", matmul::unknownBackendMessage(name).c_str());
            continue;
        }
        const matmul::BackendAvailability availability = backend->availability();
        if (!availability.available) {
            std::fprintf(stderr, "%s: unavailable: %s\n", name.c_str(),
                         availability.reason.c_str());
            continue;
        }
        for (const std::int64_t size : settings->sizes) {
            if (name == "naive" && !settings->sizesGiven && size > naiveDefaultLargestSize)
                continue;
            auto matmulCase = std::make_unique<MatmulCase>();
            matmulCase->backend = backend.get();
            matmulCase->size = size;
            matmulCase->threads = settings->threads;
            MatmulCase* registered = matmulCase.get();
            benchmark::RegisterBenchmark(
                (name + "/N:" + std::to_string(size)).c_str(),
                [registered](benchmark::State& state) { runCase(state, *registered); })
                ->UseManualTime()
                ->Unit(benchmark::kMillisecond);
            cases.push_back(std::move(matmulCase));
        }
        backends.push_back(std::move(backend));
    }
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
