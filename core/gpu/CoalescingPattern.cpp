#include "gpu/CoalescingPattern.h"

#include <algorithm>
#include <array>
#include <random>

namespace mlsyslab::gpu {

namespace {

using Kind = CoalescingPatternKind;

}  // namespace

const std::vector<std::string>& coalescingPatternNames() {
    static const std::vector<std::string> names = {"sequential",  "misaligned", "stride-2",
                                                   "column",      "reversed",   "broadcast",
                                                   "permutation", "custom",     "addresses"};
    return names;
}

std::string_view coalescingPatternName(CoalescingPatternKind kind) {
    return coalescingPatternNames()[static_cast<std::size_t>(kind)];
}

std::optional<CoalescingPatternKind> coalescingPatternKindNamed(std::string_view name) {
    const auto& names = coalescingPatternNames();
    const auto found = std::find(names.begin(), names.end(), name);
    if (found == names.end()) return std::nullopt;
    return static_cast<CoalescingPatternKind>(found - names.begin());
}

std::string_view coalescingPatternReads(CoalescingPatternKind kind) {
    switch (kind) {
        case Kind::Sequential:
            return "element i";
        case Kind::Misaligned:
            return "element 1 + i (one element late)";
        case Kind::Stride2:
            return "element 2i";
        case Kind::Column:
            return "element i * row_length: row i of a row-major tile";
        case Kind::Reversed:
            return "element (lanes - 1) - i";
        case Kind::Broadcast:
            return "element 0, every lane";
        case Kind::Permutation:
            return "element p(i), p a shuffle of 0..31 (Fisher-Yates with std::mt19937_64(seed))";
        case Kind::Custom:
            return "element offset + i * stride";
        case Kind::Addresses:
            return "byte address addresses[i]";
    }
    return {};
}

std::optional<StrideAndOffset> strideAndOffsetOf(const CoalescingPattern& pattern) {
    switch (pattern.kind) {
        case Kind::Sequential:
            return StrideAndOffset{1, 0};
        case Kind::Misaligned:
            return StrideAndOffset{1, 1};
        case Kind::Stride2:
            return StrideAndOffset{2, 0};
        case Kind::Column:
            return StrideAndOffset{pattern.rowLength, 0};
        case Kind::Reversed:
            // Lane 0 reads the last of the active lanes' elements, so a partial warp stays
            // inside the array too.
            return StrideAndOffset{-1, pattern.lanes - 1};
        case Kind::Broadcast:
            return StrideAndOffset{0, 0};
        case Kind::Custom:
            return StrideAndOffset{pattern.stride, pattern.offset};
        case Kind::Permutation:
        case Kind::Addresses:
            return std::nullopt;
    }
    return std::nullopt;
}

std::vector<std::int64_t> permutedElements(std::uint64_t seed) {
    std::vector<std::int64_t> elements(kWarpLanes);
    for (int lane = 0; lane < kWarpLanes; ++lane) elements[static_cast<std::size_t>(lane)] = lane;
    // Fisher-Yates by hand: std::shuffle's algorithm differs between standard libraries, and a
    // lesson's "seed: 3" must show the same order everywhere.
    std::mt19937_64 generator(seed);
    for (std::size_t last = elements.size() - 1; last > 0; --last) {
        const std::size_t pick = static_cast<std::size_t>(generator() % (last + 1));
        std::swap(elements[last], elements[pick]);
    }
    return elements;
}

std::vector<std::int64_t> laneAddresses(const CoalescingPattern& pattern) {
    std::vector<std::int64_t> addresses;
    if (pattern.kind == Kind::Addresses) return pattern.addresses;
    const int lanes = std::clamp(pattern.lanes, 1, kWarpLanes);
    const std::vector<std::int64_t> permuted = pattern.kind == Kind::Permutation
                                                   ? permutedElements(pattern.seed)
                                                   : std::vector<std::int64_t>{};
    const StrideAndOffset strided = strideAndOffsetOf(pattern).value_or(StrideAndOffset{});
    for (int lane = 0; lane < lanes; ++lane) {
        const std::int64_t element = pattern.kind == Kind::Permutation
                                         ? permuted[static_cast<std::size_t>(lane)]
                                         : strided.offset + lane * strided.stride;
        addresses.push_back(element * pattern.elementBytes);
    }
    return addresses;
}

Result<CoalescingResult> coalesce(const CoalescingPattern& pattern) {
    if (const auto strided = strideAndOffsetOf(pattern)) {
        return coalesceStrided(pattern.elementBytes, strided->stride, strided->offset,
                               pattern.lanes);
    }
    return coalesceAddresses(pattern.elementBytes, laneAddresses(pattern));
}

}  // namespace mlsyslab::gpu
