#include "memory/BandwidthProbe.h"

#include <algorithm>
#include <chrono>
#include <thread>
#include <vector>

#include "common/Concat.h"
#include "memory/ProbeBuffer.h"

namespace mlsyslab::memory {

namespace {

using Clock = std::chrono::steady_clock;

constexpr std::uint64_t kMinArrayBytes = 64 * 1024 * 1024;
constexpr std::uint64_t kCacheFactor = 4;
constexpr std::uint64_t kStreams = 3;  // STREAM's count for the triad: b and c read, a written
constexpr double kScalar = 3.0;        // STREAM's s
// Elements between two looks at the cancel flag: 8 MiB of each array, a few milliseconds.
constexpr std::uint64_t kElementsPerBlock = 1 << 20;
// The probe keeps to half of the free memory.
constexpr std::uint64_t kShareOfFreeMemory = 2;

struct Arrays {
    double* a = nullptr;
    double* b = nullptr;
    double* c = nullptr;
};

// One thread's slice [begin, end), in blocks; false when cancelled.
bool triadSlice(const Arrays& arrays, std::uint64_t begin, std::uint64_t end,
                const ProbeControl& control) {
    for (std::uint64_t block = begin; block < end; block += kElementsPerBlock) {
        if (control.cancelled()) return false;
        const std::uint64_t blockEnd = std::min(end, block + kElementsPerBlock);
        double* a = arrays.a;
        const double* b = arrays.b;
        const double* c = arrays.c;
        for (std::uint64_t index = block; index < blockEnd; ++index)
            a[index] = b[index] + kScalar * c[index];
    }
    return true;
}

bool fillSlice(const Arrays& arrays, std::uint64_t begin, std::uint64_t end,
               const ProbeControl& control) {
    for (std::uint64_t block = begin; block < end; block += kElementsPerBlock) {
        if (control.cancelled()) return false;
        const std::uint64_t blockEnd = std::min(end, block + kElementsPerBlock);
        std::fill(arrays.a + block, arrays.a + blockEnd, 0.0);
        std::fill(arrays.b + block, arrays.b + blockEnd, 1.0);
        std::fill(arrays.c + block, arrays.c + blockEnd, 2.0);
    }
    return true;
}

// Runs `work(begin, end)` on `threads` threads over equal slices of `elements`; false when any
// slice was cancelled. One thread runs on the caller's.
template <typename Work>
bool onSlices(unsigned threads, std::uint64_t elements, const Work& work) {
    std::vector<char> finished(threads, 0);
    const auto slice = [&](unsigned thread) {
        const std::uint64_t begin = elements * thread / threads;
        const std::uint64_t end = elements * (thread + 1) / threads;
        finished[thread] = work(begin, end) ? 1 : 0;
    };
    std::vector<std::thread> helpers;
    for (unsigned thread = 1; thread < threads; ++thread) helpers.emplace_back(slice, thread);
    slice(0);
    for (std::thread& helper : helpers) helper.join();
    return std::all_of(finished.begin(), finished.end(), [](char done) { return done != 0; });
}

}  // namespace

std::uint64_t streamArrayBytes(const CacheTopology& topology) {
    std::uint64_t largestCache = 0;
    for (const CacheInfo& cache : topology.caches) {
        largestCache = std::max(largestCache, cache.sizeBytes);
    }
    return std::max(kMinArrayBytes, kCacheFactor * largestCache);
}

BandwidthResult measureTriadBandwidth(const BandwidthProbeOptions& options,
                                      const ProbeControl& control) {
    BandwidthResult result;
    result.threads =
        options.threads != 0 ? options.threads : std::max(1u, std::thread::hardware_concurrency());
    const std::uint64_t elements = std::max<std::uint64_t>(options.arrayBytes / sizeof(double), 1);
    result.arrayBytes = elements * sizeof(double);
    control.report(0.0, result.arrayBytes);
    const std::uint64_t free = availableMemoryBytes();
    if (free > 0 && kStreams * result.arrayBytes > free / kShareOfFreeMemory) {
        result.error = concat("not enough free memory for three arrays of ",
                              std::to_string(result.arrayBytes), " bytes");
        return result;
    }
    ProbeBuffer a(result.arrayBytes), b(result.arrayBytes), c(result.arrayBytes);
    if (a.empty() || b.empty() || c.empty()) {
        result.error = concat("could not allocate three arrays of ",
                              std::to_string(result.arrayBytes), " bytes");
        return result;
    }
    const Arrays arrays{reinterpret_cast<double*>(a.data()), reinterpret_cast<double*>(b.data()),
                        reinterpret_cast<double*>(c.data())};
    const auto fill = [&](std::uint64_t begin, std::uint64_t end) {
        return fillSlice(arrays, begin, end, control);
    };
    const auto triad = [&](std::uint64_t begin, std::uint64_t end) {
        return triadSlice(arrays, begin, end, control);
    };
    const int runs = std::max(1, options.runs);
    // Filling the arrays takes about as long as a run: it counts as one more step.
    if (!onSlices(result.threads, elements, fill)) {
        result.cancelled = true;
        return result;
    }
    control.report(1.0 / (runs + 1), result.arrayBytes);
    std::vector<double> rates;
    for (int run = 0; run < runs; ++run) {
        const Clock::time_point start = Clock::now();
        if (!onSlices(result.threads, elements, triad)) {
            result.cancelled = true;
            return result;
        }
        const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
        rates.push_back(double(kStreams * result.arrayBytes) / seconds / 1e9);
        control.report(double(run + 2) / (runs + 1), result.arrayBytes);
    }
    std::sort(rates.begin(), rates.end());
    result.bestGBps = rates.back();
    result.medianGBps = rates.size() % 2 == 1
                            ? rates[rates.size() / 2]
                            : (rates[rates.size() / 2 - 1] + rates[rates.size() / 2]) / 2.0;
    return result;
}

}  // namespace mlsyslab::memory
