#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "memory/CacheTopology.h"
#include "memory/LatencyProbe.h"

namespace mlsyslab::memory {

// The flat parts of the measured staircase: one latency per level of the hierarchy.
struct LevelLatency {
    std::string name;             // "L1", "L2", "L3", "DRAM"
    std::uint64_t sizeBytes = 0;  // the cache's size (from the topology, or the largest working
                                  // set of the plateau when found from the curve); 0 for DRAM
    double nanoseconds = 0.0;     // the median of the plateau's points
    double cycles = 0.0;          // nanoseconds × GHz; 0 when the clock is not known
    std::uint64_t fromBytes = 0;  // the working sets it was taken from, smallest and largest
    std::uint64_t toBytes = 0;

    friend bool operator==(const LevelLatency&, const LevelLatency&) = default;
};

// The plateaus of a curve (points in increasing working set).
// With a topology (caches L1 < L2 < ... < Ln): level k's points are the ones well inside it,
// working sets from twice the size of level k−1 (where level k−1 no longer holds much) up to
// half the size of level k (where level k still holds everything, whatever its associativity
// and replacement do to a random walk); its plateau is the median of the longest run of them
// within 25 % of their fastest (a cache shared with other programs or virtual machines holds
// less than its size, and the curve climbs inside its range: the plateau is the flat part).
// DRAM's is the median of all the points at 4 times the last level's size and more. A level
// with no point in its range is left out.
// Without one: the curve is cut into runs of points within 25 % of the run's fastest point;
// runs of at least 3 points (2 on a curve of fewer than 12 points) are the plateaus, named L1,
// L2, ... from the fastest, the slowest called DRAM when it reaches 64 MiB and beyond.
std::vector<LevelLatency> findLatencyPlateaus(std::span<const LatencyPoint> curve,
                                              const CacheTopology& topology, double clockGHz);

// One working set per level, inside the ranges findLatencyPlateaus reads, so that a handful of
// measurements (the latency ladder's "Measure this machine") give a latency for each: a quarter
// of every data cache (from 2 times the level above up to half its own size, a quarter is
// inside for any hierarchy whose caches grow at least 8-fold per level, and well inside the
// level), and the larger of 8 times the last level and 256 MiB for DRAM. Without a topology:
// 16 KiB, 256 KiB, 8 MiB and 256 MiB, inside the L1, L2 and L3 of most machines since 2010.
std::vector<std::uint64_t> ladderWorkingSets(const CacheTopology& topology);

}  // namespace mlsyslab::memory
