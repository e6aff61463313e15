#pragma once

#include <cstdint>

#include "matmul/MicroKernel.h"

namespace mlsyslab::matmul {

// The block sizes of the packed multiplication (PackedGemm.h): how much of A, B and C each
// loop level works on, chosen so that what a loop reuses stays in the cache level it fits.
struct GemmBlocking {
    std::int64_t rowsPerBlock = 0;     // MC: rows of A and C per task, a multiple of MR
    std::int64_t depthPerPanel = 0;    // KC: values of k per packed panel
    std::int64_t columnsPerPanel = 0;  // NC: columns of B and C per packed panel, a multiple of NR
};

// The caches the blocking is computed from, in bytes: L1 data per core, and the last level as
// the system lists it (shared by the cores). L2 sets no size: with this loop order the packed B
// panel streams from L2 or L3 alike (GemmBlocking.cpp).
struct CacheSizes {
    std::uint64_t l1DataBytes = 32 * 1024;
    std::uint64_t l3Bytes = 8 * 1024 * 1024;
};

// This machine's data caches (core/memory's sysfs reader); the defaults above for a level the
// system does not describe.
CacheSizes thisMachineCacheSizes();

// The blocking for `kernel` on caches of these sizes (the arithmetic is in GemmBlocking.cpp and
// docs/matmul-cpu.md).
GemmBlocking chooseBlocking(const MicroKernel& kernel, const CacheSizes& caches);

// `blocking` made usable by `kernel`: every size at least 1, MC a multiple of MR and NC a
// multiple of NR (rounded up).
GemmBlocking alignBlocking(const GemmBlocking& blocking, const MicroKernel& kernel);

}  // namespace mlsyslab::matmul
