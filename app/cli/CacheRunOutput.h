#pragma once

#include <cstdint>
#include <iosfwd>

#include "memory/CacheConfig.h"
#include "memory/CacheStats.h"

namespace mlsyslab::cli {

// What `cache run` reports: the configuration it ran, the final counts, and how many trace
// accesses and malformed (skipped) lines there were.
struct CacheRunReport {
    const memory::CacheConfig& config;
    const memory::CacheStats& stats;
    std::uint64_t accesses = 0;
    std::uint64_t skippedLines = 0;
};

// A table a person reads: per level hits, misses, hit rate, evictions, writebacks and the 3C
// split; memory reads and writes; total cycles; AMAT with the textbook formula beside it.
void printCacheRunText(const CacheRunReport& report, std::ostream& out);

// One JSON object (docs/cli.md, DESIGN.md §4): levels [{name, hits, misses, evictions,
// writebacks, compulsory, capacity, conflict, hit_rate}], memory {reads, writes},
// total_cycles, amat, textbook_amat, accesses, references, skipped_lines. Counts are JSON
// integers; rates and AMATs the shortest decimal that reads back to the same double.
void printCacheRunJson(const CacheRunReport& report, std::ostream& out);

}  // namespace mlsyslab::cli
