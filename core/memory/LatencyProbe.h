#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "memory/ProbeControl.h"

namespace mlsyslab::memory {

inline constexpr std::uint64_t kKibibyte = 1024;
inline constexpr std::uint64_t kMebibyte = 1024 * kKibibyte;
inline constexpr std::uint64_t kGibibyte = 1024 * kMebibyte;

// The latency probe: how long one load takes on this machine when the data it needs lives in a
// working set of a given size. A random cyclic pointer chase (PointerChase.h) over working sets
// from 4 KiB up: while the working set fits in L1 every load hits L1; past L1's size most loads
// go to L2, and so on, so the curve of nanoseconds per load against the working set is a
// staircase with one step per level of the hierarchy, its plateaus at each level's latency.
struct LatencyProbeOptions {
    // The sweep: powers of two from the smallest to the largest working set, with
    // `pointsPerOctave` points per doubling (4: 4 KiB, 4.9 KiB, 5.7 KiB, 6.9 KiB, 8 KiB, ...)
    // so each step shows where it begins. 512 MiB is well past any last-level cache of a desktop
    // or a server socket in 2024 (AMD's largest 3D V-Cache parts have 96 MiB per chiplet), so
    // the last octaves are DRAM alone. Working sets above latencyProbeMemoryLimitBytes() are
    // left out.
    std::uint64_t minWorkingSetBytes = 4 * kKibibyte;
    std::uint64_t maxWorkingSetBytes = 512 * kMebibyte;
    int pointsPerOctave = 4;
    // When not empty: measure exactly these working sets instead of the sweep (the latency
    // ladder measures one per level).
    std::vector<std::uint64_t> workingSets;

    // Nodes of the chase one cache line apart (64 bytes on x86-64 and most ARM cores), so every
    // load is to a line of its own.
    std::uint32_t nodeBytes = 64;
    // Each point is the median of `runs` timed runs, so a run disturbed by the operating system
    // or another program does not move it. A run lasts at least `minLoadsPerRun` loads and at
    // least `minRunMilliseconds` of CPU time, whichever is longer: 20 ms is long against the
    // clock's resolution and its cost; 2^18 loads are 50 ms in DRAM, so the DRAM points, which
    // need no more, do not take longer than the rest.
    int runs = 5;
    std::uint64_t minLoadsPerRun = 1 << 18;
    double minRunMilliseconds = 20.0;
    std::uint64_t seed = 1;  // of the chase's shuffle: the same seed, the same chain
};

// Smaller and faster: 2 points per octave up to 128 MiB, 3 runs of at least 2^16 loads and 5 ms.
// A few seconds instead of 15 or so; `cache probe --quick` uses it.
LatencyProbeOptions quickLatencyProbeOptions();

// The working sets the options measure, in increasing order: the explicit list (sorted, without
// repeats) or the sweep, each rounded to a whole number of nodes (and at least two nodes).
std::vector<std::uint64_t> latencyWorkingSets(const LatencyProbeOptions& options);

struct LatencyPoint {
    std::uint64_t workingSetBytes = 0;
    double nanosecondsPerLoad = 0.0;  // median of the runs
};

struct LatencyCurve {
    std::vector<LatencyPoint> points;  // in increasing working set, as far as it got
    bool cancelled = false;
    std::string error;  // why it stopped early (memory refused), or ""
};

// The largest working set the probe will allocate now: a quarter of the free memory, so the
// machine never starts swapping (0 when the system does not say how much is free: no limit).
// Larger working sets are left out of a measurement.
std::uint64_t latencyProbeMemoryLimitBytes();

// Measures every working set in turn, smallest first, calling `pointMeasured` (on the calling
// thread) as each point is done, and `control.progress` after every run. The whole measurement
// shares one buffer of the largest working set.
LatencyCurve measureLatencyCurve(
    const LatencyProbeOptions& options, const ProbeControl& control,
    const std::function<void(const LatencyPoint&)>& pointMeasured = {});

}  // namespace mlsyslab::memory
