#include "matmul/GemmBlocking.h"

#include <algorithm>

#include "memory/CacheTopology.h"

namespace mlsyslab::matmul {

namespace {

std::int64_t roundUp(std::int64_t value, std::int64_t multiple) {
    return (std::max<std::int64_t>(value, 1) + multiple - 1) / multiple * multiple;
}

std::int64_t roundDown(std::int64_t value, std::int64_t multiple) {
    return std::max<std::int64_t>(value / multiple, 1) * multiple;
}

}  // namespace

CacheSizes thisMachineCacheSizes() {
    // Read once: the caches do not change while the program runs.
    static const CacheSizes machine = [] {
        CacheSizes sizes;
        for (const memory::CacheInfo& cache : memory::readCacheTopology().dataCaches()) {
            if (cache.sizeBytes == 0) continue;
            if (cache.level == 1) sizes.l1DataBytes = cache.sizeBytes;
            if (cache.level == 3) sizes.l3Bytes = cache.sizeBytes;
        }
        return sizes;
    }();
    return machine;
}

GemmBlocking chooseBlocking(const MicroKernel& kernel, const CacheSizes& caches) {
    constexpr std::int64_t floatBytes = sizeof(float);
    GemmBlocking blocking;
    // KC: the micro-kernel's A sliver (MR × KC floats) is read again for every NR columns of
    // the panel, so it should stay in L1. It may take 3/4 of it: the B sliver only streams
    // through (one 128-byte row per k) and needs little room. Zen 4: 32 KiB · 3/4 / (12 · 4 B)
    // = 512. A long KC also means few passes over C (C is loaded and stored K/KC times) and few
    // barriers between threads. Measured at N = 2048 on 2 threads: KC = 384 about 3 % slower,
    // 768 and 1024 no faster.
    blocking.depthPerPanel =
        roundDown(std::int64_t(caches.l1DataBytes) * 3 / 4 / (kernel.rows * floatBytes), 64);
    // NC: the packed B panel (KC × NC floats) is streamed past every A sliver. Taken from L2
    // or L3, it is a forward stream the prefetcher keeps ahead of, so it need not fit L2; what
    // costs is a narrow panel, because every panel of NC columns repacks all of A. So the panel
    // takes up to half the last-level cache, the other half left to A, C and the other
    // programs: 32 MiB / 2 / (512 · 4 B) = 8192 columns, wider than any matrix we time.
    // Measured: NC = 256 (a panel in half of L2) was about 10 % slower at N = 2048.
    blocking.columnsPerPanel = roundDown(
        std::int64_t(caches.l3Bytes) / 2 / (blocking.depthPerPanel * floatBytes), kernel.columns);
    // MC: rows per task. The A block (MC × KC) is used one sliver at a time, so MC is no cache
    // question: it sets how finely the rows are shared out between threads (2048 rows on 2
    // threads: 22 tasks of 84 or 96 rows, and a thread slowed by another program takes fewer)
    // and how often `cancel` is looked at (a task is 2 · 96 · 512 · N flops: about 2 ms at
    // N = 2048).
    blocking.rowsPerBlock = roundDown(96, kernel.rows);
    return alignBlocking(blocking, kernel);
}

GemmBlocking alignBlocking(const GemmBlocking& blocking, const MicroKernel& kernel) {
    GemmBlocking aligned;
    aligned.rowsPerBlock = roundUp(blocking.rowsPerBlock, kernel.rows);
    aligned.depthPerPanel = std::max<std::int64_t>(blocking.depthPerPanel, 1);
    aligned.columnsPerPanel = roundUp(blocking.columnsPerPanel, kernel.columns);
    return aligned;
}

}  // namespace mlsyslab::matmul
