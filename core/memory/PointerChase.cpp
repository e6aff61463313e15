#include "memory/PointerChase.h"

#include <atomic>
#include <numeric>

namespace mlsyslab::memory {

namespace {

// SplitMix64 (Steele, Lea and Flood, 2014): tiny, fast and fully specified, so a seed gives the
// same shuffle everywhere (std::uniform_int_distribution is implementation-defined).
class SplitMix64 {
public:
    explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next() {
        std::uint64_t value = (state_ += 0x9E3779B97F4A7C15ULL);
        value = (value ^ (value >> 30)) * 0xBF58476D1CE4E5B9ULL;
        value = (value ^ (value >> 27)) * 0x94D049BB133111EBULL;
        return value ^ (value >> 31);
    }
    // A number in [0, bound): Lemire's multiply-shift (2019). Its bias, below 2^-32 for the
    // bounds used here, does not matter to a latency probe.
    std::uint32_t below(std::uint32_t bound) {
        return std::uint32_t((std::uint64_t(std::uint32_t(next() >> 32)) * bound) >> 32);
    }

private:
    std::uint64_t state_;
};

// How often the long loops look at the cancel flag: a few milliseconds of work at most.
constexpr std::uint32_t kShuffleStepsBetweenChecks = 1 << 16;
constexpr std::uint32_t kLinksBetweenChecks = 1 << 18;

std::atomic<const void*> chaseSink{nullptr};

// Sattolo: like Fisher-Yates, but j is drawn strictly below i, which never lets an element stay
// in place and joins everything into one cycle. Checks for cancel as it goes: a 512 MiB working
// set has eight million nodes and takes about a second to shuffle. False when cancelled.
bool shuffleIntoOneCycle(std::vector<std::uint32_t>& next, std::uint64_t seed,
                         const ProbeControl& control) {
    std::iota(next.begin(), next.end(), 0u);
    SplitMix64 random(seed);
    for (auto index = std::uint32_t(next.size()); index > 1; --index) {
        if (index % kShuffleStepsBetweenChecks == 0 && control.cancelled()) return false;
        const std::uint32_t last = index - 1;
        std::swap(next[last], next[random.below(last)]);
    }
    return true;
}

}  // namespace

std::vector<std::uint32_t> singleCyclePermutation(std::uint32_t count, std::uint64_t seed) {
    std::vector<std::uint32_t> next(count);
    shuffleIntoOneCycle(next, seed, ProbeControl{});
    return next;
}

bool buildPointerChain(std::byte* base, std::uint32_t nodeBytes, std::uint32_t nodeCount,
                       std::uint64_t seed, const ProbeControl& control) {
    std::vector<std::uint32_t> next(nodeCount);
    if (!shuffleIntoOneCycle(next, seed, control)) return false;
    for (std::uint32_t node = 0; node < nodeCount; ++node) {
        if (node % kLinksBetweenChecks == 0 && control.cancelled()) return false;
        std::byte* target = base + std::uint64_t(next[node]) * nodeBytes;
        *reinterpret_cast<std::byte**>(base + std::uint64_t(node) * nodeBytes) = target;
    }
    return true;
}

// Not inlined, so that the loop is compiled the same way wherever it is called from.
[[gnu::noinline]] const void* chasePointers(const void* start, std::uint64_t loads) {
    const void* const* pointer = static_cast<const void* const*>(start);
    // Eight loads per trip keep the loop's own counter out of the measurement; every load's
    // address is the value the previous load returned.
    std::uint64_t trips = loads / 8;
    for (; trips > 0; --trips) {
        pointer = static_cast<const void* const*>(*pointer);
        pointer = static_cast<const void* const*>(*pointer);
        pointer = static_cast<const void* const*>(*pointer);
        pointer = static_cast<const void* const*>(*pointer);
        pointer = static_cast<const void* const*>(*pointer);
        pointer = static_cast<const void* const*>(*pointer);
        pointer = static_cast<const void* const*>(*pointer);
        pointer = static_cast<const void* const*>(*pointer);
    }
    for (std::uint64_t left = loads % 8; left > 0; --left) {
        pointer = static_cast<const void* const*>(*pointer);
    }
    return pointer;
}

void keepChaseResult(const void* end) { chaseSink.store(end, std::memory_order_relaxed); }

}  // namespace mlsyslab::memory
