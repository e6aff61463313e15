#pragma once

#include <cstdint>
#include <string>

#include "memory/CacheTopology.h"
#include "memory/ProbeControl.h"

namespace mlsyslab::memory {

// The bandwidth probe: how many bytes per second this machine's memory delivers when the core
// streams through it, measured as STREAM does (McCalpin, 1995) with its "triad" kernel
//     a[i] = b[i] + s · c[i]
// over three arrays of doubles much larger than the last-level cache, so that every byte comes
// from DRAM and goes back to it. Where the latency probe asks "how long does one load wait",
// this asks "how much can flow" — the lecture's "RAM ~20 GB/s, VRAM 1–3 TB/s".
//
// Bytes are counted STREAM's way: 3 arrays × 8 bytes per element per iteration (read b, read c,
// write a). The hardware really moves a fourth stream too (a's lines are read before they are
// written, "write allocate"), so the true traffic is about 4/3 of the figure; STREAM leaves it
// out, and so do we, to stay comparable with published STREAM numbers. GB are 10^9 bytes.
struct BandwidthProbeOptions {
    std::uint64_t arrayBytes = 64 * 1024 * 1024;  // each of a, b and c
    int runs = 5;
    // 1: one core (what a single-threaded program sees); 0: every hardware thread, each on its
    // own slice of the arrays (what the memory system can deliver in all).
    unsigned threads = 1;
};

// STREAM's rule: each array at least 4 times the largest cache, and at least 64 MiB.
std::uint64_t streamArrayBytes(const CacheTopology& topology);

struct BandwidthResult {
    double bestGBps = 0.0;    // the fastest run, as STREAM reports
    double medianGBps = 0.0;  // the typical run
    unsigned threads = 1;     // as run (0 resolved to the hardware's count)
    std::uint64_t arrayBytes = 0;
    bool cancelled = false;
    std::string error;  // memory refused, or ""
};

// Initialises the arrays (each thread its own slice, so its pages sit near it on a NUMA
// machine), runs the triad `runs` times and times each run. Progress after every run; cancel is
// checked every 8 MiB of each slice.
BandwidthResult measureTriadBandwidth(const BandwidthProbeOptions& options,
                                      const ProbeControl& control);

}  // namespace mlsyslab::memory
