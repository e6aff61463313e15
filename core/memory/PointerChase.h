#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "memory/ProbeControl.h"

namespace mlsyslab::memory {

// The heart of the latency probe: a chain of pointers through a working set, visited in a
// random order, so that every load needs the address the previous load returned.
// - Dependent loads: the core cannot start load n+1 before load n has delivered, so the time
//   per load is the full load-to-use latency of wherever the line is, not a throughput.
// - Random order: no stride for the hardware prefetchers to detect, so they cannot hide the
//   latency by fetching ahead.
// - One single cycle through every node: the walk visits the whole working set before it
//   repeats, so its footprint is the working set and not a small loop inside it.

// A permutation of 0..count-1 that is one cycle through all of them (follow i -> next[i] from
// any start and you visit every index before you return), drawn uniformly among such cycles by
// Sattolo's algorithm (1986) from a seeded generator: the same (count, seed) gives the same
// permutation on every platform. count 1 gives {0}; count 0 gives {}.
std::vector<std::uint32_t> singleCyclePermutation(std::uint32_t count, std::uint64_t seed);

// The chain laid out in memory: nodes `nodeBytes` apart from `base`, node i holding the address
// of node next[i] in its first bytes. `nodeBytes` is at least a pointer and a multiple of it;
// 64 (a cache line on x86-64 and most ARM cores) puts every node on a line of its own, so every
// load touches a new line. Returns false (and the chain is unusable) when cancelled.
bool buildPointerChain(std::byte* base, std::uint32_t nodeBytes, std::uint32_t nodeCount,
                       std::uint64_t seed, const ProbeControl& control);

// Follows `loads` pointers from `start` and returns where it stopped (the next start): a chain
// of dependent loads the compiler may not remove, since the result is used.
const void* chasePointers(const void* start, std::uint64_t loads);

// Keeps a chase's end point alive past the optimiser; callers store their last pointer here.
void keepChaseResult(const void* end);

}  // namespace mlsyslab::memory
