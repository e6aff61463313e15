#include "memory/MachineProbe.h"

#include "memory/ClockEstimate.h"

namespace mlsyslab::memory {

namespace {

// Shares of the progress bar, roughly the shares of the time on a typical machine.
constexpr double kClockShare = 0.05;
constexpr double kBandwidthShare = 0.15;
constexpr std::uint64_t kQuickArrayBytes = 64 * kMebibyte;
constexpr int kQuickBandwidthRuns = 3;

}  // namespace

MachineProbeOptions fullMachineProbeOptions() { return {}; }

MachineProbeOptions quickMachineProbeOptions() {
    MachineProbeOptions options;
    options.latency = quickLatencyProbeOptions();
    options.bandwidth.arrayBytes = kQuickArrayBytes;
    options.bandwidth.runs = kQuickBandwidthRuns;
    return options;
}

MachineMeasurement probeMachine(const MachineProbeOptions& options,
                                const MachineProbeEvents& events) {
    MachineMeasurement measurement;
    ProbeControl whole{events.progress, events.cancel};
    measurement.topology = readCacheTopology(options.systemRoot);
    if (events.topologyRead) events.topologyRead(measurement.topology);

    const double latencyEnd = options.measureBandwidth ? 1.0 - kBandwidthShare : 1.0;
    measurement.clockGHz = estimateClockGHz(whole.part(ProbePhase::Clock, 0.0, kClockShare));
    if (whole.cancelled()) {
        measurement.cancelled = true;
        return measurement;
    }
    if (events.clockEstimated) events.clockEstimated(measurement.clockGHz);

    measurement.curve = measureLatencyCurve(
        options.latency, whole.part(ProbePhase::Latency, kClockShare, latencyEnd),
        events.pointMeasured);
    measurement.levels =
        findLatencyPlateaus(measurement.curve.points, measurement.topology, measurement.clockGHz);
    if (measurement.curve.cancelled) {
        measurement.cancelled = true;
        return measurement;
    }

    if (options.measureBandwidth) {
        BandwidthProbeOptions bandwidth = options.bandwidth;
        if (bandwidth.arrayBytes == 0)
            bandwidth.arrayBytes = streamArrayBytes(measurement.topology);
        const double middle = latencyEnd + kBandwidthShare / 2;
        bandwidth.threads = 1;
        BandwidthResult one = measureTriadBandwidth(
            bandwidth, whole.part(ProbePhase::BandwidthOneThread, latencyEnd, middle));
        if (one.cancelled) {
            measurement.cancelled = true;
            return measurement;
        }
        measurement.oneThread = one;
        bandwidth.threads = 0;
        BandwidthResult all = measureTriadBandwidth(
            bandwidth, whole.part(ProbePhase::BandwidthAllThreads, middle, 1.0));
        if (all.cancelled) {
            measurement.cancelled = true;
            return measurement;
        }
        measurement.allThreads = all;
    }
    // At 1 whatever stopped a phase early (memory refused), in the last phase's name.
    const ProbePhase lastPhase =
        options.measureBandwidth ? ProbePhase::BandwidthAllThreads : ProbePhase::Latency;
    whole.part(lastPhase, 0.0, 1.0).report(1.0);
    return measurement;
}

}  // namespace mlsyslab::memory
