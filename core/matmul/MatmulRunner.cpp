#include "matmul/MatmulRunner.h"

#include <algorithm>
#include <exception>
#include <limits>
#include <new>

#include "common/Concat.h"
#include "matmul/BackendRegistry.h"
#include "matmul/BenchProgressMeter.h"
#include "matmul/CpuFeatures.h"
#include "matmul/MatmulBenchText.h"
#include "matmul/MatmulMemory.h"
#include "matmul/MatmulReference.h"
#include "matmul/cuda/CudaDevices.h"

namespace mlsyslab::matmul {

namespace {

// A and B come from two streams of the same seed, so that B is not a copy of A's first rows.
constexpr std::uint64_t kStreamA = 0x5EED'000A;
constexpr std::uint64_t kStreamB = 0x5EED'000B;

// Each backend made once for the whole run: a thread pool or a CUDA context is set up once,
// not once per size.
struct PlannedBackend {
    std::string name;
    std::unique_ptr<MatmulBackend> backend;  // nullptr: the factory knows no such backend
    BackendAvailability availability;
};

// What is decided before anything runs: every pair either has its reason not to run, or its
// share of the progress bar.
struct PlannedCase {
    BenchStatus status = BenchStatus::Ok;  // Ok: to be run; Unavailable or Refused: not
    std::string message;
    double work = 0.0;  // BenchProgressMeter's units
};

std::vector<PlannedBackend> makeBackends(const MatmulBenchOptions& options,
                                         const MatmulBackendFactory& makeBackend) {
    std::vector<PlannedBackend> planned;
    for (const std::string& name : options.backends) {
        PlannedBackend entry{name, makeBackend(name), {}};
        if (entry.backend == nullptr) {
            entry.availability = {false, concat("'", name, "' is not part of this build")};
        } else {
            entry.availability = entry.backend->availability();
            if (!entry.availability.available && entry.availability.reason.empty())
                entry.availability.reason = "the backend gave no reason";
        }
        planned.push_back(std::move(entry));
    }
    return planned;
}

// GPU rungs keep A, B and C (and any workspace of theirs) in device memory: a shape that needs
// more than the device has is refused like one too large for the host.
std::optional<std::string> refuseOnDevice(const MatmulShape& shape, std::uint64_t workspaceBytes) {
    const CudaDeviceList& devices = cudaDevices();
    if (devices.devices.empty() || devices.devices.front().memoryBytes == 0) return std::nullopt;
    const std::uint64_t deviceBytes = devices.devices.front().memoryBytes;
    const double floats = double(shape.m) * double(shape.k) + double(shape.k) * double(shape.n) +
                          double(shape.m) * double(shape.n);
    const double needed = floats * sizeof(float) + double(workspaceBytes);
    if (needed <= double(deviceBytes)) return std::nullopt;
    const auto neededBytes = needed >= double(std::numeric_limits<std::uint64_t>::max())
                                 ? std::numeric_limits<std::uint64_t>::max()
                                 : std::uint64_t(needed);
    return concat(matmulShapeText(shape), " needs ", byteCountText(neededBytes), " on ",
                  devices.devices.front().name, ", which has ", byteCountText(deviceBytes));
}

PlannedCase planCase(const PlannedBackend& planned, const MatmulShape& shape,
                     const MatmulBenchOptions& options) {
    if (!planned.availability.available)
        return {BenchStatus::Unavailable, planned.availability.reason, 0.0};
    const MatmulBackend& backend = *planned.backend;
    const std::uint64_t workspaceBytes = backend.workspaceBytes(shape);
    const bool onGpu = backend.runsOnGpu();
    // On the GPU the workspace is device memory: the host holds A, B, C and the reference.
    if (auto refusal = refuseIfTooLarge(shape, onGpu ? 0 : workspaceBytes))
        return {BenchStatus::Refused, std::move(*refusal), 0.0};
    if (onGpu) {
        if (auto refusal = refuseOnDevice(shape, workspaceBytes))
            return {BenchStatus::Refused, std::move(*refusal), 0.0};
    }
    const int runs = std::max(0, options.warmupRuns) + options.repeats;
    return {BenchStatus::Ok, {}, estimatedCaseWork(planned.name, shape, runs)};
}

MatmulBenchResult resultFor(const PlannedBackend& planned, const MatmulShape& shape,
                            unsigned requestedThreads) {
    MatmulBenchResult result;
    result.backend = planned.name;
    result.shape = shape;
    result.threads =
        planned.backend != nullptr ? planned.backend->threadsUsed(requestedThreads) : 1;
    return result;
}

bool cancelled(const std::atomic<bool>* cancel) {
    return cancel != nullptr && cancel->load(std::memory_order_relaxed);
}

// The timed runs a case gets: `repeats`, or fewer when maxSecondsPerCase says the first run
// showed that they would take too long (at least one).
int timedRunsFor(const MatmulBenchOptions& options, double firstRunSeconds) {
    if (options.maxSecondsPerCase <= 0.0 || firstRunSeconds <= 0.0) return options.repeats;
    const double fitting = options.maxSecondsPerCase / firstRunSeconds;
    if (fitting >= double(options.repeats)) return options.repeats;
    return std::max(1, int(fitting));
}

std::string wrongMessage(const MatmulCheck& check) {
    const std::string at = concat("C[", std::to_string(check.firstBadRow), "][",
                                  std::to_string(check.firstBadColumn), "]");
    const std::string error = relativeErrorText(check.maxRelativeError);
    const std::string bound = relativeErrorText(check.tolerance);
    if (check.maxRelativeError > check.tolerance)
        return concat("max relative error ", error, " exceeds the bound ", bound, " at ", at);
    // Each element has a bound of its own (from |A|·|B| there): one can be outside its own
    // while the largest error of all is still under the largest bound.
    return concat(at, " is outside its rounding bound (max relative error ", error, ", bound ",
                  bound, ")");
}

// The operands of one shape and their reference, shared by every backend run on that shape.
struct ShapeData {
    std::vector<float> a, b, c;
    MatmulReference reference;
};

// One (shape, backend) pair: prepare, warm up, time, fetch C back, check.
MatmulBenchResult runCase(MatmulBackend& backend, MatmulBenchResult result, ShapeData& data,
                          unsigned requestedThreads, const MatmulBenchOptions& options, double work,
                          const std::atomic<bool>* cancel, BenchProgressMeter& meter) {
    const MatmulShape& shape = result.shape;
    result.detail = backend.detail();
    // A backend that writes nothing must not pass on the previous backend's C.
    std::fill(data.c.begin(), data.c.end(), std::numeric_limits<float>::quiet_NaN());
    const MatmulOperands operands{data.a.data(), data.b.data(), data.c.data(), shape};
    // Stops the case: cancelled, or (when the device reports a failure) unavailable with it.
    std::unique_ptr<PreparedMatmul> prepared;
    const auto stop = [&] {
        const std::string failure = prepared != nullptr ? prepared->failure() : std::string();
        result.status = failure.empty() ? BenchStatus::Cancelled : BenchStatus::Unavailable;
        result.message = failure;
        result.runSeconds.clear();
        meter.finishCase();
        return result;
    };

    meter.startCase(work, std::max(0, options.warmupRuns) + options.repeats, result.backend, shape);
    prepared = backend.prepare(operands, requestedThreads);
    if (!prepared->failure().empty()) return stop();
    result.uploadSeconds = prepared->uploadSeconds();
    std::optional<double> firstRunSeconds;
    for (int warmup = 0; warmup < options.warmupRuns; ++warmup) {
        if (cancelled(cancel)) return stop();
        const auto seconds = prepared->run(cancel);
        if (!seconds) return stop();
        if (!firstRunSeconds) firstRunSeconds = *seconds;
        meter.runDone();
    }
    int timedRuns = firstRunSeconds ? timedRunsFor(options, *firstRunSeconds) : options.repeats;
    for (int run = 0; run < timedRuns; ++run) {
        if (cancelled(cancel)) return stop();
        const auto seconds = prepared->run(cancel);
        if (!seconds) return stop();
        result.runSeconds.push_back(*seconds);
        if (!firstRunSeconds) {
            firstRunSeconds = *seconds;
            timedRuns = timedRunsFor(options, *seconds);
        }
        meter.runDone();
    }
    result.downloadSeconds = prepared->finish();
    if (!prepared->failure().empty()) return stop();
    prepared.reset();

    result.statistics = summarizeRuns(result.runSeconds);
    result.gflops = gflopsFor(shape.flops(), result.statistics.medianSeconds);
    const MatmulCheck check = checkAgainstReference(data.c.data(), data.reference);
    result.maxRelativeError = check.maxRelativeError;
    result.tolerance = check.tolerance;
    if (check.passed()) {
        result.status = BenchStatus::Ok;
    } else {
        result.status = BenchStatus::Wrong;
        result.message = wrongMessage(check);
    }
    meter.finishCase();
    return result;
}

// Runs one case and turns what a backend may throw into a result: memory it could not get is
// a refusal, any other failure (a CUDA error, say) makes it unavailable, with the reason.
MatmulBenchResult runCaseSafely(MatmulBackend& backend, MatmulBenchResult result, ShapeData& data,
                                unsigned requestedThreads, const MatmulBenchOptions& options,
                                double work, const std::atomic<bool>* cancel,
                                BenchProgressMeter& meter) {
    MatmulBenchResult failed = result;
    try {
        return runCase(backend, std::move(result), data, requestedThreads, options, work, cancel,
                       meter);
    } catch (const std::bad_alloc&) {
        failed.status = BenchStatus::Refused;
        failed.message =
            concat("the backend could not allocate its memory for ", matmulShapeText(failed.shape));
    } catch (const std::exception& error) {
        failed.status = BenchStatus::Unavailable;
        failed.message = error.what();
    }
    meter.finishCase();
    return failed;
}

}  // namespace

std::vector<MatmulBenchResult> runMatmulBench(const MatmulBenchOptions& options,
                                              const MatmulBenchEvents& events) {
    return runMatmulBench(options, events, makeMatmulBackend);
}

std::vector<MatmulBenchResult> runMatmulBench(const MatmulBenchOptions& options,
                                              const MatmulBenchEvents& events,
                                              const MatmulBackendFactory& makeBackend) {
    const unsigned requestedThreads =
        options.threads == 0 ? cpuFeatures().logicalCores : options.threads;
    std::vector<PlannedBackend> backends = makeBackends(options, makeBackend);

    // Plan every pair first, so that the progress bar's whole is known before it moves.
    std::vector<std::vector<PlannedCase>> plan(options.shapes.size());
    std::vector<double> referenceWork(options.shapes.size(), 0.0);
    double totalWork = 0.0;
    for (std::size_t s = 0; s < options.shapes.size(); ++s) {
        bool anyRuns = false;
        for (const PlannedBackend& backend : backends) {
            plan[s].push_back(planCase(backend, options.shapes[s], options));
            totalWork += plan[s].back().work;
            anyRuns = anyRuns || plan[s].back().status == BenchStatus::Ok;
        }
        if (anyRuns) referenceWork[s] = estimatedReferenceWork(options.shapes[s]);
        totalWork += referenceWork[s];
    }
    BenchProgressMeter meter(totalWork, events.progress);

    std::vector<MatmulBenchResult> results;
    results.reserve(options.shapes.size() * backends.size());
    const auto deliver = [&](MatmulBenchResult result) {
        if (events.resultReady) events.resultReady(result);
        results.push_back(std::move(result));
    };

    for (std::size_t s = 0; s < options.shapes.size(); ++s) {
        const MatmulShape& shape = options.shapes[s];
        ShapeData data;
        std::string allocationFailure;
        if (referenceWork[s] > 0.0 && !cancelled(events.cancel)) {
            try {
                data.a.resize(std::size_t(shape.m * shape.k));
                data.b.resize(std::size_t(shape.k * shape.n));
                data.c.resize(std::size_t(shape.m * shape.n));
                fillUniform(data.a.data(), shape.m * shape.k, options.seed ^ kStreamA);
                fillUniform(data.b.data(), shape.k * shape.n, options.seed ^ kStreamB);
                meter.startCase(referenceWork[s], 1, "reference", shape);
                data.reference = computeReference(data.a.data(), data.b.data(), shape);
                meter.finishCase();
            } catch (const std::bad_alloc&) {
                allocationFailure =
                    concat("could not allocate ", byteCountText(hostBytesNeeded(shape, 0)), " for ",
                           matmulShapeText(shape));
                data = ShapeData{};
            }
        }
        for (std::size_t index = 0; index < backends.size(); ++index) {
            PlannedBackend& backend = backends[index];
            const PlannedCase& planned = plan[s][index];
            MatmulBenchResult result = resultFor(backend, shape, requestedThreads);
            if (planned.status != BenchStatus::Ok) {
                result.status = planned.status;
                result.message = planned.message;
            } else if (cancelled(events.cancel)) {
                result.status = BenchStatus::Cancelled;
            } else if (!allocationFailure.empty()) {
                result.status = BenchStatus::Refused;
                result.message = allocationFailure;
            } else {
                result = runCaseSafely(*backend.backend, std::move(result), data, requestedThreads,
                                       options, planned.work, events.cancel, meter);
            }
            deliver(std::move(result));
        }
    }
    meter.finishAll();
    return results;
}

}  // namespace mlsyslab::matmul
