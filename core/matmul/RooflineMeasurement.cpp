#include "matmul/RooflineMeasurement.h"

#include <algorithm>
#include <thread>

#include "common/Concat.h"
#include "matmul/FmaPeak.h"
#include "memory/BandwidthProbe.h"

namespace mlsyslab::matmul {

namespace {

// Each step's share of the progress bar, roughly its share of the time at the defaults: the
// matmul backends at N = 1024 take longest.
constexpr double kPeakEnd = 0.1;
constexpr double kBandwidthEnd = 0.25;
constexpr double kMatvecEnd = 0.35;

bool isCancelled(const RooflineEvents& events) {
    return events.cancel != nullptr && events.cancel->load(std::memory_order_relaxed);
}

void report(const RooflineEvents& events, RooflinePhase phase, double fraction,
            std::string backend = {}) {
    if (events.progress) events.progress({phase, fraction, std::move(backend)});
}

double measureBandwidth(const RooflineMeasureOptions& options, const RooflineEvents& events,
                        RooflineMeasurement& measurement) {
    memory::BandwidthProbeOptions probe;
    probe.arrayBytes = options.bandwidthArrayBytes;
    probe.runs = options.bandwidthRuns;
    probe.threads = 0;  // the memory system's total, as the FMA peak is every core's
    memory::ProbeControl control;
    control.cancel = events.cancel;
    control.progress = [&events](const memory::ProbeProgress& progress) {
        report(events, RooflinePhase::Bandwidth,
               kPeakEnd + (kBandwidthEnd - kPeakEnd) * progress.fraction);
    };
    const memory::BandwidthResult result = memory::measureTriadBandwidth(probe, control);
    if (result.cancelled) measurement.cancelled = true;
    if (!result.error.empty()) measurement.error = concat("memory bandwidth: ", result.error);
    return result.bestGBps;
}

void measureMatmulPoints(const RooflineMeasureOptions& options, double begin,
                         const RooflineEvents& events, RooflineMeasurement& measurement) {
    MatmulBenchOptions bench;
    bench.backends = options.backends;
    bench.shapes = {MatmulShape{options.size, options.size, options.size}};
    bench.threads = options.threads;
    bench.repeats = options.matmulRepeats;
    bench.maxSecondsPerCase = options.maxSecondsPerCase;
    if (const auto problem = checkBenchOptions(bench)) {
        measurement.error = *problem;
        return;
    }
    MatmulBenchEvents benchEvents;
    benchEvents.cancel = events.cancel;
    benchEvents.progress = [&](const MatmulBenchProgress& progress) {
        report(events, RooflinePhase::Matmul, begin + (1.0 - begin) * progress.fraction,
               progress.backend);
    };
    benchEvents.resultReady = [&](const MatmulBenchResult& result) {
        if (events.matmulMeasured) events.matmulMeasured(result);
    };
    measurement.matmul = runMatmulBench(bench, benchEvents);
    if (isCancelled(events)) measurement.cancelled = true;
}

}  // namespace

RooflineMeasurement measureRoofline(const RooflineMeasureOptions& options,
                                    const RooflineEvents& events) {
    RooflineMeasurement measurement;
    measurement.threads = std::max(1u, std::thread::hardware_concurrency());
    report(events, RooflinePhase::Peak, 0.0);
    measurement.peakGflops = measureFmaPeakGflops(
        FmaPeakOptions{.threads = 0, .seconds = options.peakSeconds}, events.cancel);
    if (isCancelled(events)) {
        measurement.cancelled = true;
        return measurement;
    }
    report(events, RooflinePhase::Bandwidth, kPeakEnd);
    measurement.bandwidthGBps = measureBandwidth(options, events, measurement);
    if (measurement.cancelled || !measurement.error.empty()) return measurement;
    if (events.roofMeasured) events.roofMeasured(measurement.peakGflops, measurement.bandwidthGBps);

    double matmulBegin = kBandwidthEnd;
    if (options.matvec) {
        report(events, RooflinePhase::Matvec, kBandwidthEnd);
        MatvecProbeOptions matvecOptions = options.matvecOptions;
        matvecOptions.threads = 0;
        const MatvecResult matvec = measureMatvec(
            matvecOptions,
            [&events](double fraction) {
                report(events, RooflinePhase::Matvec,
                       kBandwidthEnd + (kMatvecEnd - kBandwidthEnd) * fraction);
            },
            events.cancel);
        if (matvec.cancelled) {
            measurement.cancelled = true;
            return measurement;
        }
        measurement.matvec = matvec;
        if (events.matvecMeasured) events.matvecMeasured(matvec);
        matmulBegin = kMatvecEnd;
    }
    if (!options.backends.empty()) measureMatmulPoints(options, matmulBegin, events, measurement);
    if (!measurement.cancelled) report(events, RooflinePhase::Matmul, 1.0);
    return measurement;
}

}  // namespace mlsyslab::matmul
