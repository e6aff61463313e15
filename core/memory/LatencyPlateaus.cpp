#include "memory/LatencyPlateaus.h"

#include <algorithm>
#include <optional>
#include <string>

#include "common/Concat.h"

namespace mlsyslab::memory {

namespace {

// Inside a level: from twice the level above's size to half its own (see the header).
constexpr std::uint64_t kMarginFactor = 2;
// DRAM: at least this many times the last cache, so that hardly any load hits it.
constexpr std::uint64_t kDramFactor = 4;
// Points within this factor of a run's fastest are flat: part of one plateau. Measurements on a
// quiet machine vary by a few per cent; the step to the next level is 2 to 10 times.
constexpr double kRunTolerance = 1.25;
// Without a topology, a slowest plateau reaching this working set is memory (past the largest
// L3 of common parts).
constexpr std::uint64_t kDramGuessBytes = 64 * kMebibyte;
constexpr std::size_t kMinRunPoints = 3;
constexpr std::size_t kMinRunPointsShortCurve = 2;
constexpr std::size_t kShortCurvePoints = 12;
// The ladder's cache working sets: a quarter of each cache (see the header).
constexpr std::uint64_t kLadderShareDivisor = 4;
// The ladder's DRAM working set: at least 256 MiB (see the header).
constexpr std::uint64_t kLadderDramBytes = 256 * kMebibyte;
constexpr std::uint64_t kLadderDramFactor = 8;

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    const std::size_t middle = values.size() / 2;
    return values.size() % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2.0;
}

// The points with working sets in [from, to], in curve order.
std::vector<LatencyPoint> pointsBetween(std::span<const LatencyPoint> curve, std::uint64_t from,
                                        std::uint64_t to) {
    std::vector<LatencyPoint> inside;
    for (const LatencyPoint& point : curve) {
        if (point.workingSetBytes >= from && point.workingSetBytes <= to) inside.push_back(point);
    }
    return inside;
}

// The longest run of consecutive points within kRunTolerance of the fastest of them: the flat
// part. A cache shared with other programs or virtual machines (or partitioned by the
// hypervisor) holds less than its size, and the curve climbs inside its range; its plateau is
// where it is still flat, not an average with the climb.
std::vector<LatencyPoint> flattestRun(const std::vector<LatencyPoint>& points) {
    if (points.empty()) return points;
    double fastest = points.front().nanosecondsPerLoad;
    for (const LatencyPoint& point : points) fastest = std::min(fastest, point.nanosecondsPerLoad);
    std::size_t bestFirst = 0, bestLength = 0, first = 0;
    for (std::size_t index = 0; index <= points.size(); ++index) {
        const bool flat =
            index < points.size() && points[index].nanosecondsPerLoad <= fastest * kRunTolerance;
        if (flat) continue;
        if (index - first > bestLength) {
            bestFirst = first;
            bestLength = index - first;
        }
        first = index + 1;
    }
    return {points.begin() + std::ptrdiff_t(bestFirst),
            points.begin() + std::ptrdiff_t(bestFirst + bestLength)};
}

// The plateau of `points` (the median of their latencies), or nothing when there are none.
std::optional<LevelLatency> plateauOf(const std::vector<LatencyPoint>& points, std::string name,
                                      std::uint64_t sizeBytes, double clockGHz) {
    if (points.empty()) return std::nullopt;
    std::vector<double> latencies;
    for (const LatencyPoint& point : points) latencies.push_back(point.nanosecondsPerLoad);
    LevelLatency level{std::move(name),
                       sizeBytes,
                       median(latencies),
                       0.0,
                       points.front().workingSetBytes,
                       points.back().workingSetBytes};
    level.cycles = clockGHz > 0.0 ? level.nanoseconds * clockGHz : 0.0;
    return level;
}

std::vector<LevelLatency> plateausFromTopology(std::span<const LatencyPoint> curve,
                                               const std::vector<CacheInfo>& caches,
                                               double clockGHz) {
    std::vector<LevelLatency> levels;
    std::uint64_t previousSize = 0;
    for (const CacheInfo& cache : caches) {
        const std::uint64_t from = previousSize * kMarginFactor;
        const std::uint64_t to = cache.sizeBytes / kMarginFactor;
        const std::string name = concat("L", std::to_string(cache.level));
        const auto flat = flattestRun(pointsBetween(curve, from, to));
        if (auto level = plateauOf(flat, name, cache.sizeBytes, clockGHz)) {
            levels.push_back(*level);
        }
        previousSize = cache.sizeBytes;
    }
    const std::uint64_t dramFrom = previousSize * kDramFactor;
    // All of DRAM's points: its latency grows slowly with the working set (more TLB misses and
    // DRAM pages) and there is no further level to climb to.
    if (auto level = plateauOf(pointsBetween(curve, dramFrom, UINT64_MAX), "DRAM", 0, clockGHz)) {
        levels.push_back(*level);
    }
    return levels;
}

std::vector<LevelLatency> plateausFromCurve(std::span<const LatencyPoint> curve, double clockGHz) {
    // Runs of consecutive points within kRunTolerance of the run's fastest point.
    std::vector<std::pair<std::size_t, std::size_t>> runs;  // [first, last] indices
    for (std::size_t index = 0; index < curve.size(); ++index) {
        if (!runs.empty()) {
            const auto [first, last] = runs.back();
            double fastest = curve[first].nanosecondsPerLoad;
            for (std::size_t member = first; member <= last; ++member) {
                fastest = std::min(fastest, curve[member].nanosecondsPerLoad);
            }
            if (curve[index].nanosecondsPerLoad <= fastest * kRunTolerance) {
                runs.back().second = index;
                continue;
            }
        }
        runs.emplace_back(index, index);
    }
    const std::size_t minPoints =
        curve.size() < kShortCurvePoints ? kMinRunPointsShortCurve : kMinRunPoints;
    std::erase_if(runs, [&](const auto& run) { return run.second - run.first + 1 < minPoints; });
    std::vector<LevelLatency> levels;
    for (std::size_t number = 0; number < runs.size(); ++number) {
        const auto [first, last] = runs[number];
        const std::uint64_t from = curve[first].workingSetBytes;
        const std::uint64_t to = curve[last].workingSetBytes;
        const bool isMemory = number + 1 == runs.size() && number > 0 && to >= kDramGuessBytes;
        const std::string name = isMemory ? "DRAM" : concat("L", std::to_string(number + 1));
        if (auto level =
                plateauOf(pointsBetween(curve, from, to), name, isMemory ? 0 : to, clockGHz)) {
            levels.push_back(*level);
        }
    }
    return levels;
}

}  // namespace

std::vector<LevelLatency> findLatencyPlateaus(std::span<const LatencyPoint> curve,
                                              const CacheTopology& topology, double clockGHz) {
    const std::vector<CacheInfo> caches = topology.dataCaches();
    return caches.empty() ? plateausFromCurve(curve, clockGHz)
                          : plateausFromTopology(curve, caches, clockGHz);
}

std::vector<std::uint64_t> ladderWorkingSets(const CacheTopology& topology) {
    const std::vector<CacheInfo> caches = topology.dataCaches();
    if (caches.empty()) {
        return {16 * kKibibyte, 256 * kKibibyte, 8 * kMebibyte, kLadderDramBytes};
    }
    std::vector<std::uint64_t> sizes;
    for (const CacheInfo& cache : caches) sizes.push_back(cache.sizeBytes / kLadderShareDivisor);
    sizes.push_back(std::max(kLadderDramBytes, caches.back().sizeBytes * kLadderDramFactor));
    return sizes;
}

}  // namespace mlsyslab::memory
