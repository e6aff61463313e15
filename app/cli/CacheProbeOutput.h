#pragma once

#include <cstdint>
#include <iosfwd>

#include "memory/MachineProbe.h"

namespace mlsyslab::cli {

// What `cache probe` prints (docs/cli.md).
struct CacheProbeReport {
    const memory::MachineMeasurement& measurement;
    int bandwidthRuns = 0;
    // Working sets above this were left out to keep within the free memory (0: none were).
    std::uint64_t memoryLimitBytes = 0;
};

// Comment lines (#) with the CPU, the clock and the caches, then one line per working set,
// "SIZE_BYTES NS_PER_LOAD", then the plateaus and the bandwidth as comment lines: the data
// lines alone feed a plotting program.
void printCacheProbeText(const CacheProbeReport& report, std::ostream& out);

// One JSON object: cpu, clock_ghz, caches [{level, type, size_bytes, ways, line_bytes}],
// points [{working_set_bytes, ns_per_load, cycles_per_load}], levels [{name, size_bytes, ns,
// cycles}], bandwidth_gbps {one_thread, all_threads} (or null), bandwidth_threads,
// bandwidth_array_bytes.
void printCacheProbeJson(const CacheProbeReport& report, std::ostream& out);

}  // namespace mlsyslab::cli
