#include "memory/LatencyProbe.h"

#include <algorithm>
#include <cmath>

#include "common/Concat.h"
#include "memory/PointerChase.h"
#include "memory/ProbeBuffer.h"
#include "memory/ProbeTimer.h"

namespace mlsyslab::memory {

namespace {

// Loads between two looks at the clock and the cancel flag: 65 µs in L1, about 10 ms in DRAM
// (20 ms with TLB misses), so Cancel is answered well within 100 ms, and the clock's own cost
// (a system call, under a microsecond) stays below 1 % even in L1.
constexpr std::uint64_t kLoadsPerChunk = 1 << 16;
constexpr std::uint64_t kShareOfFreeMemory = 4;

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    const std::size_t middle = values.size() / 2;
    return values.size() % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2.0;
}

struct TimedRun {
    double nanosecondsPerLoad = 0.0;
    bool cancelled = false;
};

// Chases until both minimums are met, in chunks, looking at the cancel flag after each chunk.
// `cursor` carries the chase on from run to run. Timed in the thread's CPU time (ProbeTimer.h).
TimedRun timeRun(const void*& cursor, std::uint64_t minLoads, double minMilliseconds,
                 const ProbeControl& control) {
    std::uint64_t loads = 0;
    const double start = threadCpuNanoseconds();
    const double minNanoseconds = minMilliseconds * 1e6;
    double elapsed = 0.0;
    while (loads < minLoads || elapsed < minNanoseconds) {
        cursor = chasePointers(cursor, kLoadsPerChunk);
        loads += kLoadsPerChunk;
        elapsed = threadCpuNanoseconds() - start;
        if (control.cancelled()) return {0.0, true};
    }
    return {elapsed / double(loads), false};
}

// Walks the chain once without timing (up to a run's worth of loads), so that a working set
// that fits in a cache is in it before the clock starts. False when cancelled.
bool warmUp(const void*& cursor, std::uint64_t loads, const ProbeControl& control) {
    for (std::uint64_t done = 0; done < loads; done += kLoadsPerChunk) {
        cursor = chasePointers(cursor, kLoadsPerChunk);
        if (control.cancelled()) return false;
    }
    return true;
}

// At least a pointer, and a whole number of pointers.
std::uint32_t nodeBytesOf(const LatencyProbeOptions& options) {
    constexpr auto kPointerBytes = std::uint32_t(sizeof(void*));
    return std::max(options.nodeBytes, kPointerBytes) / kPointerBytes * kPointerBytes;
}

std::uint64_t roundToNodes(double bytes, std::uint32_t nodeBytes) {
    const auto nodes = std::uint64_t(std::llround(bytes / nodeBytes));
    return std::max<std::uint64_t>(2, nodes) * nodeBytes;
}

}  // namespace

LatencyProbeOptions quickLatencyProbeOptions() {
    LatencyProbeOptions options;
    options.maxWorkingSetBytes = 128 * kMebibyte;
    options.pointsPerOctave = 2;
    options.runs = 3;
    options.minLoadsPerRun = 1 << 16;
    options.minRunMilliseconds = 5.0;
    return options;
}

std::vector<std::uint64_t> latencyWorkingSets(const LatencyProbeOptions& options) {
    const std::uint32_t nodeBytes = nodeBytesOf(options);
    std::vector<std::uint64_t> sizes;
    if (!options.workingSets.empty()) {
        for (const std::uint64_t size : options.workingSets) {
            sizes.push_back(roundToNodes(double(size), nodeBytes));
        }
    } else {
        const double smallest = double(std::max<std::uint64_t>(options.minWorkingSetBytes, 1));
        const double largest = double(options.maxWorkingSetBytes);
        const int perOctave = std::max(1, options.pointsPerOctave);
        // Points at smallest * 2^(k / perOctave), up to the largest (which is always included).
        for (int step = 0;; ++step) {
            const double size = smallest * std::exp2(double(step) / perOctave);
            if (size > largest * (1.0 + 1e-9)) break;
            sizes.push_back(roundToNodes(size, nodeBytes));
        }
        if (largest >= smallest) sizes.push_back(roundToNodes(largest, nodeBytes));
    }
    std::sort(sizes.begin(), sizes.end());
    sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
    return sizes;
}

std::uint64_t latencyProbeMemoryLimitBytes() { return availableMemoryBytes() / kShareOfFreeMemory; }

LatencyCurve measureLatencyCurve(const LatencyProbeOptions& options, const ProbeControl& control,
                                 const std::function<void(const LatencyPoint&)>& pointMeasured) {
    LatencyCurve curve;
    std::vector<std::uint64_t> sizes = latencyWorkingSets(options);
    const std::uint32_t nodeBytes = nodeBytesOf(options);
    if (const std::uint64_t limit = latencyProbeMemoryLimitBytes(); limit > 0) {
        std::erase_if(sizes, [&](std::uint64_t size) { return size > limit; });
    }
    control.report(0.0, sizes.empty() ? 0 : sizes.front());
    if (sizes.empty()) {
        curve.error = "not enough free memory for the smallest working set";
        return curve;
    }
    ProbeBuffer buffer(sizes.back());
    if (buffer.empty()) {
        curve.error = concat("could not allocate ", std::to_string(sizes.back()),
                             " bytes for the largest working set");
        return curve;
    }
    const int runs = std::max(1, options.runs);
    for (std::size_t index = 0; index < sizes.size(); ++index) {
        const std::uint64_t size = sizes[index];
        const auto nodes = std::uint32_t(size / nodeBytes);
        const auto pointFraction = [&](double withinPoint) {
            return (double(index) + withinPoint) / double(sizes.size());
        };
        control.report(pointFraction(0.0), size);
        if (!buildPointerChain(buffer.data(), nodeBytes, nodes, options.seed + index, control)) {
            curve.cancelled = true;
            break;
        }
        const void* cursor = buffer.data();
        if (!warmUp(cursor, std::min<std::uint64_t>(nodes, options.minLoadsPerRun), control)) {
            curve.cancelled = true;
            break;
        }
        std::vector<double> timings;
        for (int run = 0; run < runs; ++run) {
            const TimedRun timed =
                timeRun(cursor, options.minLoadsPerRun, options.minRunMilliseconds, control);
            if (timed.cancelled) break;
            timings.push_back(timed.nanosecondsPerLoad);
            control.report(pointFraction(double(run + 1) / runs), size);
        }
        keepChaseResult(cursor);
        if (int(timings.size()) < runs) {
            curve.cancelled = true;
            break;
        }
        const LatencyPoint point{size, median(timings)};
        curve.points.push_back(point);
        if (pointMeasured) pointMeasured(point);
    }
    if (!curve.cancelled) control.report(1.0, sizes.back());
    return curve;
}

}  // namespace mlsyslab::memory
