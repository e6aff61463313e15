#pragma once

#include <atomic>
#include <filesystem>
#include <functional>
#include <optional>
#include <vector>

#include "memory/BandwidthProbe.h"
#include "memory/CacheTopology.h"
#include "memory/LatencyPlateaus.h"
#include "memory/LatencyProbe.h"
#include "memory/ProbeControl.h"

namespace mlsyslab::memory {

// Everything the app measures about this machine's memory, in one call that the command line
// and the simulators share: its caches (read), its clock, the latency curve with its plateaus
// and the triad bandwidth (measured).
struct MachineProbeOptions {
    LatencyProbeOptions latency;
    bool measureBandwidth = true;
    // arrayBytes 0: sized from the topology (streamArrayBytes). The threads field is ignored:
    // the probe runs the triad on one thread and then on every hardware thread.
    BandwidthProbeOptions bandwidth{.arrayBytes = 0};
    // Where the caches are read from: "/" on this machine (CacheTopology.h).
    std::filesystem::path systemRoot = "/";
};

// The full probe (tens of seconds) and the quick one (a few seconds: quickLatencyProbeOptions,
// 3 triad runs over arrays of 64 MiB).
MachineProbeOptions fullMachineProbeOptions();
MachineProbeOptions quickMachineProbeOptions();

struct MachineMeasurement {
    CacheTopology topology;
    double clockGHz = 0.0;  // 0 when cancelled before it was known
    LatencyCurve curve;
    std::vector<LevelLatency> levels;           // the plateaus
    std::optional<BandwidthResult> oneThread;   // when measured and not cancelled
    std::optional<BandwidthResult> allThreads;  // when measured and not cancelled
    bool cancelled = false;
};

// What the caller hears while the probe runs, all on the probe's thread.
struct MachineProbeEvents {
    std::function<void(const ProbeProgress&)> progress;  // fractions never decrease; 1 at the end
    std::function<void(const CacheTopology&)> topologyRead;
    std::function<void(double clockGHz)> clockEstimated;
    std::function<void(const LatencyPoint&)> pointMeasured;
    const std::atomic<bool>* cancel = nullptr;
};

// Reads the topology, estimates the clock (5 % of the progress), measures the latency curve
// (80 %, or all the rest without bandwidth) and the bandwidth on one thread and on all (15 %),
// stopping at the first sign of cancel. The plateaus are found from what was measured, even
// when cancelled.
MachineMeasurement probeMachine(const MachineProbeOptions& options,
                                const MachineProbeEvents& events = {});

}  // namespace mlsyslab::memory
